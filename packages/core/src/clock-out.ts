import { zonedInstant } from './datetime.ts'
import { nowHHMM, type WeekTimes } from './hours.ts'
import { runningStart } from './spans.ts'
import { dateOfDay, DAYS, type DayName } from './week.ts'

/**
 * The forgotten clock-out: a day's timer (a start with no end, from the app or a kiosk)
 * that has run longer than the organization's limit (Settings → Notifications). The member is
 * asked ('Still working?') and their approver told an hour later; the day shows 'Clock-out missing'
 * until a person sets its end. Nothing here changes a time: the end it suggests is only offered.
 * Zod-free, so the staff dashboard can use it without the schemas.
 */

/** The limit's range in whole hours, and what an organization has until a supervisor changes it. */
export const CLOCK_OUT_LIMIT_HOURS = { min: 4, max: 16, default: 10 } as const

/** An hour after the member's email (or the limit, when they got none), their approver is told. */
export const APPROVER_ALERT_AFTER_MS = 3_600_000

/** One day whose clock-out is missing. */
export interface MissingClockOut {
  day: DayName
  date: string
  /** The start of the span still running (the day's start, or a later span's). */
  start: string
  /** The instant the day's start reads in the organization's zone. */
  startedAt: Date
  /** The instant the limit was reached. */
  limitAt: Date
  /** The end offered to the member: the wall-clock time the limit was reached (HH:MM). */
  suggestedEnd: string
}

/**
 * The days of a week whose timer has run `limitHours` or longer at `now`: a start and no end whose
 * start, read on the organization's clock (`timeZone`), lies that long before `now`. A day with an
 * end (or with no start) never counts, and a day counted at one moment counts at every later one
 * until its end is set.
 */
export const missingClockOuts = (
  week: WeekTimes & { weekStartDate: string },
  limitHours: number,
  timeZone: string,
  now: Date,
): MissingClockOut[] =>
  // A limit that is no number of hours (settings not read yet) finds none rather than an invalid time.
  !(Number.isFinite(limitHours) && limitHours > 0)
    ? []
    : DAYS.flatMap((day) => {
        const start = runningStart(week, day)
        if (start === undefined) return []
        const date = dateOfDay(week.weekStartDate, day)
        const startedAt = zonedInstant(date, start, timeZone)
        const limitAt = new Date(startedAt.getTime() + limitHours * 3_600_000)
        if (now.getTime() < limitAt.getTime()) return []
        return [{ day, date, start, startedAt, limitAt, suggestedEnd: nowHHMM(limitAt, timeZone) }]
      })

/** When the approver is told about a missing clock-out: an hour after the later of the limit and the member's email. */
export const approverAlertAt = (missing: Pick<MissingClockOut, 'limitAt'>, memberEmailSentAt?: Date | null): Date =>
  new Date(Math.max(missing.limitAt.getTime(), memberEmailSentAt?.getTime() ?? 0) + APPROVER_ALERT_AFTER_MS)
