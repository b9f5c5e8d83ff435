import { AllocationCodes } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * The organization's ministries and funds, inactive ones included (history and reports
 * name them). Every member reads them: the timesheet forms' "Split" chooses among the active ones.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/organization/allocation-codes',
  auth: 'member',
  response: AllocationCodes,
  uses: ['table:read'],
  handler: async ({ db }) => ({ codes: await db.allocationCodes.list() }),
})
