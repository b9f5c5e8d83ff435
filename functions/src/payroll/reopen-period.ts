import { anchorOf, PayPeriod, PeriodParams, periodContaining, ReopenPeriod } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { loadPeriods, periodView } from '../workflows/pay-periods.ts'

/** Reopens a closed pay period, with the reason kept on it; its timesheets can change again. */
export default defineRoute({
  method: 'POST',
  path: '/api/payroll/periods/{start}/reopen',
  auth: 'supervisor',
  wholeChurch: true,
  params: PeriodParams,
  body: ReopenPeriod,
  response: PayPeriod,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ params, body, db, session }) => {
    const org = await db.organization.get()
    await db.payroll.reopen(params.start, body.reason, session.user)
    const stored = (await db.payroll.periods(params.start, params.start))[0]
    const period = stored ?? periodContaining(params.start, org.payPeriodFrequency, anchorOf(org))
    return periodView(org, period, await loadPeriods(db, period, period))
  },
})
