import { PayPeriodList, periodsBack, PeriodsQuery, todayIn, addDays } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { loadPeriods, periodView } from '../workflows/pay-periods.ts'
import { anchorOf } from '../workflows/payroll.ts'

/** The Payroll page: the current period and the ones before it (or those before `before`), newest first. */
export default defineRoute({
  method: 'GET',
  path: '/api/payroll/periods',
  auth: 'supervisor',
  scope: 'payroll:read',
  query: PeriodsQuery,
  response: PayPeriodList,
  uses: ['table:read'],
  handler: async ({ query, db }) => {
    const org = await db.organization.get()
    const from = query.before ? addDays(query.before, -1) : todayIn(org.timeZone)
    const periods = periodsBack(from, query.count ?? 6, org.payPeriodFrequency, anchorOf(org))
    const data = await loadPeriods(db, periods.at(-1)!, periods[0]!)
    return { periods: periods.map((p) => periodView(org, p, data)) }
  },
})
