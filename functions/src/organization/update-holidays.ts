import { badRequest, campusScopeProblem, changedHolidayDates, HolidayCalendar } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { refuseClosedDays } from '../workflows/closed-periods.ts'

/**
 * Supervisors save the holidays (paid hours each) and the blackout dates (with the reason members
 * see). A holiday added, removed or changed in a closed pay period is refused: it is in that
 * period's figures.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/holidays',
  auth: 'supervisor',
  wholeChurch: true,
  body: HolidayCalendar,
  response: HolidayCalendar,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    // The church's calendar: its whole-church supervisors keep it, a campus's holidays included.
    const named = body.holidays.flatMap((h) => (h.campusId ? [h.campusId] : []))
    const problem = named.length ? campusScopeProblem(await db.campuses.list(), named) : undefined
    if (problem) throw badRequest(problem, { holidays: problem })
    const [org, before] = await Promise.all([db.organization.get(), db.timeOff.calendar()])
    await refuseClosedDays(db, org, changedHolidayDates(before.holidays, body.holidays))
    return db.timeOff.setCalendar(body, session.user, before)
  },
})
