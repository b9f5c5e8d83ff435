import type { VendorConfig } from './integrations.ts'
import { VendorError, vendorErrorOf, vendorFetch } from './vendor-http.ts'

/**
 * OAuth 2.0 authorization code flow (RFC 6749) against a vendor's endpoints with plain fetch: the
 * consent address, the code exchange, refreshing, and revoking (RFC 7009). No vendor SDK.
 */
export interface TokenSet {
  accessToken: string
  refreshToken: string
  /** When the access token expires (ISO). */
  expiresAt: string
  /** When the refresh token expires, when the vendor says (Intuit: about 100 days). */
  refreshExpiresAt: string | null
}

/** The vendor's consent page for this organization's attempt (`state` is single-use, bound to the attempt). */
export const authorizationUrl = (vendor: VendorConfig, state: string, redirectUri: string): string => {
  const url = new URL(vendor.endpoints.authorize)
  url.searchParams.set('client_id', vendor.clientId)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('redirect_uri', redirectUri)
  if (vendor.scope) url.searchParams.set('scope', vendor.scope)
  url.searchParams.set('state', state)
  return url.toString()
}

const basic = (vendor: VendorConfig) =>
  `Basic ${Buffer.from(`${encodeURIComponent(vendor.clientId)}:${encodeURIComponent(vendor.clientSecret)}`).toString('base64')}`

/** A call of the token endpoint with the client's authentication. */
const tokenCall = async (vendor: VendorConfig, fields: Record<string, string>, now: number): Promise<TokenSet> => {
  const body = new URLSearchParams(fields)
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
  }
  if (vendor.clientAuth === 'basic') headers.authorization = basic(vendor)
  else {
    body.set('client_id', vendor.clientId)
    body.set('client_secret', vendor.clientSecret)
  }
  const res = await vendorFetch(vendor.endpoints.token, { method: 'POST', headers, body })
  if (!res.ok) throw await vendorErrorOf(res)
  const json = (await res.json()) as Record<string, unknown>
  if (typeof json.access_token !== 'string' || typeof json.refresh_token !== 'string')
    throw new VendorError(502, 'The token endpoint answered no access or refresh token', null)
  const seconds = (v: unknown, fallback: number) => (typeof v === 'number' && v > 0 ? v : fallback)
  const refreshSeconds = json.x_refresh_token_expires_in ?? json.refresh_token_expires_in
  return {
    accessToken: json.access_token,
    refreshToken: json.refresh_token,
    expiresAt: new Date(now + seconds(json.expires_in, 3600) * 1000).toISOString(),
    refreshExpiresAt: typeof refreshSeconds === 'number' ? new Date(now + refreshSeconds * 1000).toISOString() : null,
  }
}

/** The tokens a consent's code is worth (once: a code is single-use at the vendor). */
export const exchangeCode = (vendor: VendorConfig, code: string, redirectUri: string, now = Date.now()) =>
  tokenCall(vendor, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, now)

/** New tokens for a refresh token; the vendor may rotate the refresh token too. */
export const refreshTokens = (vendor: VendorConfig, refreshToken: string, now = Date.now()) =>
  tokenCall(vendor, { grant_type: 'refresh_token', refresh_token: refreshToken }, now)

/** Revokes a token (and with it the grant) at the vendor. */
export const revokeToken = async (vendor: VendorConfig, token: string): Promise<void> => {
  const headers: Record<string, string> = { accept: 'application/json' }
  let body: string
  if (vendor.revokeAs === 'json') {
    headers['content-type'] = 'application/json'
    body = JSON.stringify({ token })
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    const form = new URLSearchParams({ token })
    if (vendor.clientAuth === 'post') {
      form.set('client_id', vendor.clientId)
      form.set('client_secret', vendor.clientSecret)
    }
    body = form.toString()
  }
  if (vendor.clientAuth === 'basic') headers.authorization = basic(vendor)
  const res = await vendorFetch(vendor.endpoints.revoke, { method: 'POST', headers, body })
  if (!res.ok) throw await vendorErrorOf(res)
}
