/** The one error type of the product. Handlers throw these; the HTTP layer maps them once. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** More of the answer beside message and fields (the members who block a pay period's close). */
    readonly details?: Record<string, unknown>,
    /** Seconds until a new try may pass (a 429's `Retry-After`). */
    readonly retryAfter?: number,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields)
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'unauthorized', message)
export const paymentRequired = (message: string) => new AppError(402, 'payment_required', message)
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message)
export const notFound = (what: string) => new AppError(404, 'not_found', `${capitalise(what)} not found`)
export const conflict = (message: string) => new AppError(409, 'conflict', message)
/** `retryAfterSeconds`: when a new try may pass, answered as the `Retry-After` header. */
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(429, 'too_many_requests', message, undefined, undefined, retryAfterSeconds)
/** Whole seconds from `now` until `until` (both epoch seconds), at least 1: a refusal's `Retry-After`. */
export const retryAfterSeconds = (until: number, now: number) => Math.max(1, Math.ceil(until - now))
export const unavailable = (message: string) => new AppError(503, 'unavailable', message)

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
