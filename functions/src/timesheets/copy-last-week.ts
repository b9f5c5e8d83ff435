import { TimesheetAnswer, TimesheetParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { withPayroll } from '../workflows/payroll.ts'

/**
 * Copy last week: the caller's own editable timesheet, its empty days filled from the same
 * weekdays of their previous week (never notes; filled days untouched). 409 when nothing would be copied.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/timesheets/{id}/copy-last-week',
  auth: 'member',
  params: TimesheetParams,
  response: TimesheetAnswer,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ params, session, db }) => {
    const [saved, org] = await Promise.all([db.timesheets.copyLastWeek(params.id, session.user), db.organization.get()])
    return withPayroll(saved, org, session.user)
  },
})
