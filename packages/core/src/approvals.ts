import * as z from 'zod'
import type { Role } from './roles.ts'
import { isCalendarDate, isValidDate } from './week.ts'
import { requiredText } from './text-schemas.ts'

/**
 * Each member's approver (the spec's `supervisorId`), a supervisor's time away with a
 * delegate, and the optional second approval. Who is asked to decide a pending timesheet is
 * computed here only; the server's emails, digest, reminders and "Waiting for me" all read it.
 */

const DATE_MESSAGE = 'Use a date like 2026-11-16'
const AwayDate = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .refine(isCalendarDate, DATE_MESSAGE)
  .refine(isValidDate, 'Use a date between 2000 and 2100')

export const AWAY_ORDER_MESSAGE = 'The last day away must be on or after the first'
export const DELEGATE_MESSAGE = 'Choose another supervisor of your organization'
export const APPROVER_MESSAGE = 'Approver must be a supervisor of your organization'
export const FINAL_APPROVERS_MESSAGE = 'Final approvers must be supervisors of your organization'
export const FINAL_APPROVERS_REQUIRED = 'Choose at least one final approver'
export const REPEAT_APPROVAL_MESSAGE =
  'You already approved this timesheet; another supervisor must give the final approval'
export const APPROVALS_LOCKED_MESSAGE = 'Only a final approver can change the second approval'

/** A supervisor's time away (dates in the organization's zone, both days included) and who decides for them. */
export const Away = z
  .object({
    from: AwayDate,
    to: AwayDate,
    delegateId: requiredText(DELEGATE_MESSAGE, 100, DELEGATE_MESSAGE),
  })
  .refine((a) => a.to >= a.from, { message: AWAY_ORDER_MESSAGE, path: ['to'] })
export type Away = z.infer<typeof Away>

/** The member's approver in a request: a member id or null (none); checked against the organization by the server. */
export const ApproverId = requiredText(APPROVER_MESSAGE, 100, APPROVER_MESSAGE).nullable()

const ApprovalSettingsFields = z.object({
  twoStep: z.boolean({ error: 'twoStep must be true or false' }),
  finalApproverIds: z
    .array(z.string({ error: FINAL_APPROVERS_MESSAGE }).min(1, FINAL_APPROVERS_MESSAGE).max(100), {
      error: FINAL_APPROVERS_MESSAGE,
    })
    .max(50, FINAL_APPROVERS_MESSAGE)
    .default([]),
})

/** PUT /api/organization/approvals (and its answer). */
export const ApprovalSettings = ApprovalSettingsFields.refine((s) => !s.twoStep || s.finalApproverIds.length > 0, {
  message: FINAL_APPROVERS_REQUIRED,
  path: ['finalApproverIds'],
})
export type ApprovalSettings = z.infer<typeof ApprovalSettings>

/** A supervisor someone may choose as a member's approver or as their delegate: a name, and the campuses they run (none: the whole church). */
export const SupervisorChoice = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  campusIds: z.array(z.string()).optional(),
})
export type SupervisorChoice = z.infer<typeof SupervisorChoice>

/**
 * GET /api/organization/approvals: the settings and, for a campus admin only, `supervisors`:
 * every supervisor who reaches one of their campuses. Their member list holds their campuses'
 * members alone, so it leaves out the whole church's supervisors they may still choose as an
 * approver or a delegate.
 */
export const ApprovalSettingsView = ApprovalSettingsFields.extend({
  supervisors: z.array(SupervisorChoice).optional(),
})
export type ApprovalSettingsView = z.infer<typeof ApprovalSettingsView>
export const defaultApprovalSettings = (): ApprovalSettings => ({ twoStep: false, finalApproverIds: [] })

/** One approval of a timesheet: who approved, for whom when a delegate decided, and when. */
export const TimesheetApproval = z.object({
  approverId: z.string(),
  onBehalfOfId: z.string().nullable().default(null),
  at: z.string(),
})
export type TimesheetApproval = z.infer<typeof TimesheetApproval>

