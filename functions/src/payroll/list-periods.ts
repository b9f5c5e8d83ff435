import {
  anchorOf,
  addDays,
  carriesWeek,
  dateInZone,
  PayPeriodList,
  periodsBack,
  PeriodsQuery,
  todayIn,
  type Period,
} from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { loadPeriods, periodView, scopedPeriodData } from '../workflows/pay-periods.ts'

/**
 * The Payroll page: the current period and the ones before it (or those before `before`), newest
 * first, back to the one in which the organization was created (earlier ones only with timesheets).
 */
export default defineRoute({
  method: 'GET',
  path: '/api/payroll/periods',
  auth: 'supervisor',
  scope: 'payroll:read',
  query: PeriodsQuery,
  response: PayPeriodList,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ query, session, db }) => {
    const org = await db.organization.get()
    const from = query.before ? addDays(query.before, -1) : todayIn(org.timeZone)
    const periods = periodsBack(from, query.count ?? 6, org.payPeriodFrequency, anchorOf(org))
    const data = scopedPeriodData(session.user, await loadPeriods(db, periods.at(-1)!, periods[0]!), query.campusId)
    // Periods start at the organization's creation: one that ended before it is listed only when
    // it holds timesheets (weeks entered late), never as a list of weeks nobody owed.
    const created = dateInZone(org.createdAt, org.timeZone)
    const held = (p: Period) => [...data.sheets, ...data.drafts].some((t) => carriesWeek(p, t.weekStartDate))
    const listed = periods.filter((p, i) => (i === 0 && !query.before) || p.end >= created || held(p))
    return { periods: listed.map((p) => periodView(org, p, data)) }
  },
})
