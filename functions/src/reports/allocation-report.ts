import { AllocationReport, allocationReport, carriedWeekStarts, DateRange } from '@app/core'
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
  query: DateRange,
  response: AllocationReport,
  uses: ['table:read'],
  handler: async ({ query, db }) => {
    const weeks = carriedWeekStarts({ start: query.from, end: query.to })
    const [org, figures, codes, members] = await Promise.all([
      db.organization.get(),
      db.payroll.figuresOfWeeks(weeks.start, weeks.end),
      db.allocationCodes.list(),
      db.users.listForRecords(),
    ])
    const people = new Map(members.map((m) => [m.id, m]))
    const personOf = (id: string) => people.get(id) ?? { firstName: 'Removed', lastName: 'member' }
    return allocationReport(figures, codes, personOf, org.volunteerHourlyRate)
  },
})
