import { zonedInstant } from './datetime.ts'
import { daySpans, shiftMinutes, type WeekTimes } from './hours.ts'
import { earnsOvertime, type MemberWeek } from './overtime.ts'
import type { Role } from './roles.ts'
import { LEAVE_KINDS, leaveHoursOf, type LeaveKind, type LeaveTotals } from './time-off-payroll.ts'
import { toCentiHours } from './time-off.ts'
import { addDays, dayOfDate } from './week.ts'

/**
 * What Gusto gets for a closed pay period. Gusto asks time-tracking integrations for
 * time sheets per member and shift, each classified regular / overtime / double overtime, then a
 * payroll sync for the pay period; paid leave goes into the payroll's `paid_time_off` by policy.
 * Every figure comes from the member-week figures approval stored (the one overtime rule), so the
 * totals are the payroll summary's to the minute; the timesheet only places them in its shifts.
 */

export type GustoPayClassification = 'Regular' | 'Overtime' | 'Double overtime'

export interface GustoEntry {
  payClassification: GustoPayClassification
  minutes: number
}

/** One shift of one member, as a Gusto time sheet. */
export interface GustoShift {
  /** Stable across sends (member, day, shift of the day): what a re-send updates. */
  key: string
  employeeId: string
  employeeUuid: string
  jobUuid: string | null
  date: string
  startedAt: string
  endedAt: string
  entries: GustoEntry[]
}

export interface GustoLeave {
  kind: LeaveKind
  policyUuid: string
  /** Hundredths of an hour, as paid leave is counted. */
  centiHours: number
}

/** A member's line of the preview: what is sent, in minutes and leave hours. */
export interface GustoMemberPreview {
  employeeId: string
  employeeUuid: string | null
  timeSheets: boolean
  regularMinutes: number
  overtimeMinutes: number
  doubleTimeMinutes: number
  leave: Record<LeaveKind, number>
}

export type GustoProblem =
  | { code: 'member-unmatched'; employeeId: string }
  | { code: 'policy-unmatched'; employeeId: string; kind: LeaveKind }
  | { code: 'figures-changed'; employeeId: string; date: string }

export interface GustoPlan {
  shifts: GustoShift[]
  paidTimeOff: { employeeId: string; employeeUuid: string; leave: GustoLeave[] }[]
  members: GustoMemberPreview[]
  problems: GustoProblem[]
}

export interface GustoMatching {
  /** Our member id to a Gusto employee (and the job its hours are for, when known). */
  employees: Readonly<Record<string, { employeeUuid: string; jobUuid?: string | null }>>
  /** Our kinds of paid leave (holidays included) to Gusto time-off policy uuids. */
  policies: Readonly<Partial<Record<LeaveKind, string>>>
}

export interface GustoPlanInput {
  timeZone: string
  /** Each member's role now: a volunteer is never sent, whatever a week stored. */
  members: readonly { id: string; role: Role }[]
  /** The member-weeks the period carries, as approval stored them. */
  weeks: readonly MemberWeek[]
  /** The approved timesheets of those weeks, by id: where each day's shifts are. */
  timesheets: ReadonlyMap<number, WeekTimes>
  leave: ReadonlyMap<string, LeaveTotals>
  matching: GustoMatching
}

const CLASSES: readonly (readonly [
  GustoPayClassification,
  'regularMinutes' | 'overtimeMinutes' | 'doubleTimeMinutes',
])[] = [
  ['Regular', 'regularMinutes'],
  ['Overtime', 'overtimeMinutes'],
  ['Double overtime', 'doubleTimeMinutes'],
]

/**
 * Paid minutes of each span of a day: the break comes off the first spans first (a lunch sits in
 * the day's first shift), so they add up to the day's paid minutes.
 */
export const spanPaidMinutes = (spanMinutes: readonly number[], breakMinutes: number): number[] => {
  let unpaid = breakMinutes
  return spanMinutes.map((m) => {
    const off = Math.min(m, unpaid)
    unpaid -= off
    return m - off
  })
}

/**
 * Classifies a day's shifts in the order they were worked: the day's regular minutes fill the
 * first shifts, then its overtime, then its double time (the minutes past a threshold are the
 * day's last ones). Entries with no minutes are left out.
 */
export const classifyShifts = (
  shiftPaid: readonly number[],
  day: Readonly<Record<'regularMinutes' | 'overtimeMinutes' | 'doubleTimeMinutes', number>>,
): GustoEntry[][] => {
  const left = CLASSES.map(([, field]) => day[field])
  let c = 0
  return shiftPaid.map((paid) => {
    const entries: GustoEntry[] = []
    let need = paid
    while (need > 0 && c < CLASSES.length) {
      const take = Math.min(need, left[c]!)
      if (take > 0) entries.push({ payClassification: CLASSES[c]![0], minutes: take })
      left[c] = left[c]! - take
      need -= take
      if (left[c] === 0) c++
    }
    return entries
  })
}

const instant = (date: string, time: string, timeZone: string) => zonedInstant(date, time, timeZone).toISOString()