/** What routing needs of a member (a `User` or a directory entry with its id). */
export interface RoutingMember {
  id: string
  role: Role
  supervisorId: string | null
  away: Away | null
  removed?: boolean
}

export type Roster = ReadonlyMap<string, RoutingMember>

const isSupervisor = (m: RoutingMember | undefined): m is RoutingMember =>
  Boolean(m && !m.removed && m.role === 'supervisor')

/** Whether `away` covers `today` (a date in the organization's zone). */
export const isAwayOn = (away: Away | null | undefined, today: string) =>
  Boolean(away && away.from <= today && today <= away.to)

/** The supervisor deciding for `id` today: their delegate while they are away (a current supervisor), else themselves. */
export const actingFor = (id: string, roster: Roster, today: string): string => {
  const m = roster.get(id)
  if (!m || !isAwayOn(m.away, today)) return id
  const delegate = roster.get(m.away!.delegateId)
  return isSupervisor(delegate) && delegate.id !== id ? delegate.id : id
}

/** The member's approver when it is a current supervisor other than the member, else null. */
export const approverOf = (memberId: string, roster: Roster): string | null => {
  const approver = roster.get(memberId)?.supervisorId
  const m = approver ? roster.get(approver) : undefined
  return isSupervisor(m) && m.id !== memberId ? m.id : null
}

const unique = (ids: string[]) => [...new Set(ids)]

/**
 * Who is asked to decide `memberId`'s submission: their approver (or the approver's delegate while
 * away); with no approver, every other supervisor (each replaced by their delegate while away).
 * Nobody is ever asked about their own week. `delegation: false` answers before delegation.
 */
export const reviewersOf = (memberId: string, roster: Roster, today: string, delegation = true): string[] => {
  const act = (id: string) => (delegation ? actingFor(id, roster, today) : id)
  const approver = approverOf(memberId, roster)
  if (approver) {
    const acting = act(approver)
    if (acting !== memberId) return [acting]
  }
  const others = [...roster.values()].filter((m) => isSupervisor(m) && m.id !== memberId).map((m) => m.id)
  const acting = unique(others.map(act)).filter((id) => id !== memberId)
  return acting.length ? acting : others
}

/** The final approvers who may finish a two-step approval of `memberId`'s week (never the member). */
export const finalApproversFor = (memberId: string, settings: ApprovalSettings, roster: Roster): string[] =>
  settings.twoStep ? settings.finalApproverIds.filter((id) => id !== memberId && isSupervisor(roster.get(id))) : []

/** Who is asked for the final approval once the first is recorded: the final approvers, or their delegates while away. */
export const finalReviewersOf = (
  memberId: string,
  settings: ApprovalSettings,
  roster: Roster,
  today: string,
  delegation = true,
): string[] =>
  unique(
    finalApproversFor(memberId, settings, roster).map((id) => (delegation ? actingFor(id, roster, today) : id)),
  ).filter((id) => id !== memberId)

/**
 * What an approval by `deciderId` (for `onBehalfOfId`, when a delegate decides) does: `final`
 * makes the timesheet approved; `first` records the first of two approvals and leaves it pending;
 * `waiting` means the first approval is already recorded and only a final approver may approve;
 * `repeat` means the decider (or whom they decide for) already gave an approval of it: two
 * approvals are two people, whatever the settings became since the first.
 */
export const approvalStep = (p: {
  memberId: string
  deciderId: string
  onBehalfOfId: string | null
  settings: ApprovalSettings
  roster: Roster
  approvals: readonly TimesheetApproval[]
}): 'final' | 'first' | 'waiting' | 'repeat' => {
  const deciders = [p.deciderId, p.onBehalfOfId].filter((id): id is string => id !== null)
  if (
    p.approvals.some(
      (a) => deciders.includes(a.approverId) || (a.onBehalfOfId !== null && deciders.includes(a.onBehalfOfId)),
    )
  )
    return 'repeat'
  const finals = finalApproversFor(p.memberId, p.settings, p.roster)
  if (!finals.length) return 'final'
  if (finals.includes(p.deciderId) || (p.onBehalfOfId !== null && finals.includes(p.onBehalfOfId))) return 'final'
  return p.approvals.length ? 'waiting' : 'first'
}

