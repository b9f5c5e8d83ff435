import {
  AllocationReport,
  allocationReport,
  CampusDateRange,
  campusFilter,
  carriedWeekStarts,
  inCampuses,
  weekCampus,
} from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * Hours per ministry and fund of the workweeks a date range carries (those ending inside
 * it, as every payroll answer counts them), from the figures approval stored: staff per code and
 * member, volunteers per code valued at the organization's volunteer rate.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/reports/allocation',
  auth: 'supervisor',
  scope: 'payroll:read',
  query: CampusDateRange,
  response: AllocationReport,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ query, session, db }) => {
    const weeks = carriedWeekStarts({ start: query.from, end: query.to })
    const [org, allFigures, codes, members] = await Promise.all([
      db.organization.get(),
      db.payroll.figuresOfWeeks(weeks.start, weeks.end),
      db.allocationCodes.list(),
      db.users.listForRecords(),
    ])
    const people = new Map(members.map((m) => [m.id, m]))
    // One campus's hours (a campus admin's own), each week where it was worked.
    const campuses = campusFilter(session.user, query.campusId)
    const figures = allFigures.filter((f) => inCampuses(campuses, { campusId: weekCampus(f, people.get(f.employeeId)) }))
    const personOf = (id: string) => people.get(id) ?? { firstName: 'Removed', lastName: 'member' }
    return allocationReport(figures, codes, personOf, org.volunteerHourlyRate)
  },
})
