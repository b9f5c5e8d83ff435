import {
  APPROVALS_LOCKED_MESSAGE,
  ApprovalSettings,
  badRequest,
  FINAL_APPROVER_REACH_MESSAGE,
  forbidden,
  mayChangeApprovals,
  wholeChurch,
} from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * Turns the second approval on or off. With it on, an approval by anyone but a final
 * approver is the first of two and the timesheet stays pending; a final approver's makes it
 * approved. While it is on, only a final approver changes it (403 for other supervisors), so a
 * first approver cannot name themself final, or turn it off, to approve a second time. Final
 * approvers finish every member's week, so each must reach the whole church.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/approvals',
  auth: 'supervisor',
  wholeChurch: true,
  body: ApprovalSettings,
  response: ApprovalSettings,
  errors: [404],
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    const current = (await db.organization.get()).approvals
    const finals = current.twoStep ? await db.users.routingEntries(current.finalApproverIds) : []
    const supervisors = new Set(finals.filter((m) => m.role === 'supervisor' && !m.removed).map((m) => m.id))
    if (!mayChangeApprovals(session.userId, current, supervisors)) throw forbidden(APPROVALS_LOCKED_MESSAGE)
    const named = body.twoStep ? await Promise.all(body.finalApproverIds.map((id) => db.users.find(id))) : []
    if (named.some((m) => m && !wholeChurch(m)))
      throw badRequest(FINAL_APPROVER_REACH_MESSAGE, { finalApproverIds: FINAL_APPROVER_REACH_MESSAGE })
    return db.organization.setApprovals(body, session.user)
  },
})
