import {
  carriedWeekStarts,
  carriesWeek,
  dateInZone,
  lockedWeekStarts,
  hasAnyTime,
  hoursOf,
  isWeekStart,
  PERIOD_BLOCKED_MESSAGE,
  PERIOD_EARLY_MESSAGE,
  todayIn,
  weekEnd,
  AppError,
  type MemberWeek,
  type Organization,
  type PayPeriod,
  type Period,
  type Person,
  type Timesheet,
  type UnapprovedWeek,
  type User,
  campusFilter,
  inCampuses,
} from '@app/core'
import { directoryEntryOf, type ClosedUnapproved, type OrgDb, type StoredPeriod } from '@app/data'
import { weeksAtCampus } from './campuses.ts'
import { listed } from './timesheets.ts'

/**
 * Pay periods as the Payroll page lists them, and their close. A period carries the workweeks
 * that end inside it (packages/core/src/pay-periods.ts), so its totals, its blockers and the
 * weeks its close locks are all taken from those workweeks.
 */

const person = (u: Pick<User, 'id' | 'firstName' | 'lastName'>): Person => ({
  employeeId: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
})
const byName = (a: Person, b: Person) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName)

/** A week that holds work and was declined or never submitted: closed only with `closeAnyway`, unpaid. */
const unapprovedWork = (t: Timesheet) => t.status === 'rejected' || (t.status === 'draft' && hasAnyTime(t))

/**
 * A timesheet that keeps a period from closing: one awaiting a decision always (somebody must
 * decide it first), and a declined or draft week with work unless the close says `closeAnyway`.
 */
const blocks = (t: Timesheet, closeAnyway: boolean) => t.status === 'pending' || (!closeAnyway && unapprovedWork(t))

export interface PeriodData {
  stored: StoredPeriod[]
  figures: MemberWeek[]
  sheets: Timesheet[]
  drafts: Timesheet[]
  /** Everyone the weeks may name (a member who moved away is named on their old campus's weeks). */
  members: User[]
  /** Who owes the periods' weeks: the whole church's members, or a campus's current ones. */
  owing: User[]
}

/**
 * The periods for one campus or a campus admin's own (`campusFilter`: a campus admin's default
 * is their campuses, exactly as if they had asked for them): the weeks worked there
 * (`weeksAtCampus`, the lists' one filter), whoever worked them and wherever they are now, and its
 * current members as those who owe weeks. The period itself, and closing it, are the whole church's.
 */
export const scopedPeriodData = (actor: Pick<User, 'campusIds'>, data: PeriodData, campusId?: string): PeriodData => {
  const byId = new Map(data.members.map((m) => [m.id, m]))
  const atCampus = weeksAtCampus(actor, campusId, (id) => byId.get(id))
  if (!atCampus) return data
  const campuses = campusFilter(actor, campusId)
  return {
    ...data,
    owing: data.owing.filter((m) => inCampuses(campuses, m)),
    figures: data.figures.filter(atCampus),
    sheets: data.sheets.filter(atCampus),
    drafts: data.drafts.filter(atCampus),
  }
}

/** Everything the periods from `oldest` to `newest` need, in a few queries whatever their number. */
export const loadPeriods = async (db: OrgDb, oldest: Period, newest: Period): Promise<PeriodData> => {
  const weeks = carriedWeekStarts({ start: oldest.start, end: newest.end })
  const [stored, figures, sheets, drafts, members] = await Promise.all([
    db.payroll.periods(oldest.start, newest.start),
    db.payroll.figuresOfWeeks(weeks.start, weeks.end),
    db.timesheets.inWeeks(weeks.start, weeks.end),
    db.timesheets.draftsInWeeks(weeks.start, weeks.end),
    db.users.list(),
  ])
  return { stored, figures, sheets, drafts, members, owing: members }
}

export const periodView = (org: Organization, period: Period, data: PeriodData): PayPeriod => {
  const stored = data.stored.find((p) => p.start === period.start && p.end === period.end)
  const figures = data.figures.filter((f) => f.role !== 'volunteer' && carriesWeek(period, f.weekStartDate))
  const sheets = data.sheets.filter((t) => carriesWeek(period, t.weekStartDate))
  const names = new Map(data.members.map((m) => [m.id, m]))
  const named = (ids: Iterable<string>) =>
    [...new Set(ids)].flatMap((id) => (names.has(id) ? [person(names.get(id)!)] : [])).sort(byName)
  // Staff who owe a timesheet for a workweek the period carries, now ended, and have not submitted one.
  const today = todayIn(org.timeZone)
  const notSubmitted = missingWeeks(org, period, data, (week) => weekEnd(week) < today).map((m) => m.id)
  const sum = (pick: (f: MemberWeek) => number) => figures.reduce((a, f) => a + pick(f), 0)
  return {
    start: period.start,
    end: period.end,
    status: stored?.status ?? 'open',
    closedAt: stored?.closedAt ?? null,
    closedBy: stored?.closedBy ?? null,
    reopenedReason: stored?.reopenedReason ?? null,
    notSubmitted: named(notSubmitted),
    pending: named(sheets.filter((t) => t.status === 'pending').map((t) => t.employeeId)),
    approvedHours: hoursOf(sum((f) => f.paidMinutes)),
    regularHours: hoursOf(sum((f) => f.regularMinutes)),
    overtimeHours: hoursOf(sum((f) => f.overtimeMinutes)),
    doubleTimeHours: hoursOf(sum((f) => f.doubleTimeMinutes)),
    breakMinutes: sum((f) => f.breakMinutes),
    unapproved: unapprovedView(org, stored?.status === 'closed' ? stored.unapproved : unapprovedOf(period, data), data),
  }
}

