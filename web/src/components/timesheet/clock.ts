import {
  addDays,
  dayPaidMinutes,
  DAYS,
  dayShiftMinutes,
  daySpans,
  isTime,
  nowHHMM,
  runningStart,
  secondsOfDay,
  shiftMinutes,
  spanFields,
  spansAfterClockIn,
  spansAfterClockOut,
  todayIn,
  type DayName,
  type TimesheetDays,
  type WeekTimes,
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
  /** The week's times and the card's day in it (a day may hold several spans). */
  week: WeekTimes
  day: DayName
  now: Date
  timeZone: string
  /** Clock buttons are offered only on editable timesheets. */
  editable: boolean
  /**
   * The instant this device clocked in at the running span's start (`clockedInAt`): the running
   * clock counts from it, not from the start's minute, so it never opens at 00:00:55.
   */
  startedAt?: Date | null
}

/**
 * What a day card's timer shows. Running means: a span with a start and no end (the
 * day's last), on today's card (or on yesterday's while it runs past midnight); the clock then
 * counts from that span's start. Clock In is only offered on today's card, when nothing runs and
 * the day can take a span now (its first, or one more after its last ended); Clock Out only while
 * running; Reset when a start or end exists. Otherwise the clock shows the time the day's spans cover
 * (a span over midnight when its end is earlier).
 */
export function timerView({ date, week, day, now, timeZone, editable, startedAt: given }: TimerInput): TimerView {
  const today = todayIn(timeZone, now)
  const nowSeconds = secondsOfDay(now, timeZone)
  const start = runningStart(week, day)
  const startSeconds = start ? shiftMinutes('00:00', start) * 60 : 0
  const overnight = date === addDays(today, -1) && startSeconds > nowSeconds
  const running = start !== undefined && (date === today || overnight)
  const startedAt = given === undefined && start ? clockedInAt(date, start) : given
  // A `now` from before the Clock In (a screen's clock not yet ticked since) counts as its instant.
  const counted = startedAt ? Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)) : -1
  const elapsed = running
    ? counted >= 0 && counted < SECONDS_PER_DAY
      ? counted
      : (nowSeconds - startSeconds + SECONDS_PER_DAY) % SECONDS_PER_DAY
    : dayShiftMinutes(week, day) * 60
  return {
    running,
    elapsed,
    showClockIn:
      editable && !running && date === today && spansAfterClockIn(week, day, nowHHMM(now, timeZone)) !== undefined,
    showClockOut: editable && running,
    showReset: editable && daySpans(week, day).length > 0,
  }
}

export type TimerChange =
  | { ok: true; days: TimesheetDays; time: string }
  | { ok: false; error: 'Please clock in first before clocking out' | 'cannotClockIn' }

/**
 * Clock In: the day's first span starts now (HH:MM in the zone; an end without a start is
 * cleared), or one more span after its last one ended. Refused when the day cannot take
 * one now: a span runs, it holds 4, or now is before its last end.
 */
export function clockIn(days: TimesheetDays, day: DayName, now: Date, timeZone: string): TimerChange {
  const time = nowHHMM(now, timeZone)
  const spans = spansAfterClockIn(days, day, time)
  if (!spans) return { ok: false, error: 'cannotClockIn' }
  return { ok: true, days: { ...days, ...spanFields(day, spans) }, time }
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

/** Clock Out: the running span (the day's last) ends now; needs one running. */
export function clockOut(days: TimesheetDays, day: DayName, now: Date, timeZone: string): TimerChange {
  const time = nowHHMM(now, timeZone)
  const spans = spansAfterClockOut(days, day, time)
  if (!spans) return { ok: false, error: 'Please clock in first before clocking out' }
  return { ok: true, days: { ...days, ...spanFields(day, spans) }, time }
}

/** Reset: every time of the day cleared, its spans too (the activity stays). */
export const resetDay = (days: TimesheetDays, day: DayName): TimesheetDays => ({ ...days, ...spanFields(day, []) })

/**
 * A day's paid hours (its spans' sum, its break deducted) once each of its spans has both times;
 * null before (core computes them).
 */
export const paidHoursOf = (days: WeekTimes, day: DayName): number | null => {
  const spans = daySpans(days, day)
  return spans.length > 0 && spans.every((s) => isTime(s.start) && isTime(s.end))
    ? dayPaidMinutes(days, day) / 60
    : null
}

/** Whether any day has a span running: only then can a clock be running, so it ticks each second. */
export const mayRun = (days: WeekTimes) => DAYS.some((d) => runningStart(days, d) !== undefined)
