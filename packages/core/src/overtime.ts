import { weekBreakMinutes, weekPaidMinutes, type WeekTimes } from './hours.ts'
import type { PayType } from './payroll.ts'
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
 * Splits the paid minutes of each day of one workweek. Each day's minutes over the daily
 * double-time threshold are double time, those over the daily overtime threshold (up to the double
 * time threshold) overtime; the week's remaining regular minutes over the weekly threshold become
 * overtime too. Minutes already overtime for the day are not counted again toward the week, so no
 * minute is paid twice.
 */
export const splitWeek = (dailyPaidMinutes: readonly number[], rules: OvertimeRules, overtime: boolean): Split => {
  const paid = dailyPaidMinutes.reduce((a, b) => a + b, 0)
  if (!overtime) return { regular: paid, overtime: 0, doubleTime: 0 }
  const doubleAt = thresholdMinutes(rules.dailyDoubleTimeHours)
  const overtimeAt = Math.min(thresholdMinutes(rules.dailyOvertimeHours), doubleAt)
  let regular = 0
  let daily = 0
  let doubleTime = 0
  for (const minutes of dailyPaidMinutes) {
    const day = Math.max(0, minutes)
    doubleTime += Math.max(0, day - doubleAt)
    daily += Math.max(0, Math.min(day, doubleAt) - overtimeAt)
    regular += Math.min(day, overtimeAt)
  }
  const weekly = Math.max(0, regular - thresholdMinutes(rules.weeklyOvertimeHours))
  return { regular: regular - weekly, overtime: daily + weekly, doubleTime }
}

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
