import {
  addDays,
  breakField,
  dayHours,
  DAYS,
  dayFields,
  isTime,
  nowHHMM,
  secondsOfDay,
  shiftMinutes,
  todayIn,
  type DayName,
  type TimesheetDays,
} from '@app/core'

/**
 * The day timer (spec section 4), derived from the wall clock and the saved times only: a running
 * clock survives a reload or a phone asleep because nothing depends on counted ticks.
 */

export const SECONDS_PER_DAY = 24 * 60 * 60

export { browserTimeZone } from '../../lib/browser.ts'
export { zoneOr } from '../../lib/format.ts'

export { secondsOfDay }

/** 'HH:MM:SS' of a number of seconds. */
export const formatClock = (totalSeconds: number): string => {
  const s = Math.max(0, Math.floor(totalSeconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

export interface TimerView {
  running: boolean
  /** Seconds shown on the clock. */
  elapsed: number
  showClockIn: boolean
  showClockOut: boolean
  showReset: boolean
}

export interface TimerInput {
  /** The calendar date of this day card ('YYYY-MM-DD'). */
  date: string
  start: string
  end: string
  now: Date
  timeZone: string
  /** Clock buttons are offered only on editable timesheets. */
  editable: boolean
  /**
   * The instant this device clocked in at `start` (`clockedInAt`): the running clock counts from it,
   * not from the start's minute, so it never opens at 00:00:55.
   */
  startedAt?: Date | null
}

/**
 * What a day card's timer shows. Running means: a start and no end, on today's card (or on
 * yesterday's while its shift runs past midnight). Clock In is only offered on today's card, when
 * not running and no start is set; Clock Out only while running; Reset when a start or end exists.
 * With both times set, the clock shows their difference (over midnight when the end is earlier).
 */
export function timerView({
  date,
  start,
  end,
  now,
  timeZone,
  editable,
  startedAt = clockedInAt(date, start),
}: TimerInput): TimerView {
  const today = todayIn(timeZone, now)
  const nowSeconds = secondsOfDay(now, timeZone)
  const hasStart = isTime(start)
  const hasEnd = isTime(end)
  const startSeconds = hasStart ? shiftMinutes('00:00', start) * 60 : 0
  const overnight = date === addDays(today, -1) && startSeconds > nowSeconds
  const running = hasStart && !end && (date === today || overnight)
  // A `now` from before the Clock In (a screen's clock not yet ticked since) counts as its instant.
  const counted = startedAt ? Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)) : -1
  const elapsed = running
    ? counted >= 0 && counted < SECONDS_PER_DAY
      ? counted
      : (nowSeconds - startSeconds + SECONDS_PER_DAY) % SECONDS_PER_DAY
    : hasStart && hasEnd
      ? shiftMinutes(start, end) * 60
      : 0
  return {
    running,
    elapsed,
    showClockIn: editable && !running && !start && date === today,
    showClockOut: editable && running,
    showReset: editable && Boolean(start || end),
  }
}

export type TimerChange =
  { ok: true; days: TimesheetDays; time: string } | { ok: false; error: 'Please clock in first before clocking out' }

/** Clock In: the start becomes now (HH:MM in the zone) and the end is cleared. */
export function clockIn(days: TimesheetDays, day: DayName, now: Date, timeZone: string): TimerChange {
  const f = dayFields(day)
  const time = nowHHMM(now, timeZone)
  return { ok: true, days: { ...days, [f.start]: time, [f.end]: '' }, time }
}

/**
 * The instants this browser clocked in, by the card's date and the start it wrote ('2026-11-26 07:15'):
 * the stored start keeps the spec's HH:MM, and the running clock counts from the real instant.
 */
const CLOCK_INS = 'timesheets.clockIns'
const KEPT_CLOCK_INS = 14

const readClockIns = (): Record<string, string> => {
  try {
    const kept: unknown = JSON.parse(globalThis.localStorage?.getItem(CLOCK_INS) ?? '{}')
    return kept && typeof kept === 'object' ? (kept as Record<string, string>) : {}
  } catch {
    return {}
  }
}

/** Keeps the instant of a Clock In on this device (the newest few only). */
export function rememberClockIn(date: string, start: string, at: Date) {
  try {
    const entries = Object.entries({ ...readClockIns(), [`${date} ${start}`]: at.toISOString() }).slice(-KEPT_CLOCK_INS)
    globalThis.localStorage?.setItem(CLOCK_INS, JSON.stringify(Object.fromEntries(entries)))
  } catch {
    // No storage (private mode): the clock counts from the start's minute, as before.
  }
}

/** The instant this device clocked in at `start` on `date`, when it did. */
export function clockedInAt(date: string, start: string): Date | null {
  if (!isTime(start)) return null
  const at = readClockIns()[`${date} ${start}`]
  const instant = at ? new Date(at) : null
  return instant && !Number.isNaN(instant.getTime()) ? instant : null
}

/** Clock Out: needs a start; the end becomes now. */
export function clockOut(days: TimesheetDays, day: DayName, now: Date, timeZone: string): TimerChange {
  const f = dayFields(day)
  if (!days[f.start]) return { ok: false, error: 'Please clock in first before clocking out' }
  const time = nowHHMM(now, timeZone)
  return { ok: true, days: { ...days, [f.end]: time }, time }
}

/** Reset: both times cleared (the activity stays). */
export const resetDay = (days: TimesheetDays, day: DayName): TimesheetDays => {
  const f = dayFields(day)
  return { ...days, [f.start]: '', [f.end]: '' }
}

/** A day's paid hours (its break deducted) once it has both times; null before (core computes them). */
export const paidHoursOf = (days: TimesheetDays, day: DayName): number | null => {
  const f = dayFields(day)
  return isTime(days[f.start]) && isTime(days[f.end])
    ? dayHours(days[f.start], days[f.end], days[breakField(day)])
    : null
}

/** Whether any day has a start and no end: only then can a clock be running, so it ticks each second. */
export const mayRun = (days: TimesheetDays) =>
  DAYS.some((d) => Boolean(days[dayFields(d).start]) && !days[dayFields(d).end])
