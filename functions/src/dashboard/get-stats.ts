import { CampusChoice, campusFilter, DashboardStats, inCampuses, todayIn, waitingCount, weekCampus } from '@app/core'
import type { OrgDb } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { rosterOf } from '../workflows/routing.ts'
import { currentWeekOf } from '../workflows/timesheets.ts'

/**
 * The supervisor's stat row, from the maintained aggregates. The whole church's reads three small
 * items (the head with its counts and active staff, this week's figures, the routing item) in one
 * BatchGetItem: `waitingForMe` routes the pending counts kept by approver (and by supervisor, for
 * their own weeks) with the supervisors' time away of today, so its cost grows with neither the
 * pending weeks nor the members. For one campus (a campus admin's own, or `?campusId=`) the pending
 * counts and active staff are the sums of that campus's members, routed with the whole directory;
 * the approved and rejected counts, which the aggregates keep for the whole church only, are
 * counted from its timesheets.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/dashboard/stats',
  auth: 'supervisor',
  scope: 'timesheets:read',
  query: CampusChoice,
  response: DashboardStats,
  errors: [404],
  uses: ['table:read'],
  readsOrganization: true,
  handler: async ({ query, db, session }) => {
    // The organization came with the session: this week's figures are read beside the summary.
    const org = await db.organization.get()
    const thisWeekStart = currentWeekOf(org)
    const campuses = campusFilter(session.user, query.campusId)
    if (campuses) {
      const [{ directory }, pendingByMember] = await Promise.all([
        db.aggregates.summary(),
        db.aggregates.pendingByMember(),
      ])
      const roster = rosterOf(directory)
      const member = (id: string) => directory.get(id)
      const pending = [...pendingByMember].filter(([id]) => inCampuses(campuses, member(id) ?? {}))
      const decided = await decidedIn(db, campuses, thisWeekStart, member)
      return {
        pending: pending.reduce((n, [, c]) => n + c.awaitingFirst + c.awaitingFinal, 0),
        waitingForMe: waitingCount(session.userId, pending, org.approvals, roster, todayIn(org.timeZone)),
        ...decided,
        totalTimesheets: decided.approvedTotal + pending.reduce((n, [, c]) => n + c.awaitingFirst + c.awaitingFinal, 0),
        activeEmployees: [...directory.values()].filter(
          (m) => !m.removed && m.role !== 'supervisor' && inCampuses(campuses, m),
        ).length,
      }
    }
    const { counts, activeStaff, week: thisWeek, waiting } = await db.aggregates.statRow(thisWeekStart)
    return {
      pending: counts.pending,
      waitingForMe: waitingCount(session.userId, waiting.pending, org.approvals, waiting.roster, todayIn(org.timeZone)),
      approved: thisWeek.approved,
      approvedTotal: counts.approved,
      rejected: counts.rejected,
      totalTimesheets: counts.approved + counts.pending,
      activeEmployees: activeStaff,
    }
  },
})

/** A campus's approved (this week, and in all) and rejected weeks, each counted where it was worked. */
const decidedIn = async (
  db: OrgDb,
  campuses: readonly string[],
  thisWeekStart: string,
  member: (id: string) => { campusId?: string | null } | undefined,
) => {
  const [approved, rejected] = await Promise.all([db.timesheets.all('approved'), db.timesheets.all('rejected')])
  const here = (t: { employeeId: string; campusId?: string }) =>
    inCampuses(campuses, { campusId: weekCampus(t, member(t.employeeId)) })
  const approvedHere = approved.filter(here)
  return {
    approved: approvedHere.filter((t) => t.weekStartDate === thisWeekStart).length,
    approvedTotal: approvedHere.length,
    rejected: rejected.filter(here).length,
  }
}
