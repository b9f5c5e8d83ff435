/**
 * A vendor's HTTP answer that is not a success, in the vendor's own words: its status, the
 * message its error body carries, and for a 429 (or a 503) how long it asked us to wait.
 */
/** How long one vendor call may take before it counts as failed (and is tried again later). */
export const VENDOR_TIMEOUT_MS = 20_000

export class VendorError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds the vendor asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds: number | null,
    /** The error body as the vendor sent it (parsed JSON, or text). */
    readonly body: unknown = null,
  ) {
    super(message)
    this.name = 'VendorError'
  }

  /** The access token was refused (expired or revoked): refresh once, then ask for a reconnect. */
  get unauthorized() {
    return this.status === 401
  }

  /** Worth trying again later (rate limit, the vendor's own trouble), not a refusal of what we sent. */
  get transient() {
    return this.status === 429 || this.status >= 500
  }

  /** OAuth's refusal of a grant or refresh token (RFC 6749 5.2): only a new consent helps. */
  get grantRefused() {
    const code = (this.body as { error?: unknown } | null)?.error
    return this.status === 400 && (code === 'invalid_grant' || code === 'invalid_client')
  }
}

/** Retry-After as seconds: a number of seconds, or an HTTP date; null when absent or unreadable. */
export const retryAfterSeconds = (value: string | null, now = Date.now()): number | null => {
  if (value === null || value.trim() === '') return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/** The message a vendor's error body gives, whichever of the usual shapes it has. */
export const vendorMessage = (body: unknown, status: number): string => {
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 500)
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>
    // Intuit: { Fault: { Error: [{ Message, Detail, code }] } }, or at its gateway (401) lower-case.
    type IntuitError = { Message?: string; Detail?: string; message?: string; detail?: string }
    const fault = (b.Fault ?? b.fault) as { Error?: IntuitError[]; error?: IntuitError[] } | undefined
    const first = (fault?.Error ?? fault?.error)?.[0]
    if (first) return [first.Message ?? first.message, first.Detail ?? first.detail].filter(Boolean).join(': ')
    // OAuth (RFC 6749 5.2)
    if (typeof b.error_description === 'string') return b.error_description
    if (typeof b.error === 'string') return b.error
    // Gusto: { errors: [{ message }] }; JSON:API (Planning Center): { errors: [{ title, detail }] }
    const errors = b.errors as { message?: string; title?: string; detail?: string }[] | undefined
    if (Array.isArray(errors) && errors[0])
      return [errors[0].message ?? errors[0].title, errors[0].detail].filter(Boolean).join(': ')
    if (typeof b.message === 'string') return b.message
  }
  return `HTTP ${status}`
}

/** The VendorError of a failed answer (its body read as JSON when it is, else as text). */
export const vendorErrorOf = async (res: Response): Promise<VendorError> => {
  const text = await res.text().catch(() => '')
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // not JSON: keep the text
  }
  return new VendorError(
    res.status,
    vendorMessage(body, res.status),
    retryAfterSeconds(res.headers.get('retry-after')),
    body,
  )
}

/**
 * fetch, with a vendor that cannot be reached (refused, reset, timed out) as a transient
 * VendorError: the caller tries again later, and the API answers 503, not 500.
 */
export const vendorFetch = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, { signal: AbortSignal.timeout(VENDOR_TIMEOUT_MS), ...init })
  } catch (e) {
    const reason = e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e)
    throw new VendorError(503, `The vendor could not be reached (${reason})`, null)
  }
}

export interface VendorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  accessToken: string
  body?: unknown
  headers?: Record<string, string>
}

/** One authenticated JSON call of a vendor's API: its JSON answer, or a VendorError. */
export const vendorJson = async <T = unknown>(req: VendorRequest): Promise<T> => {
  const res = await vendorFetch(req.url, {
    method: req.method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${req.accessToken}`,
      ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...req.headers,
    },
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
  })
  if (!res.ok) throw await vendorErrorOf(res)
  const text = await res.text()
  return (text ? JSON.parse(text) : null) as T
}
