import { CurrentWeek } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { currentWeekOf } from '../workflows/timesheets.ts'

/**
 * The caller's timesheet for this week in the organization's time zone, created as a draft the
 * first time; the read-only demo writes nothing, so there a missing week is shown as an unsaved draft.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets/current-week',
  auth: 'member',
  response: CurrentWeek,
  uses: ['table'],
  handler: async ({ session, db }) => {
    const week = currentWeekOf(await db.organization.get())
    if (session.demo)
      return (await db.timesheets.weekOf(session.userId, week)) ?? db.timesheets.unsavedDraft(session.userId, week)
    return db.timesheets.getOrCreate(session.user, week)
  },
})
