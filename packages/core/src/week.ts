import type { WeekStartDay } from './week-schemas.ts'
import { wallClockIn } from './zone-clock.ts'

/**
 * Calendar weeks (DESIGN.md section 5). Dates travel as plain 'YYYY-MM-DD' strings and all
 * arithmetic is done on UTC midnights, so the runtime's own time zone can never shift a day.
 * The only place a time zone matters is "which day is it now", answered with Intl in the
 * organization's zone.
 */

/** The stored field order of a timesheet (mondayStart ... sundayActivity). */
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type DayName = (typeof DAYS)[number]

const capitalized = (day: DayName) => day[0]!.toUpperCase() + day.slice(1)
/** A day's name in English messages: `Monday`. */
export const dayLabel = Object.fromEntries(DAYS.map((day) => [day, capitalized(day)])) as Record<DayName, string>

export const DEFAULT_WEEK_START_DAY: WeekStartDay = 'monday'

/** The days of a week in display order: Monday to Sunday, or Sunday to Saturday. */
export const daysInWeekOrder = (weekStartDay: WeekStartDay): DayName[] => daysFrom(weekStartDay)

/**
 * The display order for a stored week, taken from its own start date. A week saved before the
 * organization changed its start day still lists its seven days from the day it began.
 */
export const daysOfWeekStarting = (weekStart: string): DayName[] => daysFrom(dayOfDate(weekStart))

const daysFrom = (first: DayName): DayName[] => {
  const i = DAYS.indexOf(first)
  return [...DAYS.slice(i), ...DAYS.slice(0, i)]
}

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/
export const MIN_YEAR = 2000
export const MAX_YEAR = 2100

/** Milliseconds of the UTC midnight of a real 'YYYY-MM-DD' date, or undefined. */
const utcMillis = (date: string): number | undefined => {
  const m = DATE_SHAPE.exec(date)
  if (!m) return undefined
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const ms = Date.UTC(year, month - 1, day)
  const d = new Date(ms)
  // Date.UTC rolls 2026-02-30 over to March; a real date survives the round trip unchanged.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined
  return ms
}

const parse = (date: string): Date => {
  const ms = utcMillis(date)
  if (ms === undefined) throw new RangeError(`Not a calendar date (expected YYYY-MM-DD): ${JSON.stringify(date)}`)
  return new Date(ms)
}

const format = (d: Date): string =>
  `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`

const pad2 = (n: number) => String(n).padStart(2, '0')

/** A 'YYYY-MM-DD' string naming a real calendar date (any four-digit year). */
export const isCalendarDate = (date: unknown): date is string =>
  typeof date === 'string' && utcMillis(date) !== undefined

/** A real calendar date in the years the product accepts from people (2000 to 2100). */
export const isValidDate = (date: unknown): date is string => {
  if (!isCalendarDate(date)) return false
  const year = Number(date.slice(0, 4))
  return year >= MIN_YEAR && year <= MAX_YEAR
}

export const addDays = (date: string, n: number): string => {
  const d = parse(date)
  d.setUTCDate(d.getUTCDate() + n)
  return format(d)
}

/** getUTCDay counts from Sunday = 0; DAYS starts on Monday. */
export const dayOfDate = (date: string): DayName => DAYS[(parse(date).getUTCDay() + 6) % 7]!

export const isWeekStart = (date: string, weekStartDay: WeekStartDay): boolean =>
  isCalendarDate(date) && dayOfDate(date) === weekStartDay

/** The first day of the week that contains `date`. */
export const weekStartFor = (date: string, weekStartDay: WeekStartDay): string => {
  const back = (DAYS.indexOf(dayOfDate(date)) - DAYS.indexOf(weekStartDay) + 7) % 7
  return addDays(date, -back)
}

/** A week spans seven days: end = start plus 6 (spec section 9). */
export const weekEnd = (weekStart: string): string => addDays(weekStart, 6)

/**
 * The calendar date of a weekday within the seven days from `weekStart`. Each weekday occurs
 * exactly once in those seven days, so the start date alone decides, whatever day it falls on.
 */
export const dateOfDay = (weekStart: string, day: DayName): string => {
  const ahead = (DAYS.indexOf(day) - DAYS.indexOf(dayOfDate(weekStart)) + 7) % 7
  return addDays(weekStart, ahead)
}

/** Today's date in a time zone. Throws a RangeError for an unknown zone. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => {
  const { year, month, day } = wallClockIn(timeZone, now)
  return `${year}-${month}-${day}`
}

/** The first and last dates of the month that holds `date`. */
export const monthOf = (date: string): { start: string; end: string } => {
  const start = `${date.slice(0, 7)}-01`
  return { start, end: addDays(`${addDays(start, 31).slice(0, 7)}-01`, -1) }
}

/** The start of "this week" for an organization, judged by the clock in its own zone. */
export const currentWeekStart = (timeZone: string, weekStartDay: WeekStartDay, now: Date = new Date()): string =>
  weekStartFor(todayIn(timeZone, now), weekStartDay)

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** 'Nov 16, 2026'. Written out by hand so server, browser and CSV agree whatever their locale data. */
export const formatDate = (date: string): string => {
  const d = parse(date)
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/**
 * 'Thursday, Dec 24, 2026': a date as a message a person reads names it (never 2026-12-24). The
 * web reads it back (`parseLongDate`) to say it in the reader's language.
 */
export const formatLongDate = (date: string): string => `${WEEKDAYS[parse(date).getUTCDay()]}, ${formatDate(date)}`

/** The calendar date a `formatLongDate` text names (its weekday must agree), else undefined. */
export const parseLongDate = (text: string): string | undefined => {
  const match = /^(\w+), (\w{3}) (\d{1,2}), (\d{4})$/.exec(text)
  if (!match) return undefined
  const month = MONTHS.indexOf(match[2] as (typeof MONTHS)[number])
  if (month < 0) return undefined
  const date = `${match[4]}-${pad2(month + 1)}-${pad2(Number(match[3]))}`
  return utcMillis(date) !== undefined && formatLongDate(date) === text ? date : undefined
}

/** 'Nov 16, 2026 - Nov 22, 2026', as in the dialog title 'Weekly Timesheet - {date range}'. */
export const formatDateRange = (weekStart: string): string =>
  `${formatDate(weekStart)} - ${formatDate(weekEnd(weekStart))}`

/** 'Week of Nov 16, 2026 - Nov 22, 2026' (spec section 2, Current Week Timesheet card). */
export const formatWeekRange = (weekStart: string): string => `Week of ${formatDateRange(weekStart)}`
