import { Timesheet } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { currentWeekOf } from '../workflows/timesheets.ts'

/** The caller's timesheet for this week in the organization's time zone, created as a draft the first time. */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets/current-week',
  auth: 'member',
  response: Timesheet,
  uses: ['table'],
  handler: async ({ session, db }) => {
    const org = await db.organization.get()
    return db.timesheets.getOrCreate(session.userId, currentWeekOf(org))
  },
})