/** Whom a delegate decides for: the member's approver when `deciderId` is that approver's delegate today, else null. */
export const onBehalfOf = (memberId: string, deciderId: string, roster: Roster, today: string): string | null => {
  const approver = approverOf(memberId, roster)
  if (!approver || approver === deciderId) return null
  return actingFor(approver, roster, today) === deciderId ? approver : null
}

/** What routing reads of a pending timesheet: its member, and whether a first approval is recorded (its approvals' count). */
export interface PendingSheet {
  employeeId: string
  approvals: readonly unknown[]
}

/**
 * Whether a pending timesheet waits for `me`: routed to me (after delegation) or to me as the
 * approver before delegation (an away supervisor still sees their own members' weeks).
 */
export const waitsFor = (
  me: string,
  sheet: PendingSheet,
  settings: ApprovalSettings,
  roster: Roster,
  today: string,
): boolean => {
  if (sheet.employeeId === me) return false
  return (
    routedTo(sheet, settings, roster, today).includes(me) ||
    routedTo(sheet, settings, roster, today, false).includes(me)
  )
}

/**
 * Who a pending timesheet is routed to now (emails, the digest): the member's reviewers, or the
 * final approvers once its first of two approvals is recorded.
 */
export const routedTo = (
  sheet: PendingSheet,
  settings: ApprovalSettings,
  roster: Roster,
  today: string,
  delegation = true,
): string[] =>
  sheet.approvals.length && finalApproversFor(sheet.employeeId, settings, roster).length
    ? finalReviewersOf(sheet.employeeId, settings, roster, today, delegation)
    : reviewersOf(sheet.employeeId, roster, today, delegation)

/** How many approvals a pending timesheet still needs in all ("1 of 2 approvals"): 2 with a second step, else 1. */
export const approvalsNeeded = (memberId: string, settings: ApprovalSettings, roster: Roster) =>
  finalApproversFor(memberId, settings, roster).length ? 2 : 1

/** Stands for the first approval of a pending timesheet: routing reads only how many there are. */
const FIRST_RECORDED = 'a first approval'

/**
 * How many pending timesheets wait for `me`, from each member's pending counts before and after a
 * first approval: the same answer as `waitsFor` over every pending timesheet, without reading them.
 */
export const waitingCount = (
  me: string,
  pendingByMember: Iterable<[string, { awaitingFirst: number; awaitingFinal: number }]>,
  settings: ApprovalSettings,
  roster: Roster,
  today: string,
): number => {
  let count = 0
  for (const [employeeId, pending] of pendingByMember) {
    if (pending.awaitingFirst && waitsFor(me, { employeeId, approvals: [] }, settings, roster, today))
      count += pending.awaitingFirst
    if (pending.awaitingFinal && waitsFor(me, { employeeId, approvals: [FIRST_RECORDED] }, settings, roster, today))
      count += pending.awaitingFinal
  }
  return count
}

/**
 * Whether `userId` (a supervisor) may change the second approval: while it is on with final
 * approvers who are current supervisors (`supervisorIds`), only they may (else a first approver
 * could name themself final, or turn it off, and approve twice); otherwise any supervisor may.
 */
export const mayChangeApprovals = (userId: string, settings: ApprovalSettings, supervisorIds: ReadonlySet<string>) => {
  const finals = settings.twoStep ? settings.finalApproverIds.filter((id) => supervisorIds.has(id)) : []
  return finals.length === 0 || finals.includes(userId)
}
