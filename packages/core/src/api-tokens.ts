import * as z from 'zod'

/**
 * API tokens: what a token may reach is named by its scopes, one per capability. A route
 * declares the scope it needs in the manifest; a route with none is never reachable by a token
 * (settings, billing, tokens, credentials, passwords, every write but a decision on a timesheet or
 * a time-off request).
 */
export const ApiScope = z.enum(
  ['timesheets:read', 'timesheets:decide', 'members:read', 'payroll:read', 'time-off:read', 'time-off:decide'],
  { error: 'Unknown scope' },
)
export type ApiScope = z.infer<typeof ApiScope>

/** Requests one token may make in a minute (more answer 429 until the next minute). */
export const API_TOKEN_RATE_PER_MINUTE = 300

/**
 * Requests all of an organization's tokens together may make in a minute: many tokens of one
 * organization do not multiply its share of the API (more answer 429 until the next minute).
 */
export const API_ORG_RATE_PER_MINUTE = 1000

/** Live (unexpired) tokens an organization may hold at once; one more answers 409. */
export const MAX_API_TOKENS = 25

/** How a token starts: recognisable in a leaked log, and long enough to be unguessable (256 random bits). */
export const API_TOKEN_PREFIX = 'mtk_'
export const isApiTokenShape = (token: string) => /^mtk_[A-Za-z0-9_-]{43}$/.test(token)

/** Texts the server answers a token's request with (the errors catalogue holds them too). */
export const apiTokenMessages = {
  invalid: 'Invalid or revoked API token',
  notAllowed: 'API tokens cannot be used for this request',
  rateLimited: 'Too many requests with this API token. Please wait a minute and try again.',
  missingScope: (scope: ApiScope) => `This API token lacks the ${scope} scope`,
  orgRateLimited: "Too many requests with your organization's API tokens. Please wait a minute and try again.",
  tooMany: `Your organization already has ${MAX_API_TOKENS} API tokens. Revoke one before making another.`,
  expiryInvalid: 'Expiry must be a date and time like 2027-01-31T23:59:00Z',
  expiryPast: 'Expiry must be in the future',
} as const

/** Whether a token with this expiry (none: never) has expired at `now` (epoch ms). */
export const isTokenExpired = (expiresAt: string | null | undefined, now = Date.now()) =>
  expiresAt !== null && expiresAt !== undefined && Date.parse(expiresAt) <= now

/** Whether an organization holding these tokens may make one more: fewer than MAX_API_TOKENS unexpired. */
export const mayAddToken = (tokens: readonly { expiresAt?: string | null }[], now = Date.now()) =>
  tokens.filter((t) => !isTokenExpired(t.expiresAt, now)).length < MAX_API_TOKENS

/** The token in an `Authorization: Bearer <token>` header value, or undefined when there is none. */
export const bearerToken = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  return match?.[1]
}

/** Why a token with `granted` scopes may not call a route needing `needed`, or undefined when it may. */
export const scopeProblem = (needed: ApiScope | undefined, granted: readonly ApiScope[]): string | undefined =>
  needed === undefined
    ? apiTokenMessages.notAllowed
    : granted.includes(needed)
      ? undefined
      : apiTokenMessages.missingScope(needed)
