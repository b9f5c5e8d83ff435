import {
  accruedForWork,
  AppError,
  balanceOf,
  capAccrual,
  fromCentiHours,
  replayAccruals,
  leaveDaysOf,
  isEligible,
  policyOf,
  todayIn,
  toCentiHours,
  type LedgerEntry,
  type MemberWeek,
  type Organization,
  type Period,
  type TimeOffKind,
  type TimeOffPolicies,
  type User,
  type TimeOffBalances,
  type TimeOffRequestView,
  TIME_OFF_KINDS,
  waitsFor,
  cancellable,
  conflict,
  notFound,
} from '@app/core'
import { assertMemberItemInScope } from './campuses.ts'
import { refuseClosedWeeks } from './closed-periods.ts'
import type { LedgerPosting, OrgDb, Person, StoredTimeOff } from '@app/data'
import { routingOf } from './routing.ts'
import { timeOffEventData } from './webhook-events.ts'
import { deliverNow } from './webhook-sender.ts'

/**
 * What of time off sends no email (accruals, balances, lists, cancelling, the pay-period
 * check), apart from the request and decision workflow, so routes that use it bundle no mail client.
 */

const today = (org: Organization) => todayIn(org.timeZone)

/** The member's balance of one kind now, in hundredths (what a cap is checked against). */
const balanceCenti = (ledger: readonly LedgerEntry[], kind: TimeOffKind, on: string) =>
  toCentiHours(
    balanceOf(
      ledger.filter((e) => e.kind === kind),
      on,
    ).availableHours,
  )

/** The policies a member earns by hours worked (an approval reads the member's ledger only when there is one). */
export const earningByHoursWorked = (policies: TimeOffPolicies, member: Pick<User, 'payType' | 'role'> | undefined) =>
  member
    ? policies.policies.filter(
        (p) => p.accrual.method === 'perHoursWorked' && isEligible(p, member.payType, member.role),
      )
    : []

/** The id of an approved week's accrual of one kind: it names the timesheet, so a later approval replaces it. */
const weekAccrualId = (timesheetId: number, kind: TimeOffKind) => `ACC#TS#${timesheetId}#${kind}`

/** The postings an approval of the timesheet made (its per-hours-worked accruals), in a member's ledger. */
export const weekAccrualsIn = (timesheetId: number, memberLedger: readonly LedgerEntry[]) => {
  const ids = new Set(TIME_OFF_KINDS.map((kind) => weekAccrualId(timesheetId, kind)))
  return memberLedger.filter((e) => ids.has(e.id))
}

/** The date a week's accrual counts on: the week's last day. */
const accrualDate = (figures: MemberWeek) => figures.days.at(-1)?.date ?? figures.weekStartDate

/** Whether a ledger posting is an approved week's per-hours-worked accrual. */
const isWeekAccrual = (id: string) => /^ACC#TS#\d+#/.test(id)

/**
 * How many of a member's later weeks a change works out again, per kind. Their rewritten postings
 * go in the change's own transaction (DynamoDB takes 100 items), so they are held to a number that
 * fits beside its other items whatever the kinds: 3 kinds × (the week + 12 later) is 39 postings.
 * Only postings whose hours change are written, and those are the later weeks a cap held back (or
 * now holds back) until the balance meets the cap again, so a change of a recent week writes few;
 * a change of a week more than 12 approved weeks back leaves the ones after those as they are.
 */
const LATER_WEEKS_REPLAYED = 12

/** What a change of a member's approved weeks writes to their ledger, in the change's own transaction. */
export interface WeekAccrualChanges {
  ledger: LedgerPosting[]
  unpost: { employeeId: string; id: string }[]
}

