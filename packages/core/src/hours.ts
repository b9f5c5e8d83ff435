import { DAYS, dayLabel, type DayName } from './week.ts'

/**
 * Hours worked (spec section 5). Everything is counted in whole minutes and divided into hours
 * once, at the end, so a week of quarter hours never drifts to 37.49999 hours.
 */

export const MINUTES_PER_DAY = 24 * 60

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Strict 24-hour 'HH:MM' from 00:00 to 23:59. */
export const isTime = (s: unknown): s is string => typeof s === 'string' && TIME.test(s)

const minuteOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/**
 * Minutes between two 'HH:MM' times. An end before the start is a shift over midnight, so it
 * runs into the next day; equal times count 0. A missing, empty or malformed time counts 0:
 * a half-filled day is normal while someone is still clocked in.
 */
export const shiftMinutes = (start?: string | null, end?: string | null): number => {
  if (!isTime(start) || !isTime(end)) return 0
  return (minuteOfDay(end) - minuteOfDay(start) + MINUTES_PER_DAY) % MINUTES_PER_DAY
}

/** The longest unpaid break a day may carry, in minutes (12 hours). */
export const MAX_BREAK_MINUTES = 720

/** A day's break longer than its shift, refused naming the day (a week's message stands alone in a toast). */
export const breakTooLongMessage = (day: DayName) => `${dayLabel[day]} break is longer than the shift`

/** A break as stored or typed: missing, null or not a whole non-negative number counts 0. */
export const breakOf = (minutes?: number | null): number => (Number.isInteger(minutes) ? Math.max(0, minutes!) : 0)

/**
 * Paid minutes of a day: the spec's difference (overnight rule unchanged) minus the unpaid break,
 * never below 0. With no break this is exactly the spec's difference.
 */
export const paidMinutes = (start?: string | null, end?: string | null, breakMinutes?: number | null): number =>
  Math.max(0, shiftMinutes(start, end) - breakOf(breakMinutes))

/** The name of a day's break field: mondayBreakMinutes ... sundayBreakMinutes. */
export const breakField = <D extends DayName>(day: D): `${D}BreakMinutes` => `${day}BreakMinutes`

/**
 * One stretch of work in a day (a morning, an evening). A day may hold up to 4, in
 * order; the last may still be running (no end) or run past midnight.
 */
export interface Span {
  start: string
  end: string
}

/** The name of a day's spans field: mondaySpans ... sundaySpans. */
export const spansField = <D extends DayName>(day: D): `${D}Spans` => `${day}Spans`

/**
 * The time fields of a week as stored: mondayStart, mondayEnd ... sundayEnd, each day's break in
 * minutes and its spans when it has two or more. Null means not filled; a missing break
 * is no break; a day without spans is its start and end.
 */
export type WeekTimes = Partial<Record<`${DayName}${'Start' | 'End'}`, string | null | undefined>> &
  Partial<Record<`${DayName}BreakMinutes`, number | null | undefined>> &
  Partial<Record<`${DayName}Spans`, readonly Span[] | null | undefined>>

/**
 * A day's spans: the ones it carries when it has two or more, else its start and end as one
 * (none when neither is set), so a week saved with the spec's fields only reads as the spec says.
 */
export const daySpans = (week: WeekTimes, day: DayName): Span[] => {
  const spans = week[spansField(day)]
  if (spans && spans.length > 1) return spans.map(({ start, end }) => ({ start, end }))
  const start = week[`${day}Start`] ?? ''
  const end = week[`${day}End`] ?? ''
  return start || end ? [{ start, end }] : []
}

/**
 * The one way a day's time ranges are written for people and files: each span in turn
 * ('08:00–12:00, 18:00–21:00'), a missing time as `missing` ('14:50–--:--' for a range still
 * running); '' for a day with none. `dash` is the writer's ('-' in plain text and CSV files).
 */
export const rangesText = (spans: readonly Span[], { dash = '–', missing = '--:--' } = {}): string =>
  spans.map((s) => `${s.start || missing}${dash}${s.end || missing}`).join(', ')

