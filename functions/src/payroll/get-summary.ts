import { DateRange, PayrollSummary, summaryRow } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { payrollTotals } from '../workflows/payroll.ts'

/** Approved hours of the range per member (volunteers are not payroll), from the figures approval stored. */
export default defineRoute({
  method: 'GET',
  path: '/api/payroll/summary',
  auth: 'supervisor',
  scope: 'payroll:read',
  query: DateRange,
  response: PayrollSummary,
  uses: ['table:read'],
  handler: async ({ query, db }) => {
    const { payroll } = await payrollTotals(db, { start: query.from, end: query.to })
    return { from: query.from, to: query.to, members: payroll.map(summaryRow) }
  },
})
