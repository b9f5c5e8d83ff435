import {
  anchorOf,
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
  sameWeeks,
  unapprovedOf,
} from '../workflows/pay-periods.ts'
import { accruePeriod, refusePendingTimeOff } from '../workflows/time-off-accruals.ts'
import { periodEventData } from '../workflows/webhook-events.ts'
import { deliverNow, dropQueued } from '../workflows/webhook-sender.ts'

/**
 * Closes a pay period when no timesheet it carries awaits a decision, and, unless the body says
 * `closeAnyway`, when it has ended, every staff week of it is submitted and every week with work
 * is approved (409 with the reasons or the blockers). With `closeAnyway`, declined and draft weeks
 * are locked as they are, unpaid (approval alone writes payroll figures), and named in the
 * closure. Its weeks are then locked against every edit, submission and decision. The locks are
 * written first and the timesheets read again after, so a submission racing the close either
 * lands before (and the close is undone with 409) or is refused by the lock.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/payroll/periods/{start}/close',
  auth: 'supervisor',
  wholeChurch: true,
  params: PeriodParams,
  body: ClosePeriod,
  response: PayPeriod,
  errors: [404, 409],
  uses: ['table', 'secretsKey'],
  handler: async ({ params, body, session, db }) => {
    // A period closes for the whole church: its supervisors close it.
    const org = await db.organization.get()
    const anchor = anchorOf(org)
    if (!isPeriodStart(params.start, org.payPeriodFrequency, anchor))
      throw badRequest('This date does not start a pay period', { start: 'This date does not start a pay period' })
    const period = periodContaining(params.start, org.payPeriodFrequency, anchor)
    const before = await loadPeriods(db, period, period)
    const closeAnyway = body.closeAnyway === true
    const blockers = blockersOf(period, before, before.members, closeAnyway)
    if (blockers.length) throw blockedError(blockers)
    await refusePendingTimeOff(db, org, period)
    const early = closeAnyway ? null : earlyReasons(org, period, before)
    if (early) throw earlyError(early)

    const unapproved = unapprovedOf(period, before)
    const webhooks = await db.webhooks.event('pay_period.closed', periodEventData(period, session.user))
    await db.payroll.close(period, lockedWeekStarts(period), session.user, { webhooks }, unapproved)
    const after = await loadPeriods(db, period, period)
    const late = blockersOf(period, after, after.members, closeAnyway)
    // A week declined or given work meanwhile would be locked without being named: undone as well.
    const now = unapprovedOf(period, after)
    const renamed = sameWeeks(unapproved, now) ? [] : now
    if (late.length || renamed.length) {
      // The close is undone: its deliveries, not yet tried, are dropped rather than sent.
      await dropQueued(webhooks)
      await db.payroll.reopen(
        period.start,
        `Closing by ${fullName(session.user)} undone: a timesheet changed meanwhile`,
        session.user,
      )
      throw blockedError(late.length ? late : renamed)
    }
    await deliverNow(webhooks)
    // Per-pay-period accruals, once per period (closing again after a reopen grants nothing twice).
    await accruePeriod(db, period, session.user)
    return periodView(org, period, after)
  },
})
