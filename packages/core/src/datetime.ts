import { addDays, formatDate, todayIn } from './week.ts'
import { wallClockIn, zoneOffset } from './zone-clock.ts'

/**
 * Instants (ISO timestamps such as submittedAt) as a person reads them: always on the
 * organization's wall clock (DESIGN.md section 6), never cut from the UTC string. Calendar dates
 * ('2026-11-22') are written by week.ts; this module only turns an instant into one, plus a time.
 */

const toDate = (instant: string | Date): Date => (instant instanceof Date ? instant : new Date(instant))

/** The calendar date ('YYYY-MM-DD') of an instant in `timeZone`. */
export const dateInZone = (instant: string | Date, timeZone: string): string => todayIn(timeZone, toDate(instant))

/** The 24-hour 'HH:MM' of an instant in `timeZone`. */
export const timeInZone = (instant: string | Date, timeZone: string): string => {
  const { hour, minute } = wallClockIn(timeZone, toDate(instant))
  return `${hour}:${minute}`
}

/**
 * '2026-11-22 19:30': a local date-time a spreadsheet reads as one, for CSV files (the date of
 * `dateInZone` and the clock of `timeInZone`, read together). '' for none.
 */
export const localDateTime = (instant: string | null | undefined, timeZone: string): string => {
  if (!instant) return ''
  const { year, month, day, hour, minute } = wallClockIn(timeZone, toDate(instant))
  return `${year}-${month}-${day} ${hour}:${minute}`
}

/**
 * 'Nov 22, 2026' (style 'date') or 'Nov 22, 2026, 19:30' (style 'dateTime') of an instant in
 * `timeZone`: times are HH:MM on the 24-hour clock everywhere the product writes them.
 */
export const formatInstant = (
  instant: string | Date,
  timeZone: string,
  style: 'date' | 'dateTime' = 'date',
): string => {
  const date = formatDate(dateInZone(instant, timeZone))
  return style === 'date' ? date : `${date}, ${timeInZone(instant, timeZone)}`
}

/** The zone's generic name in `locale`, such as 'Central Time' for America/Chicago; the zone id when Intl has none. */
export const zoneName = (timeZone: string, locale = 'en-US', at: Date = new Date()): string => {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value
  // Intl answers 'GMT-03:00' for zones it has no name for; the id says more.
  return part && !/^GMT[+-]/.test(part) ? part : timeZone
}

/** Whether two zone ids keep the same clock now (aliases such as US/Central and America/Chicago do). */
export const sameClock = (a: string, b: string, at: Date = new Date()): boolean =>
  a === b || (dateInZone(at, a) === dateInZone(at, b) && timeInZone(at, a) === timeInZone(at, b))

/**
 * The first instant of a calendar date in `timeZone`, as an ISO timestamp: where a filter 'from
 * Nov 22' starts on the organization's clock. A midnight a clock change skips starts the day at
 * the first minute that exists.
 */
export const startOfDayIn = (date: string, timeZone: string): string => {
  const midnight = Date.parse(`${date}T00:00:00Z`)
  // Stryker disable next-line ArithmeticOperator: a guess off by a day is still walked to the day's start below, only slower
  let instant = midnight - zoneOffset(midnight, timeZone)
  // Stryker disable next-line ArithmeticOperator: as above
  instant = midnight - zoneOffset(instant, timeZone)
  // Across a clock change the guess can land an hour off: step to the day's first minute.
  // Stryker disable next-line EqualityOperator: a step past the date is walked back by the next loop
  while (dateInZone(new Date(instant), timeZone) < date) instant += 60_000 * 15
  // Stryker disable next-line all: no zone of 2026 has a day whose guess lands after its start (every date of every Intl zone compared), so this loop is a guard
  while (dateInZone(new Date(instant - 60_000 * 15), timeZone) >= date) instant -= 60_000 * 15
  return new Date(instant).toISOString()
}

/** The first instant of the day after `date` in `timeZone`: the end (exclusive) of a filter 'to `date`'. */
export const endOfDayIn = (date: string, timeZone: string): string => startOfDayIn(addDays(date, 1), timeZone)

/**
 * The instant a wall-clock time on a date reads in a time zone. Across a daylight-saving change
 * the offset is taken again at the first guess; a time the clocks skip (02:30 on a spring-forward
 * night) falls one hour later, and a time that happens twice (autumn) is its first occurrence.
 */
export const zonedInstant = (date: string, time: string, timeZone: string): Date => {
  const [h, m] = time.split(':').map(Number) as [number, number]
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(y, mo - 1, d, h, m)
  // The zone's offsets half a day before and after: near a change of offset the wall time has one
  // of them (or both, when the autumn night repeats it; neither, when the spring night skips it).
  // Guessing from the offset at the wall time itself finds only the later of a repeated hour east of UTC.
  const guesses = [wall - zoneOffset(wall - HALF_DAY_MS, timeZone), wall - zoneOffset(wall + HALF_DAY_MS, timeZone)]
  const real = guesses.filter((t) => t + zoneOffset(t, timeZone) === wall)
  // A repeated time is its first occurrence; a skipped one reads on the later offset (an hour later).
  return new Date(real.length ? Math.min(...real) : Math.max(...guesses))
}

const HALF_DAY_MS = 43_200_000
