import { User, MemberParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertInScope } from '../workflows/campuses.ts'
import { confirmationEmail } from '../workflows/address-confirmation.ts'
import { deliver } from '../workflows/mailer.ts'

/**
 * Sends a member's address confirmation link again ("Resend confirmation" on the
 * Employees page): only while the address is unconfirmed (else 409), once each few minutes (else 429).
 */
export default defineRoute({
  method: 'POST',
  path: '/api/employees/{id}/resend-confirmation',
  auth: 'supervisor',
  params: MemberParams,
  response: User,
  errors: [404, 409, 429],
  uses: ['table', 'email'],
  handler: async ({ params, session, db }) => {
    const [member, org] = await Promise.all([
      db.users.get(params.id).then((m) => assertInScope(session.user, m)),
      db.organization.get(),
    ])
    const email = member.email ? await confirmationEmail(db.orgId, member, member.email, org) : undefined
    const user = await db.members.resendConfirmation(params.id, { emails: email ? [email] : [] })
    if (email) await deliver(db.orgId, email.id, email.email, 0, org)
    return user
  },
})
