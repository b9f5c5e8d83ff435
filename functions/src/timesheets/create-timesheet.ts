import { WeekTimesheetSave } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { submitWithReviewEmails } from '../support/submission.ts'
import { assertWeekStart } from '../support/timesheet-views.ts'

/** The submit page's Submit Timesheet: saves the chosen week, then submits it for approval. */
export default defineRoute({
  method: 'POST',
  path: '/api/timesheets',
  auth: 'member',
  body: WeekTimesheetSave,
  uses: ['table', 'email'],
  handler: async ({ body, session, db }) => {
    const { weekStartDate, version, ...days } = body
    assertWeekStart(await db.organization.get(), weekStartDate)
    const sheet = await db.timesheets.getOrCreate(session.userId, weekStartDate, version)
    const saved = await db.timesheets.saveDays(sheet.id, session.userId, days, version)
    return submitWithReviewEmails(db, session.user, saved.id, saved.version)
  },
})
