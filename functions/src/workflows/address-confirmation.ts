import type { Organization, User } from '@app/core'
import { queuedEmail } from '../views/queued-email.ts'
import { addressLinkUrl, createAddressLink } from './address-links.ts'

/** The confirmation email of `email`, the address a supervisor gave `member`, with its one-click link. */
export const confirmationEmail = async (
  orgId: string,
  member: Pick<User, 'id' | 'firstName' | 'language'>,
  email: string,
  org: Pick<Organization, 'name' | 'logoUrl'>,
) =>
  queuedEmail('confirmAddress', member.language, {
    to: email,
    firstName: member.firstName,
    organizationName: org.name,
    logoUrl: org.logoUrl,
    confirmUrl: addressLinkUrl(await createAddressLink({ orgId, userId: member.id, email })),
  })
