import { SubmittedTimesheet, WeekTimesheetSave } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertAllocations } from '../workflows/allocations.ts'
import { withPayroll } from '../workflows/payroll.ts'
import { submitWithReviewEmails } from '../workflows/submission.ts'
import { assertWeekStart } from '../workflows/timesheets.ts'

/** The submit page's Submit Timesheet: saves the chosen week, then submits it for approval. */
export default defineRoute({
  method: 'POST',
  path: '/api/timesheets',
  auth: 'member',
  body: WeekTimesheetSave,
  response: SubmittedTimesheet,
  errors: [404, 409],
  uses: ['table', 'email', 'secretsKey'],
  handler: async ({ body, session, db }) => {
    const { weekStartDate, version, ...days } = body
    const org = await db.organization.get()
    assertWeekStart(org, weekStartDate)
    await assertAllocations(db, session.user, days)
    const sheet = await db.timesheets.getOrCreate(session.user, weekStartDate, version)
    // One read of each, and the days saved and submitted in one write with the review emails.
    const { submitted, reviewEmailsHeldFor } = await submitWithReviewEmails(db, session.user, sheet, {
      expectedVersion: version,
      days,
      org,
    })
    return { ...withPayroll(submitted, org, session.user), reviewEmailsHeldFor }
  },
})
