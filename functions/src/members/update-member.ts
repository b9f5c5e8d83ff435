import { conflict, MemberUpdate, User, MemberParams } from '@app/core'
import { sessions } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { confirmationEmail } from '../workflows/address-confirmation.ts'
import { deliver } from '../workflows/mailer.ts'
import { assertDefaultCode } from '../workflows/allocations.ts'
import { refuseClosedHolidayPay } from '../workflows/closed-periods.ts'
import { assertApproverReaches, assertInScope, assertMemberCampus, assertReachKept } from '../workflows/campuses.ts'

/**
 * Edits a member: names, email, department, role, pay type and payroll id. A changed
 * role ends the member's sessions, since a session carries the role it was opened with. A new
 * email is unconfirmed until its owner follows the confirmation link sent to it.
 */
export default defineRoute({
  method: 'PATCH',
  path: '/api/employees/{id}',
  auth: 'supervisor',
  params: MemberParams,
  body: MemberUpdate,
  response: User,
  errors: [404, 409],
  uses: ['table', 'email'],
  handler: async ({ params, body, session, db }) => {
    if (params.id === session.userId && body.role !== undefined && body.role !== session.user.role)
      throw conflict('You cannot change your own role')
    const before = assertInScope(session.user, await db.users.get(params.id))
    if (body.defaultCode !== before.defaultCode) await assertDefaultCode(db, body.defaultCode)
    await assertMemberCampus(db, session.user, body, before)
    await assertApproverReaches(db, body, before)
    await assertReachKept(db, before, body.campusIds)
    // A new address is unconfirmed and gets its confirmation link, queued with the change.
    const org = body.email && body.email !== before.email ? await db.organization.get() : undefined
    const confirmation = org && body.email ? await confirmationEmail(db.orgId, before, body.email, org) : undefined
    await refuseClosedHolidayPay(db, before, body, org)
    const updated = await db.members.update(params.id, body, session.user, confirmation)
    if (updated.role !== before.role) await sessions.deleteForUser(db.orgId, updated.id)
    if (confirmation) await deliver(db.orgId, confirmation.id, confirmation.email, 0, org)
    return updated
  },
})
