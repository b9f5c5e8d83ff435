import {
  breakField,
  breakOf,
  dayPaidMinutes,
  dayShiftMinutes,
  weekBreakMinutes,
  weekPaidMinutes,
  type WeekTimes,
} from './hours.ts'
import { dateOfDay, daysOfWeekStarting } from './week.ts'
import { allocationsField, resolveDay, type DayAllocation, type WeekAllocations } from './allocation.ts'
import type { PayType } from './pay-types.ts'
import type { Role } from './roles.ts'

/**
 * Regular, overtime and double-time hours of one workweek (FLSA: overtime is judged per workweek,
 * 29 CFR 778.103; a state's daily rule, as California's, is optional). Everything is counted in
 * whole minutes, so regular + overtime + double time is exactly the paid time, and is turned into
 * hours only for display.
 */

export interface OvertimeRules {
  /** Hours a workweek may hold before the rest is overtime (FLSA: 40). */
  weeklyOvertimeHours: number
  /** Over this many hours in one day is overtime; null turns the daily rule off. */
  dailyOvertimeHours: number | null
  /** Over this many hours in one day is double time; null turns it off. */
  dailyDoubleTimeHours: number | null
}

export const DEFAULT_OVERTIME_RULES: OvertimeRules = {
  weeklyOvertimeHours: 40,
  dailyOvertimeHours: null,
  dailyDoubleTimeHours: null,
}

export interface Split {
  regular: number
  overtime: number
  doubleTime: number
}

/** Only non-exempt staff earn overtime; exempt staff, ministers and volunteers never do. */
export const earnsOvertime = (payType: PayType, role: Role): boolean => payType === 'non-exempt' && role !== 'volunteer'

const thresholdMinutes = (hours: number | null): number => (hours === null ? Infinity : Math.round(hours * 60))

/**
 * Splits the paid minutes of each day of one workweek, given in the order the days were worked.
 * Each day's minutes over the daily double-time threshold are double time, those over the daily
 * overtime threshold (up to the double-time threshold) overtime; the regular minutes that take the
 * week past the weekly threshold become overtime too, on the day they do. Minutes already overtime
 * for the day are not counted again toward the week, so no minute is paid twice.
 */
export const splitDays = (dailyPaidMinutes: readonly number[], rules: OvertimeRules, overtime: boolean): Split[] => {
  if (!overtime) return dailyPaidMinutes.map((m) => ({ regular: Math.max(0, m), overtime: 0, doubleTime: 0 }))
  const doubleAt = thresholdMinutes(rules.dailyDoubleTimeHours)
  const overtimeAt = Math.min(thresholdMinutes(rules.dailyOvertimeHours), doubleAt)
  let weekRegularLeft = thresholdMinutes(rules.weeklyOvertimeHours)
  return dailyPaidMinutes.map((minutes) => {
    const day = Math.max(0, minutes)
    const doubleTime = Math.max(0, day - doubleAt)
    const daily = Math.max(0, Math.min(day, doubleAt) - overtimeAt)
    const candidate = Math.min(day, overtimeAt)
    const regular = Math.min(candidate, weekRegularLeft)
    weekRegularLeft -= regular
    return { regular, overtime: daily + candidate - regular, doubleTime }
  })
}

/** The week's totals of `splitDays`. */
export const splitWeek = (dailyPaidMinutes: readonly number[], rules: OvertimeRules, overtime: boolean): Split =>
  splitDays(dailyPaidMinutes, rules, overtime).reduce(
    (sum, d) => ({
      regular: sum.regular + d.regular,
      overtime: sum.overtime + d.overtime,
      doubleTime: sum.doubleTime + d.doubleTime,
    }),
    { regular: 0, overtime: 0, doubleTime: 0 },
  )

/** The figures of one workweek, in minutes, as approval stores them and summaries add them up. */
export interface WeekFigures {
  paidMinutes: number
  breakMinutes: number
  regularMinutes: number
  overtimeMinutes: number
  doubleTimeMinutes: number
  daysWorked: number
}

