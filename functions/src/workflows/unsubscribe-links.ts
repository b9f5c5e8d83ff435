import { createHmac, timingSafeEqual } from 'node:crypto'
import { ReminderKind } from '@app/core'
import { config, secrets } from '@app/adapters'

/**
 * The unsubscribe link of a reminder email: an HMAC-signed token naming one organization, member
 * and kind. It is the only credential (mail clients POST to it with no session, RFC 8058) and it
 * never expires, so an old email still unsubscribes. Signed apart from decision links (a prefix),
 * so one kind of token can never pass for the other.
 */
export interface UnsubscribeLink {
  orgId: string
  userId: string
  kind: ReminderKind
}

const sign = async (payload: string) =>
  createHmac('sha256', await secrets.emailLinkSecret())
    .update(`unsubscribe.${payload}`)
    .digest('base64url')

export const createUnsubscribeToken = async (link: UnsubscribeLink) => {
  const payload = Buffer.from(JSON.stringify([link.orgId, link.userId, link.kind])).toString('base64url')
  return `${payload}.${await sign(payload)}`
}

export const unsubscribeUrl = async (link: UnsubscribeLink) =>
  `${config.appOrigin}/api/unsubscribe/${await createUnsubscribeToken(link)}`

/** The link a token names, or undefined when it was not signed by us. */
export const readUnsubscribeToken = async (token: string): Promise<UnsubscribeLink | undefined> => {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length) return undefined
  const expected = Buffer.from(await sign(payload))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
  const [orgId, userId, kind] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[]
  const parsed = ReminderKind.safeParse(kind)
  if (typeof orgId !== 'string' || typeof userId !== 'string' || !parsed.success) return undefined
  return { orgId, userId, kind: parsed.data }
}
