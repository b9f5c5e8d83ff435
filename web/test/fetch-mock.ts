import { vi } from 'vitest'

export interface MockAnswer {
  status?: number
  body?: unknown
  /** Make fetch itself reject (the server cannot be reached). */
  networkError?: boolean
  /** Hold the answer until this promise settles. */
  wait?: Promise<unknown>
}

type Handler = MockAnswer | ((init: RequestInit | undefined, url: URL) => MockAnswer)

/**
 * Replaces fetch with answers keyed by 'METHOD /path'; anything unlisted is a 404 JSON error.
 * Returns the mock so tests can look at the calls.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`
    const handler = routes[key]
    const answer =
      typeof handler === 'function' ? handler(init, url) : (handler ?? { status: 404, body: { message: 'Not found' } })
    if (answer.wait) await answer.wait
    if (answer.networkError) throw new TypeError('Failed to fetch')
    const status = answer.status ?? 200
    const text =
      answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
    return new Response(status === 204 ? null : text, {
      status,
      headers: typeof answer.body === 'string' ? {} : { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fn)
  return fn
}

export const signedOut: MockAnswer = { status: 401, body: { message: 'Unauthorized' } }

/**
 * The calls that change something (not GET): what a form sent, without the reads its screen makes
 * on its own (the day's Split reads the organization's ministries and funds).
 */
export const writes = (fn: ReturnType<typeof mockFetch>) =>
  fn.mock.calls.filter(([, init]) => (init?.method ?? 'GET').toUpperCase() !== 'GET')

/**
 * The calls but the reads of a week's paid time off (approved time off, holidays, the
 * policies' names, and who the member is), which the weekly screens make beside their own, and of
 * the organization's settings (the clock-out limit; the header has them in the app).
 */
export const callsBesideTimeOff = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(
    ([url]) =>
      !/^\/api\/(time-off|organization\/holidays|organization\/settings|auth\/user|employees)\b/.test(
        new URL(String(url), 'http://localhost').pathname,
      ),
  )
