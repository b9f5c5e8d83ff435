import { AllocationCodes, AllocationCodesUpdate } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * Settings → Ministries and funds saves the whole list. A new code (no `id`) gets its id
 * in the answer; a stored code may be changed or made inactive but never left out (400).
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/allocation-codes',
  auth: 'supervisor',
  // The church's own settings, every campus's alike: its whole-church supervisors change them.
  wholeChurch: true,
  body: AllocationCodesUpdate,
  response: AllocationCodes,
  errors: [409],
  uses: ['table'],
  handler: async ({ body, session, db }) => ({ codes: await db.allocationCodes.replace(body, session.user) }),
})
