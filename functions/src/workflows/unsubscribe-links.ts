import { ReminderKind } from '@app/core'
import { config } from '@app/adapters'
import { openToken, signToken } from './signed-tokens.ts'

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

const PURPOSE = 'unsubscribe.'

export const createUnsubscribeToken = (link: UnsubscribeLink) =>
  signToken(PURPOSE, [link.orgId, link.userId, link.kind])

export const unsubscribeUrl = async (link: UnsubscribeLink) =>
  `${config.appOrigin}/api/unsubscribe/${await createUnsubscribeToken(link)}`

/** The link a token names, or undefined when it was not signed by us. */
export const readUnsubscribeToken = async (token: string): Promise<UnsubscribeLink | undefined> => {
  const opened = await openToken(PURPOSE, token)
  if (!Array.isArray(opened)) return undefined
  const [orgId, userId, kind] = opened as unknown[]
  const parsed = ReminderKind.safeParse(kind)
  if (typeof orgId !== 'string' || typeof userId !== 'string' || !parsed.success) return undefined
  return { orgId, userId, kind: parsed.data }
}
