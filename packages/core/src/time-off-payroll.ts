import { DEFAULT_ADP_LEAVE_CODES, DEFAULT_IIF_LEAVE_ITEMS } from './payroll.ts'
import { holidayApplies } from './campus.ts'
import type { Role } from './roles.ts'
import { paysHoliday } from './hire.ts'
import { fromCentiHours, toCentiHours, type Holiday, type TimeOffKind } from './time-off.ts'

/**
 * Paid leave in payroll. Approved time off and holidays are paid hours, not hours
 * worked: they sit in their own columns and rows and never move regular or overtime hours.
 */

export { DEFAULT_ADP_LEAVE_CODES, DEFAULT_IIF_LEAVE_ITEMS }
export const LEAVE_KINDS = ['vacation', 'sick', 'personal', 'holiday'] as const
export type LeaveKind = (typeof LEAVE_KINDS)[number]

/** One day of paid leave of a member. */
export interface LeaveDay {
  date: string
  kind: LeaveKind
  hours: number
}

/** A member's paid leave in a range: hours per kind (two decimals) and each day. */
export interface LeaveTotals {
  vacationHours: number
  sickHours: number
  personalHours: number
  holidayHours: number
  days: LeaveDay[]
}

export const emptyLeave = (): LeaveTotals => ({
  vacationHours: 0,
  sickHours: 0,
  personalHours: 0,
  holidayHours: 0,
  days: [],
})

export const leaveHoursOf = (leave: LeaveTotals | undefined, kind: LeaveKind): number =>
  leave ? leave[`${kind}Hours`] : 0

/** What holiday pay reads of a member; `leftOn`: the day a removed member was removed, in the organization's zone. */
export interface HolidayMember {
  role: Role
  unpaid?: boolean | null
  hireDate: string
  campusId?: string | null
  leftOn?: string | undefined
}

const paidHoliday = (h: Holiday, m: HolidayMember) => h.hours > 0 && paysHoliday(m, h.date) && holidayApplies(h, m)

/**
 * The holiday dates a member edit changes the pay of (a hire date moved past a holiday, a role or
 * campus changed): a closed pay period's figures are read from these, so such an edit must wait
 * for its period to be reopened.
 */
export const holidayPayChanges = (holidays: readonly Holiday[], before: HolidayMember, after: HolidayMember) =>
  [...new Set(holidays.filter((h) => paidHoliday(h, before) !== paidHoliday(h, after)).map((h) => h.date))].sort()

/** The dates whose holidays a calendar edit adds, removes, or changes in hours or campus (a new name pays the same). */
export const changedHolidayDates = (before: readonly Holiday[], after: readonly Holiday[]) => {
  const paid = (list: readonly Holiday[]) =>
    new Set(list.filter((h) => h.hours > 0).map((h) => `${h.date}|${h.campusId ?? ''}|${toCentiHours(h.hours)}`))
  const [was, now] = [paid(before), paid(after)]
  const differs = [...was].filter((k) => !now.has(k)).concat([...now].filter((k) => !was.has(k)))
  return [...new Set(differs.map((k) => k.slice(0, 10)))].sort()
}

/**
 * Each member's paid leave from `start` to `end` (both included): the days of their approved
 * requests, and each holiday for every member it pays (never a volunteer or an unpaid supervisor,
 * nor before their hire date, nor from the day they were removed: a removed member keeps what
 * they were paid).
 */
export const leaveByMember = (p: {
  start: string
  end: string
  approved: readonly { employeeId: string; kind: TimeOffKind; days: readonly { date: string; hours: number }[] }[]
  holidays: readonly Holiday[]
  members: readonly (HolidayMember & { id: string })[]
}): Map<string, LeaveTotals> => {
  const out = new Map<string, LeaveDay[]>()
  const add = (id: string, day: LeaveDay) => out.set(id, [...(out.get(id) ?? []), day])
  for (const r of p.approved)
    for (const d of r.days) if (d.date >= p.start && d.date <= p.end) add(r.employeeId, { ...d, kind: r.kind })
  for (const h of p.holidays) {
    if (h.date < p.start || h.date > p.end) continue
    for (const m of p.members) {
      if (paidHoliday(h, m)) add(m.id, { date: h.date, kind: 'holiday', hours: h.hours })
    }
  }
  return new Map(
    [...out].map(([id, days]) => {
      const sum = (k: LeaveKind) =>
        fromCentiHours(days.filter((d) => d.kind === k).reduce((s, d) => s + toCentiHours(d.hours), 0))
      return [
        id,
        {
          vacationHours: sum('vacation'),
          sickHours: sum('sick'),
          personalHours: sum('personal'),
          holidayHours: sum('holiday'),
          days: [...days].sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind)),
        },
      ]
    }),
  )
}

/** The summary's leave fields of a member. */
export const leaveSummary = (leave: LeaveTotals | undefined) => ({
  vacationHours: leaveHoursOf(leave, 'vacation'),
  sickHours: leaveHoursOf(leave, 'sick'),
  personalHours: leaveHoursOf(leave, 'personal'),
  holidayHours: leaveHoursOf(leave, 'holiday'),
})

/** Our CSV's leave columns (word keys) and a row's cells: the member's totals, or one day's. */
export const LEAVE_CSV_WORDS = ['vacationHours', 'sickHours', 'personalHours', 'holidayHours'] as const
export const leaveCells = (leave: LeaveTotals = emptyLeave(), date?: string): string[] =>
  LEAVE_KINDS.map((k) => {
    const hours =
      date === undefined
        ? leaveHoursOf(leave, k)
        : fromCentiHours(
            leave.days.filter((d) => d.date === date && d.kind === k).reduce((s, d) => s + toCentiHours(d.hours), 0),
          )
    return hours.toFixed(2)
  })

/** The (code, hours) pairs of a member's leave for ADP's Hours 3 / Hours 4 … columns, each kind with hours once. */
export const adpLeavePairs = (leave: LeaveTotals | undefined, codes: Record<LeaveKind, string>): [string, string][] =>
  LEAVE_KINDS.flatMap((k) => {
    const hours = leaveHoursOf(leave, k)
    return hours > 0 ? [[codes[k], hours.toFixed(2)] as [string, string]] : []
  })