/** A week's figures for a member of this pay type and role under the organization's rules. */
export const weekFigures = (week: WeekTimes, rules: OvertimeRules, payType: PayType, role: Role): WeekFigures => {
  // Totals do not depend on the order of the days, only the per-day split does (memberWeek).
  const days = weekPaidMinutes(week)
  const split = splitWeek(days, rules, earnsOvertime(payType, role))
  return {
    paidMinutes: days.reduce((a, b) => a + b, 0),
    breakMinutes: weekBreakMinutes(week),
    regularMinutes: split.regular,
    overtimeMinutes: split.overtime,
    doubleTimeMinutes: split.doubleTime,
    daysWorked: days.filter((m) => m > 0).length,
  }
}

/** Hours with two decimals, from whole minutes (what every payroll answer and file shows). */
export const hoursOf = (minutes: number): number => Math.round((minutes / 60) * 100) / 100

/** The payroll figures every timesheet answer carries. */
export const timesheetPayroll = (week: WeekTimes, rules: OvertimeRules, payType: PayType, role: Role) => {
  const f = weekFigures(week, rules, payType, role)
  return {
    paidHours: hoursOf(f.paidMinutes),
    breakMinutes: f.breakMinutes,
    regularHours: hoursOf(f.regularMinutes),
    overtimeHours: hoursOf(f.overtimeMinutes),
    doubleTimeHours: hoursOf(f.doubleTimeMinutes),
  }
}

/**
 * What approval stores for one member-week: the week's figures in minutes, the member's
 * pay type and role at the time, and each worked day's paid, regular, overtime and double-time
 * minutes (the per-day files). Summaries, periods and exports add these up instead of re-reading
 * timesheets.
 */
export interface MemberWeek extends WeekFigures {
  employeeId: string
  /** The campus the week was worked at (the timesheet's), when the church has campuses. */
  campusId?: string
  weekStartDate: string
  timesheetId: number
  payType: PayType
  role: Role
  days: DayFigures[]
}

export interface DayFigures {
  date: string
  paidMinutes: number
  breakMinutes: number
  regularMinutes: number
  overtimeMinutes: number
  doubleTimeMinutes: number
  /**
   * Where the day's paid minutes went (its split, the week's percents, or its member's
   * default code, else 'unallocated'); they add up to `paidMinutes`. Missing in figures stored
   * before allocations existed: read those as all 'unallocated'.
   */
  allocations?: DayAllocation[]
}

/** The member-week approval stores for a timesheet (its days in the order they were worked). */
export const memberWeek = (
  sheet: WeekAllocations & { id: number; employeeId: string; weekStartDate: string },
  rules: OvertimeRules,
  payType: PayType,
  role: Role,
  /** The member's default code at approval (null: 'unallocated'). */
  defaultCode: string | null = null,
): MemberWeek => {
  const order = daysOfWeekStarting(sheet.weekStartDate)
  const paid = order.map((day) => dayPaidMinutes(sheet, day))
  const splits = splitDays(paid, rules, earnsOvertime(payType, role))
  const days = order.flatMap((day, i) =>
    paid[i]! > 0
      ? [
          {
            date: dateOfDay(sheet.weekStartDate, day),
            paidMinutes: paid[i]!,
            breakMinutes: Math.min(breakOf(sheet[breakField(day)]), dayShiftMinutes(sheet, day)),
            regularMinutes: splits[i]!.regular,
            overtimeMinutes: splits[i]!.overtime,
            doubleTimeMinutes: splits[i]!.doubleTime,
            allocations: resolveDay(paid[i]!, sheet[allocationsField(day)], defaultCode, sheet.weekAllocationPercent),
          },
        ]
      : [],
  )
  return {
    ...weekFigures(sheet, rules, payType, role),
    employeeId: sheet.employeeId,
    weekStartDate: sheet.weekStartDate,
    timesheetId: sheet.id,
    payType,
    role,
    days,
  }
}
