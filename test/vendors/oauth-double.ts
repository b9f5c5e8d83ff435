import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A test double of a vendor's OAuth 2.0 authorization server (a test fixture: production code only
 * ever talks HTTP to the configured base URL). Its consent page consents at once and sends the
 * browser back with a code; the token endpoint exchanges codes and refresh tokens as RFC 6749 and
 * Intuit's documentation answer (including `invalid_grant`); the revoke endpoint forgets a grant.
 * Paths: Intuit's (`/connect/oauth2`, `/oauth2/v1/tokens/bearer`, `/v2/oauth2/tokens/revoke`) and
 * the usual ones (`/oauth/authorize`, `/oauth/token`, `/oauth/revoke`) of Gusto and Planning Center.
 */
export interface Grant {
  accessToken: string
  refreshToken: string
  /** When the access token stops being accepted (ms). */
  accessExpires: number
  revoked: boolean
}

export interface Recorded {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: string
}

export type ApiHandler = (
  req: Recorded,
  grant: Grant | undefined,
  res: ServerResponse,
) => Promise<boolean | void> | boolean | void

export interface OAuthDoubleOptions {
  clientId: string
  clientSecret: string
  /** 'basic' (Intuit) or 'post' (client_id and client_secret in the form). */
  clientAuth: 'basic' | 'post'
  /** Query parameters the consent adds to the redirect (Intuit's realmId). */
  consentExtras?: Record<string, string>
  /** Seconds an access token lasts. */
  expiresIn?: number
  api?: ApiHandler
}

export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`

export const startOAuthDouble = async (options: OAuthDoubleOptions) => {
  const codes = new Map<string, { redirectUri: string; used: boolean }>()
  const grants: Grant[] = []
  const requests: Recorded[] = []
  let expiresIn = options.expiresIn ?? 3600
  /** Consents answer `error=access_denied` instead of a code while true. */
  let deny = false

  const issue = (): Grant => {
    const grant = {
      accessToken: token('at'),
      refreshToken: token('rt'),
      accessExpires: Date.now() + expiresIn * 1000,
      revoked: false,
    }
    grants.push(grant)
    return grant
  }
  const tokenAnswer = (g: Grant) => ({
    token_type: 'bearer',
    access_token: g.accessToken,
    refresh_token: g.refreshToken,
    expires_in: expiresIn,
    x_refresh_token_expires_in: 8_726_400,
  })
  const clientOk = (req: Recorded, form: URLSearchParams) => {
    if (options.clientAuth === 'basic') {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`
      return req.headers.authorization === expected
    }
    return form.get('client_id') === options.clientId && form.get('client_secret') === options.clientSecret
  }

  const handle = async (incoming: IncomingMessage, res: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://double')
    const req: Recorded = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: await readBody(incoming),
    }
    requests.push(req)
    if (req.method === 'GET' && (req.path === '/connect/oauth2' || req.path === '/oauth/authorize')) {
      const back = new URL(req.query.get('redirect_uri') ?? '')
      if (req.query.get('client_id') !== options.clientId) return sendJson(res, 400, { error: 'invalid_client' })
      if (deny) back.searchParams.set('error', 'access_denied')
      else {
        const code = token('code')
        codes.set(code, { redirectUri: req.query.get('redirect_uri') ?? '', used: false })
        back.searchParams.set('code', code)
        for (const [k, v] of Object.entries(options.consentExtras ?? {})) back.searchParams.set(k, v)
      }
      back.searchParams.set('state', req.query.get('state') ?? '')
      res.writeHead(302, { location: back.toString() })
      return res.end()
    }
    if (req.method === 'POST' && (req.path === '/oauth2/v1/tokens/bearer' || req.path === '/oauth/token')) {
      const form = new URLSearchParams(req.body)
      if (!clientOk(req, form)) return sendJson(res, 401, { error: 'invalid_client' })
      if (form.get('grant_type') === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '')
        if (!code || code.used || code.redirectUri !== form.get('redirect_uri'))
          return sendJson(res, 400, { error: 'invalid_grant' })
        code.used = true
        return sendJson(res, 200, tokenAnswer(issue()))
      }
      if (form.get('grant_type') === 'refresh_token') {
        const grant = grants.find((g) => g.refreshToken === form.get('refresh_token') && !g.revoked)
        if (!grant) return sendJson(res, 400, { error: 'invalid_grant' })
        // Intuit rotates the refresh token: the old one stops working.
        grant.revoked = true
        return sendJson(res, 200, tokenAnswer(issue()))
      }
      return sendJson(res, 400, { error: 'unsupported_grant_type' })
    }
    if (req.method === 'POST' && (req.path === '/v2/oauth2/tokens/revoke' || req.path === '/oauth/revoke')) {
      const given =
        req.path === '/oauth/revoke'
          ? new URLSearchParams(req.body).get('token')
          : (JSON.parse(req.body) as { token?: string }).token
      const grant = grants.find((g) => g.refreshToken === given || g.accessToken === given)
      if (!grant) return sendJson(res, 400, { error: 'invalid_token' })
      grant.revoked = true
      res.writeHead(200)
      return res.end()
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const grant = grants.find((g) => g.accessToken === bearer && !g.revoked && g.accessExpires > Date.now())
    if (options.api && (await options.api(req, grant, res)) !== false) return
    sendJson(res, 404, { error: 'not_found' })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => sendJson(res, 500, { error: String(e) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    requests,
    grants,
    /** Every access token issued so far stops being accepted (as if it expired). */
    expireAccessTokens: () => grants.forEach((g) => (g.accessExpires = 0)),
    /** Every grant is revoked at the vendor (a refresh is then refused with invalid_grant). */
    revokeAll: () => grants.forEach((g) => (g.revoked = true)),
    setExpiresIn: (seconds: number) => (expiresIn = seconds),
    setDeny: (value: boolean) => (deny = value),
    /** A consent of a browserless test: the redirect the consent page answers. */
    async consent(authorizationUrl: string): Promise<URL> {
      const res = await fetch(authorizationUrl, { redirect: 'manual' })
      return new URL(res.headers.get('location')!)
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type OAuthDouble = Awaited<ReturnType<typeof startOAuthDouble>>
