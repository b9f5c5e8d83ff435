import { AppError, CurrentWeek } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { withPayroll } from '../workflows/payroll.ts'
import { currentWeekOf } from '../workflows/timesheets.ts'

/**
 * The caller's timesheet for this week in the organization's time zone, created as a draft the
 * first time; the read-only demo writes nothing, so there a missing week is shown as an unsaved draft,
 * and so is a missing week of a closed pay period (it cannot be created there). `periodClosed`
 * says a closed pay period locks the week.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets/current-week',
  auth: 'member',
  response: CurrentWeek,
  errors: [404, 409],
  uses: ['table'],
  readsOrganization: true,
  handler: async ({ session, db }) => {
    const org = await db.organization.get()
    const week = currentWeekOf(org)
    const unsaved = async () =>
      (await db.timesheets.weekOf(session.userId, week, session.latestWeek)) ??
      db.timesheets.unsavedDraft(session.userId, week)
    // The week and its lock are read together.
    const [sheet, periodClosed] = await Promise.all([
      session.demo
        ? unsaved()
        : db.timesheets.getOrCreate(session.user, week, undefined, session.latestWeek).catch(async (e: unknown) => {
            // Creating a week conflicts only with a closed period's lock (a creation race answers the winner).
            if (e instanceof AppError && e.status === 409 && (await db.payroll.weekLocked(week))) return unsaved()
            throw e
          }),
      db.payroll.weekLocked(week),
    ])
    return { ...withPayroll(sheet, org, session.user), periodClosed }
  },
})
