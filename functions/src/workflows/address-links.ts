import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { config, secrets } from '@app/adapters'

/**
 * The one-click link that confirms a member's email address, made as the Approve and
 * Decline links are (decision-links.ts): an HMAC-signed token bound to one organization, member
 * and address, valid LINK_DAYS, and single use (the confirmation's transaction records its id).
 * Its signature covers a purpose of its own, so no other signed link can pass for one.
 */
export const CONFIRM_LINK_DAYS = 7

export interface AddressLink {
  linkId: string
  orgId: string
  userId: string
  email: string
  expiresAt: number
}

const sign = async (payload: string) =>
  createHmac('sha256', await secrets.emailLinkSecret())
    .update(`confirm-address:${payload}`)
    .digest('base64url')

export const createAddressLink = async (
  link: Omit<AddressLink, 'linkId' | 'expiresAt'>,
  now = Date.now(),
): Promise<string> => {
  const full: AddressLink = {
    ...link,
    linkId: randomBytes(16).toString('base64url'),
    expiresAt: now + CONFIRM_LINK_DAYS * 86_400_000,
  }
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url')
  return `${payload}.${await sign(payload)}`
}

export type AddressLinkCheck = { ok: true; link: AddressLink } | { ok: false; reason: 'invalid' | 'expired' }

export const readAddressLink = async (token: string, now = Date.now()): Promise<AddressLinkCheck> => {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length) return { ok: false, reason: 'invalid' }
  const expected = Buffer.from(await sign(payload))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' }
  const link = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AddressLink
  if (link.expiresAt <= now) return { ok: false, reason: 'expired' }
  return { ok: true, link }
}

export const addressLinkUrl = (token: string) => `${config.appOrigin}/api/email-confirmations/${token}`
