import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { dirname, join } from 'node:path'
import Provider from 'oidc-provider'
import type { Running } from './emulators.ts'

/**
 * The supervisors' identity provider for the local stack: a real OpenID Connect provider
 * (authorization code + PKCE) whose sign-in page asks only for email, first and last name.
 * In AWS this role is played by the Cognito hosted UI with an external provider.
 */
interface Profile {
  email: string
  given_name: string
  family_name: string
}

export const LOCAL_OIDC_CLIENT = { id: 'timesheets-local', secret: 'local-oidc-secret' }

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const readForm = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString())
}

const page = (uid: string, error = '', values: Partial<Profile> = {}) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Local identity provider</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:grid;place-items:center;min-height:100vh}
form{background:#fff;padding:24px;border-radius:12px;box-shadow:0 1px 4px #0002;width:min(360px,90vw);display:grid;gap:12px}
label{display:grid;gap:4px;font-size:14px;font-weight:600}input{font:inherit;padding:10px;border:1px solid #cbd5e1;border-radius:8px}
button{font:inherit;padding:12px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font-weight:600;cursor:pointer}
.err{color:#b91c1c;font-size:14px}p{font-size:13px;color:#475569;margin:0}
</style></head><body>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<h1 style="font-size:20px;margin:0">Sign in</h1>
<p>Local identity provider for development. No password needed.</p>
${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<label>Email<input name="email" type="email" autocomplete="email" required value="${escapeHtml(values.email ?? '')}"></label>
<label>First name<input name="given_name" autocomplete="given-name" required value="${escapeHtml(values.given_name ?? '')}"></label>
<label>Last name<input name="family_name" autocomplete="family-name" required value="${escapeHtml(values.family_name ?? '')}"></label>
<button type="submit">Continue</button>
</form></body></html>`

/** The subject this provider gives an email address: the same email is the same person. */
export const localSubjectFor = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)

/** Accounts are remembered under `dir`, so the same email signs in as the same subject after a restart. */
const accountStore = (dir: string) => {
  const file = join(dir, 'idp-accounts.json')
  mkdirSync(dirname(file), { recursive: true })
  const accounts: Record<string, Profile> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  return {
    get: (id: string) => accounts[id],
    save(profile: Profile) {
      const id = localSubjectFor(profile.email)
      accounts[id] = profile
      writeFileSync(file, JSON.stringify(accounts, null, 2))
      return id
    },
  }
}

const signingKey = (dir: string) => {
  const file = join(dir, 'idp-key.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }
  mkdirSync(dir, { recursive: true })
  writeFileSync(file, JSON.stringify(jwk))
  return jwk
}

/**
 * oidc-provider's storage, kept in memory: sign-ins in flight and short-lived tokens do not need
 * to outlive a restart of the local stack (accounts are kept on disk above).
 */
class MemoryAdapter {
  private static store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>()
  constructor(private readonly model: string) {}
  private key(id: string) {
    return `${this.model}:${id}`
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    MemoryAdapter.store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 })
  }
  async find(id: string) {
    const entry = MemoryAdapter.store.get(this.key(id))
    if (!entry || entry.expiresAt <= Date.now()) return undefined
    return entry.payload
  }
  async findByUid(uid: string) {
    for (const [key, entry] of MemoryAdapter.store) {
      if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid && entry.expiresAt > Date.now())
        return entry.payload
    }
    return undefined
  }
  async findByUserCode() {
    return undefined
  }
  async consume(id: string) {
    const entry = MemoryAdapter.store.get(this.key(id))
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id))
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, entry] of MemoryAdapter.store)
      if (entry.payload.grantId === grantId) MemoryAdapter.store.delete(key)
  }
}

export const startIdentityProvider = async (
  port: number,
  dir: string,
  redirectUris: string[],
): Promise<Running & { issuer: string }> => {
  const issuer = `http://127.0.0.1:${port}`
  const accounts = accountStore(dir)
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_OIDC_CLIENT.id,
        client_secret: LOCAL_OIDC_CLIENT.secret,
        redirect_uris: redirectUris,
        // Sign-out comes back to the app's home page, as the Cognito client's logout URL does.
        post_logout_redirect_uris: [...new Set(redirectUris.map((u) => `${new URL(u).origin}/`))],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    adapter: MemoryAdapter,
    pkce: { required: () => true },
    jwks: { keys: [signingKey(dir)] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    features: {
      devInteractions: { enabled: false },
      // Like Cognito's /logout, sign-out needs no extra click: the confirmation form submits itself.
      rpInitiatedLogout: {
        logoutSource: async (ctx: { body: unknown }, form: string) => {
          ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing out</title></head>
<body>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"><button type="submit">Sign out</button></form>')}
<script>document.forms[0].submit()</script></body></html>`
        },
      },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) => {
      const profile = accounts.get(id)
      if (!profile) return undefined
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: profile.email,
          email_verified: true,
          given_name: profile.given_name,
          family_name: profile.family_name,
          name: `${profile.given_name} ${profile.family_name}`,
        }),
      }
    },
  })
  const callback = provider.callback()

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer)
    const [, , uid, action] = url.pathname.split('/')
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) throw new Error('interaction mismatch')
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid))
      return
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req)
      const profile = {
        email: (form.get('email') ?? '').trim(),
        given_name: (form.get('given_name') ?? '').trim(),
        family_name: (form.get('family_name') ?? '').trim(),
      }
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(profile.email) || !profile.given_name || !profile.family_name) {
        res
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          .end(page(uid, 'Enter a valid email, a first name and a last name.', profile))
        return
      }
      const accountId = accounts.save(profile)
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
      grant.addOIDCScope(String(details.params.scope ?? 'openid'))
      const grantId = await grant.save()
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      )
      return
    }
    res.writeHead(405).end()
  }

  const server = createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' })
        res.end(
          `Sign-in could not continue: ${e instanceof Error ? e.message : 'unknown error'}. Start again from the app.`,
        )
      })
      return
    }
    void callback(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return {
    name: 'identity provider',
    issuer,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