/** The plan of what Gusto gets for a pay period, with what stops a member from being sent. */
export const planGusto = (input: GustoPlanInput): GustoPlan => {
  const roles = new Map(input.members.map((m) => [m.id, m.role]))
  const problems: GustoProblem[] = []
  const shifts: GustoShift[] = []
  const previews = new Map<string, GustoMemberPreview>()
  const preview = (employeeId: string): GustoMemberPreview => {
    const found = previews.get(employeeId)
    if (found) return found
    const made: GustoMemberPreview = {
      employeeId,
      employeeUuid: input.matching.employees[employeeId]?.employeeUuid ?? null,
      timeSheets: false,
      regularMinutes: 0,
      overtimeMinutes: 0,
      doubleTimeMinutes: 0,
      leave: { vacation: 0, sick: 0, personal: 0, holiday: 0 },
    }
    previews.set(employeeId, made)
    return made
  }
  const paid = (employeeId: string) => {
    const role = roles.get(employeeId)
    return role !== undefined && role !== 'volunteer'
  }

  const hourly = [...input.weeks]
    .filter((w) => paid(w.employeeId) && earnsOvertime(w.payType, w.role))
    .sort((a, b) => a.employeeId.localeCompare(b.employeeId) || a.weekStartDate.localeCompare(b.weekStartDate))
  for (const w of hourly) {
    const line = preview(w.employeeId)
    line.timeSheets = true
    const match = input.matching.employees[w.employeeId]
    const sheet = input.timesheets.get(w.timesheetId)
    for (const day of w.days) {
      line.regularMinutes += day.regularMinutes
      line.overtimeMinutes += day.overtimeMinutes
      line.doubleTimeMinutes += day.doubleTimeMinutes
      const spans = sheet ? daySpans(sheet, dayOfDate(day.date)) : []
      const lengths = spans.map((s) => shiftMinutes(s.start, s.end))
      const spanPaid = spanPaidMinutes(lengths, day.breakMinutes)
      if (spanPaid.reduce((a, b) => a + b, 0) !== day.paidMinutes) {
        problems.push({ code: 'figures-changed', employeeId: w.employeeId, date: day.date })
        continue
      }
      if (!match) continue
      const classified = classifyShifts(spanPaid, day)
      spans.forEach((span, i) => {
        if (spanPaid[i] === 0) return
        const overnight = span.end <= span.start
        shifts.push({
          key: `${w.employeeId}#${day.date}#${i}`,
          employeeId: w.employeeId,
          employeeUuid: match.employeeUuid,
          jobUuid: match.jobUuid ?? null,
          date: day.date,
          startedAt: instant(day.date, span.start, input.timeZone),
          endedAt: instant(overnight ? addDays(day.date, 1) : day.date, span.end, input.timeZone),
          entries: classified[i]!,
        })
      })
    }
  }

  const paidTimeOff: GustoPlan['paidTimeOff'] = []
  for (const [employeeId, totals] of [...input.leave].sort(([a], [b]) => a.localeCompare(b))) {
    if (!paid(employeeId)) continue
    const line = preview(employeeId)
    const match = input.matching.employees[employeeId]
    const leave: GustoLeave[] = []
    for (const kind of LEAVE_KINDS) {
      const centiHours = toCentiHours(leaveHoursOf(totals, kind))
      if (centiHours <= 0) continue
      line.leave[kind] = centiHours / 100
      const policyUuid = input.matching.policies[kind]
      if (!policyUuid) problems.push({ code: 'policy-unmatched', employeeId, kind })
      else leave.push({ kind, policyUuid, centiHours })
    }
    if (match && leave.length > 0) paidTimeOff.push({ employeeId, employeeUuid: match.employeeUuid, leave })
  }

  const members = [...previews.values()].sort((a, b) => a.employeeId.localeCompare(b.employeeId))
  for (const m of members) if (!m.employeeUuid) problems.unshift({ code: 'member-unmatched', employeeId: m.employeeId })
  return { shifts, paidTimeOff, members, problems }
}

/** Gusto's hours: a string of three decimals, exact to the minute (a minute is 0.017 h at most off). */
export const gustoHours = (minutes: number): string => (Math.round((minutes / 60) * 1000) / 1000).toFixed(3)

/** Leave hours as Gusto's payroll takes them, from hundredths of an hour. */
export const gustoLeaveHours = (centiHours: number): string => (centiHours / 100).toFixed(3)

/** What was sent for a shift: Gusto's time sheet id and version, and what it held. */
export interface SentShift {
  uuid: string
  version: string
  digest: string
}

/** What a shift holds, as compared between sends. */
export const shiftDigest = (s: GustoShift): string =>
  JSON.stringify([s.employeeUuid, s.jobUuid, s.startedAt, s.endedAt, s.entries])

/**
 * What a send must do given what earlier sends recorded: create the new shifts, update the ones
 * that changed (and only those), delete the ones no longer worked. Unchanged shifts are left alone.
 */
export const gustoChanges = (shifts: readonly GustoShift[], sent: Readonly<Record<string, SentShift>>) => {
  const create: GustoShift[] = []
  const update: { shift: GustoShift; sent: SentShift }[] = []
  const unchanged: string[] = []
  for (const s of shifts) {
    const before = sent[s.key]
    if (!before) create.push(s)
    else if (before.digest !== shiftDigest(s)) update.push({ shift: s, sent: before })
    else unchanged.push(s.key)
  }
  const keys = new Set(shifts.map((s) => s.key))
  const remove = Object.entries(sent)
    .filter(([key]) => !keys.has(key))
    .map(([key, s]) => ({ key, sent: s }))
    .sort((a, b) => a.key.localeCompare(b.key))
  return { create, update, remove, unchanged }
}
