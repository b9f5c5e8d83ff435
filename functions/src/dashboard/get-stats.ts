import { DashboardStats, todayIn, waitingCount } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { rosterOf } from '../workflows/routing.ts'
import { currentWeekOf } from '../workflows/timesheets.ts'

/**
 * The supervisor's stat row, from the maintained aggregates: `waitingForMe` routes each member's
 * pending counts (kept beside the directory) instead of reading the pending timesheets, so its cost
 * does not grow with them.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/dashboard/stats',
  auth: 'supervisor',
  scope: 'timesheets:read',
  response: DashboardStats,
  uses: ['table:read'],
  handler: async ({ db, session }) => {
    const [org, { counts, activeStaff, week, directory, pendingByMember }] = await Promise.all([
      db.organization.get(),
      db.aggregates.summary(),
    ])
    const thisWeek = await week(currentWeekOf(org))
    const roster = rosterOf(directory)
    return {
      pending: counts.pending,
      waitingForMe: waitingCount(session.userId, pendingByMember, org.approvals, roster, todayIn(org.timeZone)),
      approved: thisWeek.approved,
      approvedTotal: counts.approved,
      rejected: counts.rejected,
      totalTimesheets: counts.approved + counts.pending,
      activeEmployees: activeStaff,
    }
  },
})
