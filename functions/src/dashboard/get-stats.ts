import { DashboardStats, waitsFor } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { rosterOf } from '../workflows/routing.ts'
import { currentWeekOf } from '../workflows/timesheets.ts'
import { todayIn } from '@app/core'

/**
 * The supervisor's stat row, from the maintained aggregates; `waitingForMe` (issue 31) reads the
 * pending timesheets' routing (their member and approvals only) beside the organization-wide `pending`.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/dashboard/stats',
  auth: 'supervisor',
  scope: 'timesheets:read',
  response: DashboardStats,
  uses: ['table:read'],
  handler: async ({ db, session }) => {
    const [org, { counts, activeStaff, week, directory }, pending] = await Promise.all([
      db.organization.get(),
      db.aggregates.summary(),
      db.timesheets.pendingRouting(),
    ])
    const thisWeek = await week(currentWeekOf(org))
    const roster = rosterOf(directory)
    const today = todayIn(org.timeZone)
    return {
      pending: counts.pending,
      waitingForMe: pending.filter((t) => waitsFor(session.userId, t, org.approvals, roster, today)).length,
      approved: thisWeek.approved,
      approvedTotal: counts.approved,
      rejected: counts.rejected,
      totalTimesheets: counts.approved + counts.pending,
      activeEmployees: activeStaff,
    }
  },
})
