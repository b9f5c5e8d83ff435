import type { Language, User } from '@app/core'
import { orgDb, type OrgDb } from '@app/data'
import type { HttpResponse } from '../http/response.ts'
import { signedLink } from '../http/signed-link-route.ts'
import { addressProblemPage } from '../views/address-page.ts'
import { organizationClosedPage } from '../views/closed-page.ts'
import { readAddressLink, type AddressLink } from './address-links.ts'

export type CheckedAddressLink =
  { ok: true; link: AddressLink; db: OrgDb; member: User } | { ok: false; page: HttpResponse }

/**
 * Everything that can make an address confirmation link unusable, each said plainly and
 * changing nothing: in the member's language, or `browser`'s while the link names no one we find.
 * The signed link is the credential: its organization, member and address are all checked.
 */
export const checkAddressLink = async (token: string, browser: Language): Promise<CheckedAddressLink> => {
  const read = await readAddressLink(token)
  if (!read.ok)
    return {
      ok: false,
      page:
        read.reason === 'expired'
          ? addressProblemPage(browser, 'expired', 410)
          : addressProblemPage(browser, 'invalid', 400),
    }
  const { link } = read
  const db = orgDb(link.orgId)
  // A closed organization confirms nothing until it is reopened.
  if (await db.closure.state()) return { ok: false, page: organizationClosedPage(browser) }
  if (await db.decisionLinks.isSpent(link.linkId)) return { ok: false, page: addressProblemPage(browser, 'used', 409) }
  const member = await db.users.find(link.userId)
  if (!member || member.email?.toLowerCase() !== link.email.toLowerCase())
    return { ok: false, page: addressProblemPage(member?.language ?? browser, 'gone', 404) }
  if (member.emailConfirmed) return { ok: false, page: addressProblemPage(member.language, 'confirmed', 409) }
  return { ok: true, link, db, member }
}

/** An address confirmation link (`/api/email-confirmations/{token}`). */
export const addressLink = signedLink({
  path: '/api/email-confirmations/{token}',
  maxToken: 2000,
  errors: [404, 409, 410],
  check: checkAddressLink,
})
