import { config } from '@app/adapters'
import { createExpiringLink, readExpiringLink, type ExpiringLinkCheck } from './signed-tokens.ts'

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

const PURPOSE = 'confirm-address:'

export const createAddressLink = (link: Omit<AddressLink, 'linkId' | 'expiresAt'>, now = Date.now()): Promise<string> =>
  createExpiringLink<AddressLink>(PURPOSE, link, CONFIRM_LINK_DAYS, now)

export type AddressLinkCheck = ExpiringLinkCheck<AddressLink>

export const readAddressLink = (token: string, now = Date.now()): Promise<AddressLinkCheck> =>
  readExpiringLink<AddressLink>(PURPOSE, token, now)

export const addressLinkUrl = (token: string) => `${config.appOrigin}/api/email-confirmations/${token}`
