import {
  accruedForWork,
  addDays,
  AppError,
  carriedWeekStarts,
  balanceOf,
  capAccrual,
  checkRequest,
  forbidden,
  isEligible,
  notFound,
  policyOf,
  reviewersOf,
  todayIn,
  toCentiHours,
  fromCentiHours,
  waitsFor,
  cancellable,
  conflict,
  TIME_OFF_KINDS,
  type MemberWeek,
  type Organization,
  type TimeOffBalances,
  type TimeOffKind,
  type TimeOffPolicies,
  type TimeOffRequestInput,
  type TimeOffRequestView,
  type User,
  type LedgerEntry,
} from '@app/core'
import type { LedgerPosting, OrgDb, Person, StoredTimeOff } from '@app/data'
import { config } from '@app/adapters'
import type { QueuedEmail } from '@app/data'
import { brandOf, queuedEmail, recipientOf } from '../views/templates.ts'
import { deliver } from './mailer.ts'
import { memberRoutingOf, routingOf } from './routing.ts'
import { reviewersWithEmail } from './submission.ts'

/**
 * Issue 32: time off. A request goes to the member's approver (or their delegate while away) as a
 * timesheet does (issue 31's routing); any supervisor may decide it. Accruals per hours worked are
 * posted with the timesheet's (final) approval, per pay period when a period closes, yearly by the job.
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

/**
 * The per-hours-worked accruals an approved member-week earns (capped), to post in the approval's
 * own transaction. Ids name the timesheet, so approving it again after a reopen replaces them.
 */
export const accrualsForWeek = async (
  db: OrgDb,
  org: Organization,
  member: Pick<User, 'payType' | 'role'> | undefined,
  figures: MemberWeek,
): Promise<LedgerPosting[]> => {
  if (!member || figures.paidMinutes <= 0) return []
  const policies = await db.timeOff.policies()
  const earning = policies.policies.filter(
    (p) => p.accrual.method === 'perHoursWorked' && isEligible(p, member.payType, member.role),
  )
  if (!earning.length) return []
  const id = `ACC#TS#${figures.timesheetId}`
  const ledger = (await db.timeOff.ledger(figures.employeeId)).filter((e) => !e.id.startsWith(id))
  const on = figures.days.at(-1)?.date ?? figures.weekStartDate
  return earning.flatMap((p) => {
    if (p.accrual.method !== 'perHoursWorked') return []
    const earned = accruedForWork(figures.paidMinutes, p.accrual)
    const granted = capAccrual(balanceCenti(ledger, p.kind, today(org)), earned, p.capHours)
    return granted > 0
      ? [
          {
            id: `${id}#${p.kind}`,
            employeeId: figures.employeeId,
            kind: p.kind,
            type: 'accrual' as const,
            hours: fromCentiHours(granted),
            date: on,
            reason: null,
            byId: null,
          },
        ]
      : []
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
        ledger: entries,
      }
    }),
  }
}

/** Checks and records a member's request, held against their balance. */
export const requestTimeOff = async (db: OrgDb, member: User, input: TimeOffRequestInput) => {
  const org = await db.organization.get()
  const [policies, calendar, ledger, existing] = await Promise.all([
    db.timeOff.policies(),
    db.timeOff.calendar(),
    db.timeOff.ledger(member.id),
    db.timeOff.list({ employeeId: member.id, from: input.from, to: input.to }),
  ])
  const policy = policyOf(policies, input.kind)
  const { days, hours } = checkRequest({
    request: input,
    policy,
    payType: member.payType,
    role: member.role,
    calendar,
    existing: existing.filter((r) => r.status === 'pending' || r.status === 'approved'),
    availableHours: balanceOf(
      ledger.filter((e) => e.kind === input.kind),
      today(org),
    ).availableHours,
  })
  // The approver (or their delegate while away; every other supervisor when none) is asked, in the request's transaction.
  const reviewers = org.approvalEmails ? await reviewersWithEmail(db, org, member) : []
  const request = {
    employee: `${member.firstName} ${member.lastName}`,
    kind: policy.name,
    from: input.from,
    to: input.to,
    hours,
  }
  const emails = reviewers.map((r) =>
    queuedEmail('timeOffRequested', r.language, {
      to: recipientOf(r),
      organization: brandOf(org),
      request,
      reviewUrl: `${config.appOrigin}/`,
    }),
  )
  const created = await db.timeOff.create({ ...input, days, hours }, member, { emails })
  await sendNow(db, emails, org)
  return created
}

const sendNow = async (db: OrgDb, emails: QueuedEmail[], org: Organization) => {
  await Promise.all(emails.map((e) => deliver(db.orgId, e.id, e.email, 0, org)))
}

/** Who a request is routed to now: the member's approver, or that approver's delegate while away (issue 31). */
export const requestReviewers = async (db: OrgDb, org: Organization, member: User) => {
  const { roster, today: on } = await memberRoutingOf(db, org, member, member.id)
  return reviewersOf(member.id, roster, on)
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

/** A supervisor's decision: never on their own request; one decision wins. */
export const decideTimeOff = async (
  db: OrgDb,
  supervisor: User,
  id: string,
  status: 'approved' | 'rejected',
  comments: string,
) => {
  const request = await db.timeOff.get(id)
  if (request.employeeId === supervisor.id) throw forbidden('You cannot approve or decline your own time off')
  if (request.status !== 'pending') throw conflict('This time off request has already been decided')
  const [org, member, policies] = await Promise.all([
    db.organization.get(),
    db.users.findForRecords(request.employeeId),
    db.timeOff.policies(),
  ])
  const emails = member?.email
    ? [
        queuedEmail('timeOffDecided', member.language, {
          to: recipientOf({ email: member.email, firstName: member.firstName }),
          organization: brandOf(org),
          request: {
            employee: request.employeeName,
            kind: policyOf(policies, request.kind).name,
            from: request.from,
            to: request.to,
            hours: request.hours,
          },
          status,
          comment: comments,
          url: `${config.appOrigin}/`,
        }),
      ]
    : []
  const decided = await db.timeOff.decide(request, status, comments, supervisor, { emails })
  await sendNow(db, emails, org)
  return decided
}

/** Cancels the caller's own request (a supervisor may cancel anyone's). */
export const cancelTimeOff = async (db: OrgDb, caller: User, id: string) => {
  const org = await db.organization.get()
  const request = await db.timeOff.get(id)
  if (request.employeeId !== caller.id && caller.role !== 'supervisor') throw notFound('time off request')
  if (!cancellable(request, today(org)))
    throw conflict('Only a pending request, or an approved one that has not started, can be cancelled')
  return db.timeOff.cancel(request, today(org), caller)
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

/** Issue 32: a pay period cannot close while a time-off request inside it is pending (409 naming them). */
export const refusePendingTimeOff = async (db: OrgDb, period: { start: string; end: string }) => {
  const weeks = carriedWeekStarts(period)
  const pending = await db.timeOff.list({ status: 'pending', from: weeks.start, to: addDays(weeks.end, 6) })
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