/** A day's time ranges written by `rangesText`, from its spans (`daySpans`). */
export const dayRanges = (week: WeekTimes, day: DayName, options?: Parameters<typeof rangesText>[1]): string =>
  rangesText(daySpans(week, day), options)

/** Minutes a day's spans cover, breaks included: each span as the spec counts a day, an open one 0. */
export const dayShiftMinutes = (week: WeekTimes, day: DayName): number =>
  daySpans(week, day).reduce((sum, s) => sum + shiftMinutes(s.start, s.end), 0)

/** Paid minutes of one day: its spans' sum minus its break, never below 0. */
export const dayPaidMinutes = (week: WeekTimes, day: DayName): number =>
  Math.max(0, dayShiftMinutes(week, day) - breakOf(week[breakField(day)]))

/** Paid minutes of each day, in DAYS order (Monday first). */
export const weekPaidMinutes = (week: WeekTimes): number[] => DAYS.map((day) => dayPaidMinutes(week, day))

export const weekTotalMinutes = (week: WeekTimes): number => weekPaidMinutes(week).reduce((a, b) => a + b, 0)

/** The sum over the seven days of paid hours, counting only days with both a start and an end. */
export const weekTotalHours = (week: WeekTimes): number => weekTotalMinutes(week) / 60

/** The unpaid minutes the week deducts: each day's break, but no more than that day's shift. */
export const weekBreakMinutes = (week: WeekTimes): number =>
  DAYS.reduce((sum, day) => sum + Math.min(breakOf(week[breakField(day)]), dayShiftMinutes(week, day)), 0)

/** The days whose break is longer than their shift (refused on save, with breakTooLongMessage). */
export const breaksLongerThanShift = (week: WeekTimes): DayName[] =>
  DAYS.filter((day) => breakOf(week[breakField(day)]) > dayShiftMinutes(week, day))

/**
 * One decimal, rounding halves up (7.25 gives 7.3). Rounding to 12 significant digits first
 * removes binary noise in hours added up elsewhere (0.01 + 2.34 is 2.3499999999999996) before
 * the half is judged, so such a total still shows 2.4.
 */
export const formatHoursNumber = (hours: number): string => {
  const tenths = Number((Math.abs(hours) * 10).toPrecision(12))
  // toFixed writes -0 as '0.0', so a tiny negative never shows as '-0.0'.
  return ((Math.sign(hours) * Math.floor(tenths + 0.5)) / 10).toFixed(1)
}

/**
 * The same one-decimal number written as `locale` writes numbers ('24.4' in en-US, '24,4' in es):
 * the rounding is formatHoursNumber's, only the writing is the reader's.
 */
export const formatHoursNumberIn = (hours: number, locale: string): string => {
  // One formatter per locale: making one is slow (a list of 25 weeks made 50 of them per render).
  let format = hoursFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false })
    hoursFormats.set(locale, format)
  }
  return format.format(Number(formatHoursNumber(hours)))
}
const hoursFormats = new Map<string, Intl.NumberFormat>()

/** '7.5 hours', as the totals are shown (spec section 5). */
export const formatHours = (hours: number): string => `${formatHoursNumber(hours)} hours`

/** The wall clock of an instant (hour 0 to 23, minute, second), in `timeZone` or else the runtime's own zone. */
const wallClock = (now: Date, timeZone: string | undefined) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    numberingSystem: 'latn',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value)
  return { hour: part('hour'), minute: part('minute'), second: part('second') }
}

const twoDigits = (n: number) => String(n).padStart(2, '0')

/** The wall-clock 'HH:MM' of an instant, in `timeZone` or else the runtime's own zone (the browser's clock). */
export const nowHHMM = (now: Date = new Date(), timeZone?: string): string => {
  const { hour, minute } = wallClock(now, timeZone)
  return `${twoDigits(hour)}:${twoDigits(minute)}`
}

/** Seconds since midnight of an instant, on the wall clock of `timeZone` (the day timer's clock). */
export const secondsOfDay = (now: Date, timeZone: string): number => {
  const { hour, minute, second } = wallClock(now, timeZone)
  return hour * 3600 + minute * 60 + second
}
