import { queryOptions, type QueryFunction, type QueryKey } from '@tanstack/react-query'
import i18next from 'i18next'
import { parseLongDate } from '@app/core'
import type { MessageKey } from '@app/i18n'
import { formatDate } from '../lib/format.ts'
import { isOnline } from '../offline/connection.ts'
import { campusKey } from './keys.ts'

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
  // The server's messages come as codes of the `errors` catalogue: it is loaded (once) before the
  // error reaches a screen, so `errorMessage` can say it in the reader's language at once.
  await i18next.loadNamespaces('errors').catch(() => undefined)
  throw new ApiError(res.status, body, res.statusText)
}

/**
 * A server message in the current language: its `errors` key with its values (a value that is a
 * catalogue term, such as a day or a status, translated too, and a written-out date said in the
 * reader's language), else the English `message` it came with.
 */
export const translateMessage = (code: Partial<MessageKey> | undefined, message: string): string => {
  if (!code?.key || !i18next.exists(`errors:${code.key}`)) return message
  const params = Object.fromEntries(
    Object.entries(code.params ?? {}).map(([name, value]) => {
      // A date the server wrote out ('Thursday, Dec 24, 2026') is said in the reader's language.
      const date = parseLongDate(value)
      if (date) return [name, formatDate(date, 'full')]
      return [name, i18next.exists(`errors:terms.${value}`) ? i18next.t(`errors:terms.${value}`) : value]
    }),
  )
  return i18next.t(`errors:${code.key}`, params)
}

/** The server's JSON error body, or undefined when the answer was not one. */
const errorObject = (text: string): Record<string, unknown> | undefined => {
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
const asCode = (value: unknown): MessageKey | undefined =>
  value && typeof value === 'object' && typeof (value as MessageKey).key === 'string'
    ? (value as MessageKey)
    : undefined

const send = async (url: string, init: RequestInit): Promise<Response> => {
  // The browser knows there is no network at all: no call goes out to fail (through the service
  // worker, at a cost on a slow phone), and the offline staff app answers from the device at once.
  if (!isOnline()) throw new NetworkError(new Error('The browser is offline'))
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
 * The human message of a failed call, for toasts and forms: the server's JSON error body
 * ({"message": "...", "key": "...", "fields": {...}}) in the reader's language, else a short
 * plain-text body, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return error.message
  if (!(error instanceof Error)) return fallback
  const text = error instanceof ApiError ? error.body : /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1]
  if (!text) return fallback
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    // Plain text is shown only when it is short and not a page of HTML.
    return text.length <= 200 && !text.startsWith('<') ? text : fallback
  }
  if (!body || typeof body !== 'object' || !('message' in body) || typeof body.message !== 'string') return fallback
  return body.message ? translateMessage(asCode(body), body.message) : fallback
}

/** The server's error key ('wrongPin', 'kioskLocked', ...), when its answer had one. */
export const errorKey = (error: unknown): string | undefined =>
  error instanceof ApiError ? asCode(errorObject(error.body))?.key : undefined

/** The validation messages of a 400 answer ({"fields": {"username": "..."}}), by field name, in the reader's language. */
export function errorFields(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {}
  const body = errorObject(error.body)
  if (!body?.fields || typeof body.fields !== 'object') return {}
  const codes = (body.fieldKeys && typeof body.fieldKeys === 'object' ? body.fieldKeys : {}) as Record<string, unknown>
  return Object.fromEntries(
    Object.entries(body.fields)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([field, message]) => [field, translateMessage(asCode(codes[field]), message)]),
  )
}

/**
 * Reads use the first query key as the URL (spec section 7). A 401 the read expects (the session
 * check's "signed out") is an answer: it neither fails nor waits for the errors catalogue, so a
 * signed-out first visit never fetches it.
 */
export const getQueryFn =
  <T>({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction<T> =>
  async ({ queryKey, signal }) => {
    const res = await send(String(queryKey[0]), { method: 'GET', signal })
    if (on401 === 'returnNull' && res.status === 401) return null as T
    await throwIfNotOk(res)
    return (await res.json()) as T
  }

/** The read of the URL its key names, answered as T (a 401 fails it, as every read but the session's). */
export const readQuery = <T>(queryKey: QueryKey) =>
  queryOptions({ queryKey, queryFn: getQueryFn<T>({ on401: 'throw' }) })

/**
 * The read of `key`'s URL for one campus (`?campusId=`, the campus filter's), under the key with the
 * campus beside it; the whole church's (no campus) is `readQuery`'s.
 */
export const campusReadQuery = <T>(key: readonly [string], campusId: string | undefined) =>
  queryOptions({
    queryKey: campusKey(key, campusId) as QueryKey,
    queryFn: campusId
      ? () => apiJson<T>('GET', withSearch(key[0], new URLSearchParams({ campusId })))
      : getQueryFn<T>({ on401: 'throw' }),
  })

/**
 * The read of a report over the weeks `from` to `to` (`key`, its range beside its URL), for one
 * campus when `campusId` is given (the campus filter's), the whole church's otherwise.
 */
export const rangeReadQuery = <T>(
  key: readonly [string, { from: string; to: string }],
  campusId: string | undefined,
) => {
  const [path, { from, to }] = key
  return queryOptions({
    queryKey: campusKey(key, campusId) as QueryKey,
    queryFn: () =>
      apiJson<T>('GET', withSearch(path, new URLSearchParams({ from, to, ...(campusId ? { campusId } : {}) }))),
  })
}

/** `path` with the query string of `params`, when there is one. */
export const withSearch = (path: string, params: URLSearchParams) => {
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

/** A list read a page at a time (infiniteQueryOptions): each page names the next one's cursor, null after the last. */
export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { cursor: string | null }) => last.cursor ?? undefined,
}
