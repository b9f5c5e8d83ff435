import {
  badRequest,
  ClosePeriod,
  fullName,
  isPeriodStart,
  lockedWeekStarts,
  PayPeriod,
  PeriodParams,
  periodContaining,
} from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import {
  blockedError,
  blockersOf,
  earlyError,
  earlyReasons,
  loadPeriods,
  periodView,
} from '../workflows/pay-periods.ts'
import { anchorOf } from '../workflows/payroll.ts'
import { accruePeriod, refusePendingTimeOff } from '../workflows/time-off-accruals.ts'
import { periodEventData } from '../workflows/webhook-events.ts'
import { deliverNow, dropQueued } from '../workflows/webhook-sender.ts'

/**
 * Closes a pay period when every timesheet it carries is approved, and, unless the body says
 * `closeAnyway`, when it has ended and every staff week of it is submitted (409 with the reasons); its weeks are then locked
 * against every edit, submission and decision. The locks are written first and the timesheets
 * read again after, so a submission racing the close either lands before (and the close is
 * undone with 409) or is refused by the lock.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/payroll/periods/{start}/close',
  auth: 'supervisor',
  params: PeriodParams,
  body: ClosePeriod,
  response: PayPeriod,
  uses: ['table', 'secretsKey'],
  handler: async ({ params, body, session, db }) => {
    const org = await db.organization.get()
    const anchor = anchorOf(org)
    if (!isPeriodStart(params.start, org.payPeriodFrequency, anchor))
      throw badRequest('This date does not start a pay period', { start: 'This date does not start a pay period' })
    const period = periodContaining(params.start, org.payPeriodFrequency, anchor)
    const before = await loadPeriods(db, period, period)
    const blockers = blockersOf(period, before, before.members)
    if (blockers.length) throw blockedError(blockers)
    await refusePendingTimeOff(db, period)
    const early = body.closeAnyway ? null : earlyReasons(org, period, before)
    if (early) throw earlyError(early)

    const webhooks = await db.webhooks.event('pay_period.closed', periodEventData(period, session.user))
    await db.payroll.close(period, lockedWeekStarts(period), session.user, { webhooks })
    const after = await loadPeriods(db, period, period)
    const late = blockersOf(period, after, after.members)
    if (late.length) {
      // The close is undone: its deliveries, not yet tried, are dropped rather than sent.
      await dropQueued(webhooks)
      await db.payroll.reopen(
        period.start,
        `Closing by ${fullName(session.user)} undone: a timesheet changed meanwhile`,
        session.user,
      )
      throw blockedError(late)
    }
    await deliverNow(webhooks)
    // Issue 32: per-pay-period accruals, once per period (closing again after a reopen grants nothing twice).
    await accruePeriod(db, period, session.user)
    return periodView(org, period, after)
  },
})
