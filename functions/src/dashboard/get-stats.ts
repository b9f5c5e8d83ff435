import { DashboardStats } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { currentWeekOf } from '../workflows/timesheets.ts'

/** The supervisor's stat row, from the maintained aggregates (no timesheet or member is read). */
export default defineRoute({
  method: 'GET',
  path: '/api/dashboard/stats',
  auth: 'supervisor',
  scope: 'timesheets:read',
  response: DashboardStats,
  uses: ['table:read'],
  handler: async ({ db }) => {
    const [org, { counts, activeStaff, week }] = await Promise.all([db.organization.get(), db.aggregates.summary()])
    const thisWeek = await week(currentWeekOf(org))
    return {
      pending: counts.pending,
      approved: thisWeek.approved,
      approvedTotal: counts.approved,
      rejected: counts.rejected,
      totalTimesheets: counts.approved + counts.pending,
      activeEmployees: activeStaff,
    }
  },
})
