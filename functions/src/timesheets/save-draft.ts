import * as z from 'zod'
import { Timesheet, WeekTimesheetSave } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertWeekStart } from '../workflows/timesheets.ts'

/** The submit page's Save Timesheet: the draft of the chosen week, created when missing. */
export default defineRoute({
  method: 'POST',
  path: '/api/timesheets/save-draft',
  auth: 'member',
  body: WeekTimesheetSave.extend({ status: z.literal('draft').optional() }),
  response: Timesheet,
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    const { weekStartDate, version, status: _status, ...days } = body
    assertWeekStart(await db.organization.get(), weekStartDate)
    const sheet = await db.timesheets.getOrCreate(session.user, weekStartDate, version)
    return db.timesheets.saveDays(sheet.id, session.user, days, version)
  },
})
