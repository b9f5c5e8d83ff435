import { AppError } from '@app/core'
import { config } from '@app/adapters'
import { signedLinkPage } from '../http/signed-link-route.ts'
import { addressLink } from '../workflows/address-link-check.ts'
import { deliver, releaseHeld } from '../workflows/mailer.ts'
import { addressConfirmedPage, addressProblemPage } from '../views/address-page.ts'
import { queuedEmail } from '../views/queued-email.ts'

/**
 * The confirmation page's button (a plain form post: the signed single-use link is the
 * credential, so no session or Origin is needed). The address is confirmed and the link spent in
 * one transaction; a supervisor invited by email gets the invitation to sign in with it then, and
 * every email held for the address while it waited is sent.
 */
export default signedLinkPage(addressLink, {
  method: 'POST',
  uses: ['table', 'email'],
  page: async ({ link, db, member }) => {
    const invited = member.role === 'supervisor' ? await db.members.invitationOf(link.email) : undefined
    const org = invited ? await db.organization.get() : undefined
    const invitation =
      invited && org
        ? queuedEmail('invitation', member.language, {
            to: link.email,
            firstName: member.firstName,
            organizationName: org.name,
            logoUrl: org.logoUrl,
            inviter: invited.inviter ?? org.name,
            signInUrl: `${config.appOrigin}/api/login`,
          })
        : undefined
    try {
      await db.members.confirmEmail(member.id, link.email, link.linkId, { emails: invitation ? [invitation] : [] })
    } catch (e) {
      // This link spent by a concurrent post, or the member changed meanwhile: nothing changed.
      if (e instanceof AppError && e.status === 409) return addressProblemPage(member.language, 'used', 409)
      if (e instanceof AppError && e.status === 404) return addressProblemPage(member.language, 'gone', 404)
      throw e
    }
    if (invitation) await deliver(db.orgId, invitation.id, invitation.email, 0, org)
    await releaseHeld(db.orgId, link.email, org)
    return addressConfirmedPage(member.language, link.email, Boolean(invitation))
  },
})
