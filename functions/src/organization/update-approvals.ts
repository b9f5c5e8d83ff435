import { ApprovalSettings } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * Turns the second approval on or off (issue 31). With it on, an approval by anyone but a final
 * approver is the first of two and the timesheet stays pending; a final approver's makes it approved.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/approvals',
  auth: 'supervisor',
  body: ApprovalSettings,
  response: ApprovalSettings,
  uses: ['table'],
  handler: ({ body, session, db }) => db.organization.setApprovals(body, session.user),
})
