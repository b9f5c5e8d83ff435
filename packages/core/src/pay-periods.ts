import type { PayPeriodFrequency } from './payroll.ts'
import type { WeekStartDay } from './week-schemas.ts'
import { addDays, currentWeekStart, dayOfDate, formatLongDate, weekEnd, weekStartFor } from './week.ts'

/**
 * Pay periods. Weekly and biweekly periods repeat every 7 or 14 days from the anchor
 * date (any day of one period: before or after it works alike); semimonthly periods are the 1st
 * to the 15th and the 16th to the month's end; monthly periods are calendar months. The last two
 * ignore the anchor, as payroll providers do.
 *
 * A workweek belongs whole to the period holding its last day: its overtime is only known when it
 * ends, and the FLSA wants it paid on the payday of the period in which the workweek ends
 * (29 CFR 778.106). So a workweek straddling two periods is counted once, in the later one.
 */

export interface Period {
  start: string
  /** Inclusive. */
  end: string
}

/**
 * The 409 of a change in a week a closed pay period locks: the one text every such refusal says,
 * naming the period by its dates as a message names a date ('Monday, Nov 16, 2026', which the web
 * says in the reader's language). Without the period (reopened in the moment between a refused
 * write and the read of its lock, so no lock names it any more) the bare words.
 */
export const periodClosedMessage = (period: Period | undefined): string =>
  period
    ? `The pay period ${formatLongDate(period.start)} to ${formatLongDate(period.end)} is closed`
    : 'This pay period is closed'

const DAY_MS = 86_400_000
/** Whole days from one date to another (UTC midnights, so the division is exact). */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS

const lastDayOfMonth = (date: string): string => {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))]
  const d = new Date(Date.UTC(y, m, 0))
  // 28 to 31: always two digits.
  return `${date.slice(0, 8)}${d.getUTCDate()}`
}

/**
 * The period schedule's anchor: the one the organization set, or else the start of the week it was
 * made in (in its zone). A fixed date, so a schedule nobody set up does not move with each new week.
 */
export const anchorOf = (org: {
  payPeriodAnchor: string | null
  createdAt: string
  timeZone: string
  weekStartDay: WeekStartDay
}): string => org.payPeriodAnchor ?? currentWeekStart(org.timeZone, org.weekStartDay, new Date(org.createdAt))

/** The pay period that contains `date`. */
export const periodContaining = (date: string, frequency: PayPeriodFrequency, anchor: string): Period => {
  if (frequency === 'weekly' || frequency === 'biweekly') {
    const length = frequency === 'weekly' ? 7 : 14
    const offset = Math.floor(daysBetween(anchor, date) / length) * length
    const start = addDays(anchor, offset)
    return { start, end: addDays(start, length - 1) }
  }
  const month = date.slice(0, 8)
  if (frequency === 'monthly') return { start: `${month}01`, end: lastDayOfMonth(date) }
  return Number(date.slice(8, 10)) <= 15
    ? { start: `${month}01`, end: `${month}15` }
    : { start: `${month}16`, end: lastDayOfMonth(date) }
}

/** The period just before `period`. */
export const previousPeriod = (period: Period, frequency: PayPeriodFrequency, anchor: string): Period =>
  periodContaining(addDays(period.start, -1), frequency, anchor)

/** `count` periods, newest first, the first of them the one containing `date`. */
export const periodsBack = (date: string, count: number, frequency: PayPeriodFrequency, anchor: string): Period[] => {
  const periods = [periodContaining(date, frequency, anchor)]
  while (periods.length < count) periods.push(previousPeriod(periods.at(-1)!, frequency, anchor))
  return periods
}

/** Whether `period` is exactly one of the schedule's periods (a close names its first day). */
export const isPeriodStart = (start: string, frequency: PayPeriodFrequency, anchor: string): boolean =>
  periodContaining(start, frequency, anchor).start === start

/**
 * The week start dates whose workweek ends inside [from, to], i.e. the workweeks a range carries.
 * Timesheets are keyed by their week start, so a range is read as the weeks starting from
 * `from - 6` to `to - 6`.
 */
export const carriedWeekStarts = (range: Period): Period => ({
  start: addDays(range.start, -6),
  end: addDays(range.end, -6),
})

/**
 * The days whose leave (time off, holidays) a range pays: those of the workweeks it carries, from
 * the start of the week holding its first day to the end of the last week ending inside it. So
 * consecutive periods share no day and drop none, and a day's leave is paid with its week's hours.
 */
export const leaveDaysOf = (range: Period, weekStartDay: WeekStartDay): Period => ({
  start: weekStartFor(range.start, weekStartDay),
  end: addDays(weekStartFor(addDays(range.end, 1), weekStartDay), -1),
})

/** Whether the workweek starting `weekStart` is carried by `period`. */
export const carriesWeek = (period: Period, weekStart: string): boolean => {
  const last = weekEnd(weekStart)
  return last >= period.start && last <= period.end
}

/** Week starts whose timesheets a closed period locks: the Mondays and Sundays (a week start either way) of the workweeks it carries. */
export const lockedWeekStarts = (period: Period): string[] => {
  const weeks = carriedWeekStarts(period)
  const out: string[] = []
  for (let d = weeks.start; d <= weeks.end; d = addDays(d, 1)) {
    const day = dayOfDate(d)
    if (day === 'monday' || day === 'sunday') out.push(d)
  }
  return out
}

/** A closed period as stored: its dates and the week starts its close locked. */
export interface ClosedPeriod extends Period {
  lockedWeeks: readonly string[]
}

/**
 * The first closed period that a schedule (frequency and anchor) would split, if any:
 * one of its locked weeks falls in a period of the new schedule that is not that closed period and
 * also carries weeks no closed period locks. Such a period could only be closed over weeks another
 * closed period holds. A new period made only of closed weeks (two closed weekly periods that
 * become one biweekly period) has nothing left to close, and splits nothing.
 */
export const closedPeriodSplitBy = (
  closed: readonly ClosedPeriod[],
  frequency: PayPeriodFrequency,
  anchor: string,
): ClosedPeriod | undefined => {
  const locked = new Set(closed.flatMap((p) => p.lockedWeeks))
  return closed.find((p) =>
    p.lockedWeeks.some((week) => {
      // The closed period itself, or one made only of closed weeks, carries no open week.
      const next = periodContaining(weekEnd(week), frequency, anchor)
      return lockedWeekStarts(next).some((w) => !locked.has(w))
    }),
  )
}
