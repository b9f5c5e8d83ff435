import * as client from 'openid-client'
import { config } from './config.ts'
import { secrets } from './secrets.ts'

/**
 * The supervisors' OpenID Connect client: authorization code + PKCE with state and nonce.
 * The same code talks to the Cognito hosted UI in AWS and the embedded provider locally.
 */
let discovered: Promise<client.Configuration> | undefined

const configuration = () =>
  (discovered ??= (async () => {
    const { issuer, clientId, allowInsecure } = config.oidc
    return client.discovery(new URL(issuer), clientId, await secrets.oidcClientSecret(), undefined, {
      execute: allowInsecure ? [client.allowInsecureRequests] : [],
    })
  })().catch((e: unknown) => {
    discovered = undefined // try again on the next sign-in rather than caching the failure
    throw e
  }))

/** What a sign-in is checked against at its callback: made before the provider is asked anything. */
export interface AuthorizationChecks {
  state: string
  nonce: string
  codeVerifier: string
}

export const redirectUri = () => `${config.appOrigin}/api/callback`

/** A sign-in's state, nonce and PKCE verifier (random, no I/O): they can be saved while the provider is discovered. */
export const authorizationChecks = (): AuthorizationChecks => ({
  codeVerifier: client.randomPKCECodeVerifier(),
  state: client.randomState(),
  nonce: client.randomNonce(),
})

/** The provider's authorization URL for these checks (its discovery, once per process). */
export const signInUrl = async ({ codeVerifier, state, nonce }: AuthorizationChecks): Promise<string> => {
  const conf = await configuration()
  const url = client.buildAuthorizationUrl(conf, {
    redirect_uri: redirectUri(),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return url.href
}

export interface Identity {
  issuer: string
  subject: string
  email: string | null
  /** Whether the provider verified `email` (an invitation is accepted only with a verified one). */
  emailVerified: boolean
  firstName: string
  lastName: string
  picture: string | null
}

/** Exchanges the code (checking state, nonce and PKCE) and returns who signed in. */
export const finishAuthorization = async (
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<Identity> => {
  const conf = await configuration()
  const tokens = await client.authorizationCodeGrant(conf, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  })
  const idClaims = tokens.claims()!
  // Providers may keep profile claims out of the ID token; the userinfo endpoint has them.
  const claims: Record<string, unknown> =
    idClaims.email || idClaims.given_name
      ? idClaims
      : { ...(await client.fetchUserInfo(conf, tokens.access_token, idClaims.sub)), ...idClaims }
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)
  const name = text(claims.name)?.split(/\s+/) ?? []
  return {
    issuer: idClaims.iss,
    subject: idClaims.sub,
    email: text(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: text(claims.given_name) ?? name[0] ?? 'New',
    lastName: text(claims.family_name) ?? name.slice(1).join(' ') ?? 'User',
    picture: text(claims.picture),
  }
}

/**
 * Where the browser goes to end its session at the identity provider, then comes back to `returnTo`
 * (so the next Supervisor Login on a shared computer asks who is signing in). The provider's
 * `end_session_endpoint` when it publishes one (the local provider); Cognito publishes none, and its
 * hosted UI ends the session at `/logout` on the domain of its authorization endpoint.
 */
export const endSessionUrl = async (returnTo: string): Promise<string> => {
  const conf = await configuration()
  const { clientId } = config.oidc
  const metadata = conf.serverMetadata()
  if (metadata.end_session_endpoint) {
    return client.buildEndSessionUrl(conf, { client_id: clientId, post_logout_redirect_uri: returnTo }).href
  }
  const url = new URL('/logout', metadata.authorization_endpoint)
  url.search = new URLSearchParams({ client_id: clientId, logout_uri: returnTo }).toString()
  return url.href
}
