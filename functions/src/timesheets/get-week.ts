import * as z from 'zod'
import { CurrentWeek, WeekStartDate } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { withPayroll } from '../workflows/payroll.ts'
import { assertWeekStart } from '../workflows/timesheets.ts'

/**
 * The caller's own timesheet for the week starting `start`, as the submit page's week picker opens
 * it: the saved week with its entries, or (nothing saved yet) an unsaved empty draft with id 0, as
 * the current week answers one. A read only: nothing is created. `periodClosed` says a closed pay
 * period locks the week.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets/week',
  auth: 'member',
  query: z.object({ start: WeekStartDate }),
  response: CurrentWeek,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ query, session, db }) => {
    const org = await db.organization.get()
    assertWeekStart(org, query.start)
    const [saved, periodClosed] = await Promise.all([
      db.timesheets.weekOf(session.userId, query.start),
      db.payroll.weekLocked(query.start),
    ])
    const sheet = saved ?? db.timesheets.unsavedDraft(session.userId, query.start)
    return { ...withPayroll(sheet, org, session.user), periodClosed }
  },
})
