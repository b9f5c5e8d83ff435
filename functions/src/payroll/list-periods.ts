import { addDays, dateInZone, PayPeriodList, periodsBack, PeriodsQuery, todayIn } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { loadPeriods, periodView } from '../workflows/pay-periods.ts'
import { anchorOf } from '../workflows/payroll.ts'

/**
 * The Payroll page: the current period and the ones before it (or those before `before`), newest
 * first, back to the one in which the organization was created.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/payroll/periods',
  auth: 'supervisor',
  query: PeriodsQuery,
  response: PayPeriodList,
  uses: ['table:read'],
  handler: async ({ query, db }) => {
    const org = await db.organization.get()
    const from = query.before ? addDays(query.before, -1) : todayIn(org.timeZone)
    // Periods start at the organization's creation: none ends before the day it was made.
    const created = dateInZone(org.createdAt, org.timeZone)
    const periods = periodsBack(from, query.count ?? 6, org.payPeriodFrequency, anchorOf(org)).filter(
      (p, i) => p.end >= created || (i === 0 && !query.before),
    )
    if (!periods.length) return { periods: [] }
    const data = await loadPeriods(db, periods.at(-1)!, periods[0]!)
    return { periods: periods.map((p) => periodView(org, p, data)) }
  },
})