/** The declined and draft weeks with work that `period` carries now, by member name then week. */
export const unapprovedOf = (period: Period, data: PeriodData): ClosedUnapproved[] => {
  const names = new Map(data.members.map((m) => [m.id, m]))
  return [...data.sheets, ...data.drafts]
    .filter((t) => carriesWeek(period, t.weekStartDate) && unapprovedWork(t))
    .map((t) => {
      const m = names.get(t.employeeId)
      return {
        ...(m ? person(m) : { employeeId: t.employeeId, firstName: 'Removed', lastName: 'member' }),
        weekStartDate: t.weekStartDate,
        timesheetId: t.id,
        status: t.status === 'rejected' ? ('rejected' as const) : ('draft' as const),
      }
    })
    .sort((a, b) => byName(a, b) || a.weekStartDate.localeCompare(b.weekStartDate))
}

/** Whether two lists name the same weeks in the same states (a close's list against a re-read). */
export const sameWeeks = (a: ClosedUnapproved[], b: ClosedUnapproved[]) => {
  const key = (w: ClosedUnapproved) => `${w.timesheetId}#${w.status}`
  return a.length === b.length && a.map(key).sort().join() === b.map(key).sort().join()
}

const unapprovedView = (org: Organization, weeks: ClosedUnapproved[], data: PeriodData): UnapprovedWeek[] => {
  const byId = new Map([...data.sheets, ...data.drafts].map((t) => [t.id, t]))
  const directory = new Map(data.members.map((m) => [m.id, directoryEntryOf(m)]))
  return weeks.map((w) => {
    const sheet = byId.get(w.timesheetId)
    return { ...w, timesheet: sheet ? listed([sheet], directory, org)[0]! : null }
  })
}

/**
 * Staff members with a workweek of `period` that `counts` and has no submitted timesheet: only
 * weeks that end on or after the day the member joined (in the organization's zone).
 */
const missingWeeks = (org: Organization, period: Period, data: PeriodData, counts: (week: string) => boolean) => {
  const orgWeeks = lockedWeekStarts(period).filter((w) => isWeekStart(w, org.weekStartDay) && counts(w))
  const submitted = new Set(
    data.sheets.filter((t) => carriesWeek(period, t.weekStartDate)).map((t) => `${t.employeeId}#${t.weekStartDate}`),
  )
  return data.owing.filter((m) => {
    const joined = dateInZone(m.createdAt, org.timeZone)
    return m.role === 'employee' && orgWeeks.some((w) => weekEnd(w) >= joined && !submitted.has(`${m.id}#${w}`))
  })
}

/**
 * Why closing `period` now would be early, for a close that did not say `closeAnyway`: it has not
 * ended (its last day is today or later in the organization's zone), or staff have weeks of it
 * not submitted (ended or not: closing locks them as they are). Null when neither holds.
 */
export const earlyReasons = (org: Organization, period: Period, data: PeriodData) => {
  const endsOn = period.end >= todayIn(org.timeZone) ? period.end : null
  const notSubmitted = missingWeeks(org, period, data, () => true)
    .map(person)
    .sort(byName)
  return endsOn || notSubmitted.length ? { endsOn, notSubmitted } : null
}

/** 409 with the reasons a close is early (the API's error body, plus `reasons`). */
export const earlyError = (reasons: { endsOn: string | null; notSubmitted: Person[] }) =>
  new AppError(409, 'conflict', PERIOD_EARLY_MESSAGE, undefined, { reasons })

/** The members whose timesheets keep `period` from closing (only those awaiting a decision with `closeAnyway`). */
export const blockersOf = (period: Period, data: PeriodData, people: User[], closeAnyway = false): Person[] => {
  const names = new Map(people.map((m) => [m.id, m]))
  const ids = new Set(
    [...data.sheets, ...data.drafts]
      .filter((t) => carriesWeek(period, t.weekStartDate) && blocks(t, closeAnyway))
      .map((t) => t.employeeId),
  )
  return [...ids]
    .map((id) => {
      const m = names.get(id)
      return m ? person(m) : { employeeId: id, firstName: 'Removed', lastName: 'member' }
    })
    .sort(byName)
}

/** 409 with the members who block the close (the API's error body, plus `blockers`). */
export const blockedError = (blockers: Person[]) =>
  new AppError(409, 'conflict', PERIOD_BLOCKED_MESSAGE, undefined, { blockers })
