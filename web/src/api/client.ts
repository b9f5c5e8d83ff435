import type { QueryFunction } from '@tanstack/react-query'

/**
 * A non-2xx answer. Its message is `${status}: ${body text or status text}` (spec section 7), so
 * code that only looks at the message (isUnauthorizedError) keeps working.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`)
    this.name = 'ApiError'
  }
}

/** fetch itself failed: the server could not be reached. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Unable to connect to the server. Please try again.', { cause })
    this.name = 'NetworkError'
  }
}

const throwIfNotOk = async (res: Response) => {
  if (res.ok) return
  const body = (await res.text().catch(() => '')).trim()
  throw new ApiError(res.status, body, res.statusText)
}

const send = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, { ...init, credentials: 'include' })
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e
    throw new NetworkError(e)
  }
}

/**
 * One call to the API. Non-GET requests always send JSON: the server refuses state-changing
 * requests without `Content-Type: application/json` (CSRF guard, DESIGN.md section 3).
 */
export async function apiRequest(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const isRead = method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD'
  const res = await send(url, {
    method,
    signal,
    headers: isRead ? undefined : { 'Content-Type': 'application/json' },
    body: isRead ? undefined : JSON.stringify(body ?? {}),
  })
  await throwIfNotOk(res)
  return res
}

/** apiRequest, then the JSON body (or null when the answer has none). */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body)
  const text = await res.text()
  return (text ? JSON.parse(text) : null) as T
}

export const isUnauthorizedError = (error: unknown): boolean =>
  error instanceof Error && /^401: .*Unauthorized/.test(error.message)

export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError

/**
 * The human message of a failed call, for toasts and forms: the `message` of the server's JSON
 * error body ({"message": "...", "fields": {...}}), else a short plain-text body, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return error.message
  if (!(error instanceof Error)) return fallback
  const body = error instanceof ApiError ? error.body : /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1]
  if (!body) return fallback
  try {
    const parsed: unknown = JSON.parse(body)
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || fallback
    }
    return fallback
  } catch {
    // Plain text is shown only when it is short and not a page of HTML.
    return body.length <= 200 && !body.startsWith('<') ? body : fallback
  }
}

/** The validation messages of a 400 answer ({"fields": {"username": "..."}}), by field name. */
export function errorFields(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {}
  try {
    const parsed: unknown = JSON.parse(error.body)
    if (
      parsed &&
      typeof parsed === 'object' &&
      'fields' in parsed &&
      parsed.fields &&
      typeof parsed.fields === 'object'
    ) {
      return Object.fromEntries(Object.entries(parsed.fields).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >
    }
  } catch {
    // not JSON: no field messages
  }
  return {}
}

/** Reads use the first query key as the URL (spec section 7). */
export const getQueryFn =
  <T>({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction<T> =>
  async ({ queryKey, signal }) => {
    const url = String(queryKey[0])
    try {
      const res = await apiRequest('GET', url, undefined, signal)
      return (await res.json()) as T
    } catch (e) {
      if (on401 === 'returnNull' && e instanceof ApiError && e.status === 401) return null as T
      throw e
    }
  }
