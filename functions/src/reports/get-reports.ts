import * as z from 'zod'
import {
  addDays,
  badRequest,
  CampusChoice,
  campusFilter,
  inCampuses,
  isValidDate,
  monthOf,
  Report,
  todayIn,
  weekCampus,
} from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { listed } from '../workflows/timesheets.ts'

const ReportDate = z.string().refine(isValidDate, 'Use a date like 2026-11-16')

/**
 * Submitted timesheets whose week starts within [start, end], with employee and approver (from the
 * member directory). A call without dates answers the current month in the organization's zone; a
 * call with one date takes the other from that date's month.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets/reports',
  auth: 'supervisor',
  scope: 'timesheets:read',
  query: z.object({ start: ReportDate.optional(), end: ReportDate.optional(), ...CampusChoice.shape }),
  response: Report,
  errors: [404],
  uses: ['table:read'],
  readsOrganization: true,
  handler: async ({ query: given, session, db }) => {
    const zoneOrg = given.start || given.end ? undefined : await db.organization.get()
    const month = monthOf(given.start ?? given.end ?? todayIn(zoneOrg!.timeZone))
    const query = { start: given.start ?? month.start, end: given.end ?? month.end }
    if (query.end < query.start)
      throw badRequest('The end date must not be before the start date', {
        end: 'The end date must not be before the start date',
      })
    if (query.end > addDays(query.start, 370))
      throw badRequest('A report covers at most one year', { end: 'A report covers at most one year' })
    const [all, org] = await Promise.all([
      db.timesheets.inWeeks(query.start, query.end),
      zoneOrg ?? db.organization.get(),
    ])
    // Only the members the report names: its employees and approvers.
    const directory = await db.aggregates.entries(
      all.flatMap((t) => (t.approvedBy ? [t.employeeId, t.approvedBy] : [t.employeeId])),
    )
    // One campus's weeks (a campus admin's own), each counted where it was worked.
    const campuses = campusFilter(session.user, given.campusId)
    const sheets = all.filter((t) => inCampuses(campuses, { campusId: weekCampus(t, directory.get(t.employeeId)) }))
    return listed(sheets, directory, org).map((t) => {
      const a = t.approvedBy ? directory.get(t.approvedBy) : undefined
      return { ...t, approver: a ? { firstName: a.firstName, lastName: a.lastName } : null }
    })
  },
})
