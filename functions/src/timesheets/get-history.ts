import { TimesheetHistory, TimesheetParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertWeekInScope } from '../workflows/campuses.ts'

/**
 * Who did what to one timesheet, oldest first: for the organization's supervisors and for the
 * timesheet's own member; anyone else gets 404, as for the timesheet itself.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets/{id}/history',
  auth: 'member',
  scope: 'timesheets:read',
  params: TimesheetParams,
  response: TimesheetHistory,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ params, session, db }) => {
    if (session.role === 'supervisor') {
      await assertWeekInScope(db, session.user, await db.timesheets.get(params.id))
    } else await db.timesheets.ownedBy(params.id, session.userId)
    return db.audit.forTimesheet(params.id)
  },
})
