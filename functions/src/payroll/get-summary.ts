import { CampusDateRange, campusFilter, PayrollSummary, summaryRow } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { payrollTotals } from '../workflows/payroll.ts'

/** Approved hours of the range per member (volunteers are not payroll), from the figures approval stored. */
export default defineRoute({
  method: 'GET',
  path: '/api/payroll/summary',
  auth: 'supervisor',
  scope: 'payroll:read',
  query: CampusDateRange,
  response: PayrollSummary,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ query, session, db }) => {
    const campuses = campusFilter(session.user, query.campusId)
    const { payroll } = await payrollTotals(db, { start: query.from, end: query.to }, campuses)
    return { from: query.from, to: query.to, members: payroll.map(summaryRow) }
  },
})
