import { DraftSave, TimesheetAnswer, TimesheetParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertAllocations } from '../workflows/allocations.ts'
import { withPayroll } from '../workflows/payroll.ts'

/** The weekly dialog's Save: the caller's own draft (or rejected) timesheet, at the version it was based on. */
export default defineRoute({
  method: 'PUT',
  path: '/api/timesheets/draft/{id}',
  auth: 'member',
  params: TimesheetParams,
  body: DraftSave,
  response: TimesheetAnswer,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ params, body, session, db }) => {
    const { version, enteredOffline, ...days } = body
    await assertAllocations(db, session.user, days)
    const [saved, org] = await Promise.all([
      db.timesheets.saveDays(params.id, session.user, days, version, { enteredOffline }),
      db.organization.get(),
    ])
    return withPayroll(saved, org, session.user)
  },
})