/**
 * The per-hours-worked accrual postings to write and to take back when a member's approved weeks
 * change: a final approval (`approved`, the week's figures) or a send-back (`removed`, the
 * timesheet). A cap may have held back a later week's hours because of this week, so the weeks
 * from this one on are worked out again in date order (`replayAccruals`) from the member's ledger
 * alone, which the caller reads anyway: each posting keeps what its week earned before the cap
 * (`earned`), and a week the cap granted nothing keeps a posting of 0 hours, so no payroll figures
 * are read. Earlier weeks cannot depend on it and keep their postings. Ids name the timesheet, so
 * approving it again replaces its own.
 */
export const weekAccrualChanges = (
  member: Pick<User, 'payType' | 'role'> | undefined,
  policies: TimeOffPolicies,
  memberLedger: readonly LedgerEntry[],
  change: { approved: MemberWeek } | { removed: { id: number; employeeId: string } },
): WeekAccrualChanges => {
  const week =
    'approved' in change
      ? { id: change.approved.timesheetId, employeeId: change.approved.employeeId }
      : { id: change.removed.id, employeeId: change.removed.employeeId }
  // A send-back takes back the week's accruals of every kind, earned by hours worked now or not.
  const removed = 'approved' in change ? [] : weekAccrualsIn(week.id, memberLedger).map((e) => e.id)
  const earning = earningByHoursWorked(policies, member)
  const replays = earning.flatMap((p) => {
    if (p.accrual.method !== 'perHoursWorked') return []
    const id = weekAccrualId(week.id, p.kind)
    const replay = replayAccruals(
      memberLedger.filter((e) => e.kind === p.kind),
      'approved' in change
        ? {
            approved: {
              id,
              date: accrualDate(change.approved),
              earned: accruedForWork(change.approved.paidMinutes, p.accrual),
            },
          }
        : { removed: id },
      p.capHours,
      isWeekAccrual,
      LATER_WEEKS_REPLAYED,
    )
    return [{ kind: p.kind, ...replay }]
  })
  const unpost = new Set([...removed, ...replays.flatMap((r) => r.remove)])
  return {
    ledger: replays.flatMap((r) =>
      r.post.map((post) => ({
        id: post.id,
        employeeId: week.employeeId,
        kind: r.kind,
        type: 'accrual' as const,
        hours: fromCentiHours(post.granted),
        earned: fromCentiHours(post.earned),
        date: post.date,
        reason: null,
        byId: null,
      })),
    ),
    unpost: [...unpost].map((id) => ({ employeeId: week.employeeId, id })),
  }
}

/**
 * The accruals of a closed pay period: each eligible member earns each per-period kind's hours
 * (capped), once per period (ids name the period's first day).
 */
export const accruePeriod = async (db: OrgDb, period: { start: string; end: string }, by: Person) => {
  const policies = await db.timeOff.policies()
  const perPeriod = policies.policies.filter((p) => p.accrual.method === 'perPayPeriod')
  if (!perPeriod.length) return 0
  return postForMembers(
    db,
    policies,
    perPeriod.map((p) => p.kind),
    by,
    (p) =>
      p.accrual.method === 'perPayPeriod'
        ? { id: `ACC#PERIOD#${period.start}#${p.kind}`, hours: p.accrual.hours, date: period.end }
        : null,
  )
}

/** Posts one accrual per eligible member and kind, capped, each id once. Answers how many members got one. */
export const postForMembers = async (
  db: OrgDb,
  policies: TimeOffPolicies,
  kinds: TimeOffKind[],
  by: Person | { system: string },
  grant: (p: TimeOffPolicies['policies'][number]) => { id: string; hours: number; date: string } | null,
) => {
  const org = await db.organization.get()
  const members = await db.users.list()
  let posted = 0
  for (const member of members) {
    const ledger = await db.timeOff.ledger(member.id)
    const have = new Set(ledger.map((e) => e.id))
    const postings: LedgerPosting[] = []
    for (const kind of kinds) {
      const p = policyOf(policies, kind)
      const g = grant(p)
      if (!g || have.has(g.id) || !isEligible(p, member.payType, member.role)) continue
      const hours = capAccrual(balanceCenti(ledger, kind, today(org)), toCentiHours(g.hours), p.capHours)
      if (hours > 0)
        postings.push({
          id: g.id,
          employeeId: member.id,
          kind,
          type: 'accrual',
          hours: fromCentiHours(hours),
          date: g.date,
          reason: null,
          byId: null,
        })
    }
    if (await db.timeOff.postOnce(member, postings, 'system' in by ? by : by)) posted++
  }
  return posted
}

