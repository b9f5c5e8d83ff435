import { Campuses } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * The church's campuses, inactive ones included (history and reports name them); none for a
 * church that meets in one place. Supervisors read them: the member form and the filters choose among them.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/organization/campuses',
  auth: 'supervisor',
  response: Campuses,
  uses: ['table:read'],
  handler: async ({ db }) => ({ campuses: await db.campuses.list() }),
})
