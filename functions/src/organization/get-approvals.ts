import { ApprovalSettings } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** The optional second approval: off unless a supervisor turned it on. */
export default defineRoute({
  method: 'GET',
  path: '/api/organization/approvals',
  auth: 'supervisor',
  response: ApprovalSettings,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ db }) => (await db.organization.get()).approvals,
})
