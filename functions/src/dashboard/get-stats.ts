import { DashboardStats } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { currentWeekOf } from '../workflows/timesheets.ts'

/** The supervisor's stat row, from maintained counters and one index count (no timesheet is read). */
export default defineRoute({
  method: 'GET',
  path: '/api/dashboard/stats',
  auth: 'supervisor',
  response: DashboardStats,
  uses: ['table:read'],
  handler: async ({ db }) => {
    const [org, counts, activeEmployees] = await Promise.all([
      db.organization.get(),
      db.timesheets.counts(),
      db.users.countStaff(),
    ])
    const approvedThisWeek = await db.timesheets.countInWeek('approved', currentWeekOf(org))
    return {
      pending: counts.pending,
      approved: approvedThisWeek,
      approvedTotal: counts.approved,
      rejected: counts.rejected,
      totalTimesheets: counts.approved + counts.pending,
      activeEmployees,
    }
  },
})
