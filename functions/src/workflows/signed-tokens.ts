import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { secrets } from '@app/adapters'

/**
 * The emailed links' tokens: a JSON payload in base64url, a dot, and its HMAC with the email link
 * secret. Each kind of link signs under a purpose of its own (a prefix of the signed text), so a
 * token of one kind can never pass for another; the prefixes are those tokens already sent carry.
 */
const sign = async (purpose: string, payload: string) =>
  createHmac('sha256', await secrets.emailLinkSecret())
    .update(`${purpose}${payload}`)
    .digest('base64url')

/** `text` (base64url, so it holds no dot) and its signature for `purpose`: `text.signature`. */
export const signText = async (purpose: string, text: string): Promise<string> => `${text}.${await sign(purpose, text)}`

/** The text a signed text carries, or undefined when it is cut off, altered, or was not signed for `purpose`. */
export const openText = async (purpose: string, signed: string): Promise<string | undefined> => {
  const [text, signature, ...rest] = signed.split('.')
  if (!text || !signature || rest.length) return undefined
  const expected = Buffer.from(await sign(purpose, text))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
  return text
}

export const signToken = (purpose: string, value: unknown): Promise<string> =>
  signText(purpose, Buffer.from(JSON.stringify(value)).toString('base64url'))

/** What a token carries, or undefined when it is cut off, altered, or was not signed for `purpose`. */
export const openToken = async (purpose: string, token: string): Promise<unknown> => {
  const payload = await openText(purpose, token)
  return payload === undefined ? undefined : (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown)
}

/** A single-use link's own fields: its id (recorded once spent) and when it stops working. */
export interface ExpiringLink {
  linkId: string
  expiresAt: number
}

export type ExpiringLinkCheck<L> = { ok: true; link: L } | { ok: false; reason: 'invalid' | 'expired' }

/** A single-use link valid `days` from `now`, with a fresh id. */
export const createExpiringLink = <L extends ExpiringLink>(
  purpose: string,
  link: Omit<L, keyof ExpiringLink>,
  days: number,
  now: number,
): Promise<string> =>
  signToken(purpose, { ...link, linkId: randomBytes(16).toString('base64url'), expiresAt: now + days * 86_400_000 })

export const readExpiringLink = async <L extends ExpiringLink>(
  purpose: string,
  token: string,
  now: number,
): Promise<ExpiringLinkCheck<L>> => {
  const link = (await openToken(purpose, token)) as L | undefined
  if (!link) return { ok: false, reason: 'invalid' }
  if (link.expiresAt <= now) return { ok: false, reason: 'expired' }
  return { ok: true, link }
}
