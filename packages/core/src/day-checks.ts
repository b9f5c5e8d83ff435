import { dayShiftMinutes, daySpans, isTime, type WeekTimes } from './hours.ts'
import { dateOfDay, DAYS, type DayName } from './week.ts'

/**
 * What a member is shown before saving, and a supervisor before approving: days whose
 * times are allowed but worth a second look. None is refused: an end before the start is a shift
 * over midnight (spec section 5), and a long day may be real.
 */

/** A day whose spans cover more than this (breaks included) is a long day. */
export const LONG_DAY_MINUTES = 12 * 60

export type DayCheck = 'endsNextDay' | 'longDay' | 'startWithoutEnd' | 'endWithoutStart'

/** Whether the end falls on the next day: both times set and the end earlier than the start. */
export const endsNextDay = (start?: string | null, end?: string | null): boolean =>
  isTime(start) && isTime(end) && end < start

/**
 * The checks one day's times raise, in a fixed order: its first start without its last end (a
 * timer still running) or the other way round, a last span that ends the next day, a long day.
 */
export const dayChecks = (week: WeekTimes, day: DayName): DayCheck[] => {
  const spans = daySpans(week, day)
  const start = spans[0]?.start
  const last = spans.at(-1)
  const checks: DayCheck[] = []
  if (isTime(start) && !isTime(last?.end)) checks.push('startWithoutEnd')
  if (!isTime(start) && isTime(last?.end)) checks.push('endWithoutStart')
  if (endsNextDay(last?.start, last?.end)) checks.push('endsNextDay')
  if (dayShiftMinutes(week, day) > LONG_DAY_MINUTES) checks.push('longDay')
  return checks
}

/** A week's checks, day by day in DAYS order (Monday first). */
export const weekChecks = (week: WeekTimes): { day: DayName; check: DayCheck }[] =>
  DAYS.flatMap((day) => dayChecks(week, day).map((check) => ({ day, check })))

/** Days with a start and no end, or an end and no start: the member finishes or clears them before submitting. */
export const unfinishedDays = (week: WeekTimes): DayName[] => [
  ...new Set(
    weekChecks(week)
      .filter((c) => c.check === 'startWithoutEnd' || c.check === 'endWithoutStart')
      .map((c) => c.day),
  ),
]

/** flags beside a week's times: a day worked on a holiday, or during approved time off. */
export type LeaveCheck = 'onHoliday' | 'onTimeOff'

/** What the organization and the member have on the week's days: holidays by name, approved time-off days. */
export interface WeekLeave {
  holidays: readonly { date: string; name: string }[]
  timeOff: readonly { date: string }[]
}

/**
 * Days with any time recorded on one of the organization's holidays (with its name) or on a day of
 * the member's approved time off, in DAYS order. Neither is refused: a church may open on a holiday,
 * and the approver decides which of the two stands.
 */
export const leaveChecks = (
  week: WeekTimes & { weekStartDate: string },
  leave: WeekLeave,
): { day: DayName; check: LeaveCheck; name?: string }[] =>
  DAYS.flatMap((day) => {
    if (!isTime(week[`${day}Start`]) && !isTime(week[`${day}End`])) return []
    const date = dateOfDay(week.weekStartDate, day)
    const holiday = leave.holidays.find((h) => h.date === date)
    return [
      ...(holiday ? [{ day, check: 'onHoliday' as const, name: holiday.name }] : []),
      ...(leave.timeOff.some((t) => t.date === date) ? [{ day, check: 'onTimeOff' as const }] : []),
    ]
  })
