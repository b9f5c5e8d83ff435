import * as z from 'zod'
import { TimesheetAnswer, WeekTimesheetSave } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertAllocations } from '../workflows/allocations.ts'
import { withPayroll } from '../workflows/payroll.ts'
import { assertWeekStart } from '../workflows/timesheets.ts'

/** The submit page's Save Timesheet: the draft of the chosen week, created when missing. */
export default defineRoute({
  method: 'POST',
  path: '/api/timesheets/save-draft',
  auth: 'member',
  body: WeekTimesheetSave.safeExtend({ status: z.literal('draft').optional() }),
  response: TimesheetAnswer,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    const { weekStartDate, version, status: _status, ...days } = body
    const org = await db.organization.get()
    assertWeekStart(org, weekStartDate)
    await assertAllocations(db, session.user, days)
    const sheet = await db.timesheets.getOrCreate(session.user, weekStartDate, version)
    return withPayroll(await db.timesheets.saveDays(sheet.id, session.user, days, version), org, session.user)
  },
})
