import { ZodError } from 'zod'
import { AppError } from '@app/core'
import { messageKeyOf, type MessageKey } from './error-keys.ts'

/**
 * An error as the API answers it: `message` in English (the spec's texts), and beside it the same
 * message as a code of the `errors` catalogue (`key`, `params`), so the web shows it in the
 * reader's language; `fieldKeys` likewise beside `fields`.
 */
interface ErrorBody {
  message: string
  key?: string
  params?: Record<string, string>
  fields?: Record<string, string>
  fieldKeys?: Record<string, MessageKey>
  [detail: string]: unknown
}

/** A body with the codes of its messages added (a text outside the catalogue keeps only its English). */
const coded = (body: ErrorBody): ErrorBody => {
  const fieldKeys = Object.entries(body.fields ?? {}).flatMap(([field, text]) => {
    const code = messageKeyOf(text)
    return code ? [[field, code] as const] : []
  })
  return {
    ...body,
    ...messageKeyOf(body.message),
    ...(fieldKeys.length ? { fieldKeys: Object.fromEntries(fieldKeys) } : {}),
  }
}

/** AWS SDK and network failures that mean "a dependency is down or busy", not "our bug". */
const unavailableNames = new Set([
  // DynamoDB
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'TransactionConflictException',
  // S3
  'ServiceUnavailable',
  'SlowDown',
  'InternalError',
  'RequestTimeout',
  // Cognito
  'TooManyRequestsException',
  'InternalErrorException',
  'LimitExceededException',
  // Stripe
  'StripeConnectionError',
  'StripeAPIError',
  'StripeRateLimitError',
  // any SDK
  'TimeoutError',
])
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'])

/** A transaction cancelled by a conflicting write or throttling, not by one of our conditions. */
const isTransientCancel = (e: Error) =>
  e.name === 'TransactionCanceledException' &&
  ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some(
    (r) =>
      r.Code === 'TransactionConflict' || r.Code === 'ThrottlingError' || r.Code === 'ProvisionedThroughputExceeded',
  )

export const isUnavailable = (e: unknown): boolean => {
  if (!(e instanceof Error)) return false
  const code = (e as { code?: string }).code
  const stripeType = (e as { type?: string }).type
  return (
    unavailableNames.has(e.name) ||
    (stripeType !== undefined && unavailableNames.has(stripeType)) ||
    (code !== undefined && unavailableCodes.has(code)) ||
    isTransientCancel(e) ||
    // An integration's vendor that is down, busy or unreachable (@app/adapters' VendorError).
    (e.name === 'VendorError' && (e as { transient?: boolean }).transient === true) ||
    isUnavailable(e.cause)
  )
}

const fieldMessages = (error: ZodError): Record<string, string> => {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= issue.message
  }
  return fields
}

/** The one place where an error becomes an HTTP status and a body that says nothing internal. */
export const toErrorResponse = (error: unknown): { status: number; body: ErrorBody } => {
  const { status, body } = plainResponse(error)
  return { status, body: coded(body) }
}

const plainResponse = (error: unknown): { status: number; body: ErrorBody } => {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: {
        ...error.details,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      },
    }
  }
  if (error instanceof ZodError) {
    const fields = fieldMessages(error)
    // Field messages are written to stand alone ('First name is required'); the first one leads.
    const message = Object.values(fields)[0] ?? 'Invalid request'
    return { status: 400, body: { message, fields } }
  }
  const middy = error as { statusCode?: number; expose?: boolean; message?: string }
  if (typeof middy.statusCode === 'number' && middy.statusCode < 500 && middy.expose) {
    return { status: middy.statusCode, body: { message: middy.message ?? 'Bad request' } }
  }
  if (isUnavailable(error)) {
    return { status: 503, body: { message: 'Service temporarily unavailable. Please try again.' } }
  }
  return { status: 500, body: { message: 'Internal server error' } }
}