export const PERIOD_TIME_OFF_MESSAGE = 'This pay period has time off requests that are pending'

/** A pay period cannot close while a time-off request inside it is pending (409 naming them). */
export const refusePendingTimeOff = async (db: OrgDb, org: Organization, period: Period) => {
  const days = leaveDaysOf(period, org.weekStartDay)
  const pending = await db.timeOff.list({ status: 'pending', from: days.start, to: days.end })
  if (!pending.length) return
  const list = pending.map((r) => `${r.employeeName} (${r.from === r.to ? r.from : `${r.from} – ${r.to}`})`)
  throw new AppError(409, 'conflict', `${PERIOD_TIME_OFF_MESSAGE}: ${list.join(', ')}`, undefined, {
    timeOff: pending.map((r) => ({
      id: r.id,
      employeeId: r.employeeId,
      employeeName: r.employeeName,
      from: r.from,
      to: r.to,
    })),
  })
}

/** The balances (and ledger) of every kind for a member. */
export const balancesFor = async (db: OrgDb, org: Organization, member: User): Promise<TimeOffBalances> => {
  const [policies, ledger] = await Promise.all([db.timeOff.policies(), db.timeOff.ledger(member.id)])
  return {
    employeeId: member.id,
    balances: TIME_OFF_KINDS.map((kind) => {
      const policy = policyOf(policies, kind)
      const entries = ledger.filter((e) => e.kind === kind)
      return {
        kind,
        name: policy.name,
        eligible: isEligible(policy, member.payType, member.role),
        ...balanceOf(entries, today(org)),
        // A week the cap granted nothing keeps a posting of 0 hours for the replay: bookkeeping, not a change to show.
        ledger: entries.filter((e) => e.hours !== 0),
      }
    }),
  }
}

/** A supervisor's list: every request, each marked when it waits for the caller (routed to them, or to whom they stand in for). */
export const withWaiting = async (
  db: OrgDb,
  org: Organization,
  me: string,
  requests: StoredTimeOff[],
): Promise<TimeOffRequestView[]> => {
  if (!requests.some((r) => r.status === 'pending')) return requests
  const { roster, today: on } = await routingOf(db, org)
  const settings = { twoStep: false, finalApproverIds: [] }
  return requests.map((r) => ({
    ...r,
    waitingForMe:
      r.status === 'pending' && waitsFor(me, { employeeId: r.employeeId, approvals: [] }, settings, roster, on),
  }))
}

/** Cancels the caller's own request (a supervisor may cancel anyone's), delivered as `time_off.cancelled`. */
export const cancelTimeOff = async (db: OrgDb, caller: User, id: string) => {
  const org = await db.organization.get()
  const request = await db.timeOff.get(id)
  if (request.employeeId !== caller.id && caller.role !== 'supervisor') throw notFound('time off request')
  await assertMemberItemInScope(db, caller, request.employeeId, 'time off request')
  if (!cancellable(request, today(org)))
    throw conflict('Only a pending request, or an approved one that has not started, can be cancelled')
  // A pending request was never in a period's figures; an approved one is, once its period closed.
  if (request.status === 'approved') await refuseClosedWeeks(db, org, request)
  // The time_off.cancelled deliveries go in the cancellation's transaction, tried after it.
  const webhooks = await db.webhooks.event('time_off.cancelled', timeOffEventData(request, 'cancelled', caller))
  const cancelled = await db.timeOff.cancel(request, today(org), caller, { webhooks })
  await deliverNow(webhooks)
  return cancelled
}
