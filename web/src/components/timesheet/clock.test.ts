import { describe, expect, it } from 'vitest'
import { daySpans } from '../../../test/timesheet-fixtures.ts'
import { TimesheetDays } from '@app/core'
import {
  clockedInAt,
  clockIn,
  clockOut,
  formatClock,
  mayRun,
  paidHoursOf,
  rememberClockIn,
  resetDay,
  secondsOfDay,
  timerView,
  zoneOr,
} from './clock.ts'

const now = new Date('2026-11-18T10:15:30Z') // a Wednesday
const base = { now, timeZone: 'UTC', editable: true }
const today = '2026-11-18'
/** One day's start and end as the timer reads them (the card's date is given apart). */
const times = (start: string, end: string) => ({
  week: { wednesdayStart: start, wednesdayEnd: end },
  day: 'wednesday' as const,
})

describe('timerView', () => {
  it('offers Clock In only on today’s card with no start, and nothing else', () => {
    expect(timerView({ ...base, date: today, ...times('', '') })).toEqual({
      running: false,
      elapsed: 0,
      showClockIn: true,
      showClockOut: false,
      showReset: false,
    })
    expect(timerView({ ...base, date: '2026-11-17', ...times('', '') }).showClockIn).toBe(false)
    expect(timerView({ ...base, date: today, ...times('', ''), editable: false }).showClockIn).toBe(false)
  })

  it('runs on today’s card with a start and no end, counting from the start on the wall clock', () => {
    const view = timerView({ ...base, date: today, ...times('09:00', '') })
    expect(view).toEqual({
      running: true,
      elapsed: 75 * 60 + 30,
      showClockIn: false,
      showClockOut: true,
      showReset: true,
    })
    const later = timerView({ ...base, now: new Date('2026-11-18T13:00:05Z'), date: today, ...times('09:00', '') })
    expect(later.elapsed).toBe(4 * 3600 + 5)
  })

  it('counts a clock-in this device made from its real instant, not from the start’s minute', () => {
    // Clocked in at 10:15:20; ten seconds later the clock reads 00:00:10, not 00:00:30.
    rememberClockIn(today, '10:15', new Date('2026-11-18T10:15:20Z'))
    expect(clockedInAt(today, '10:15')).toEqual(new Date('2026-11-18T10:15:20Z'))
    expect(timerView({ ...base, date: today, ...times('10:15', '') }).elapsed).toBe(10)
    // Another start (changed by hand, or on another device) counts from its minute.
    expect(timerView({ ...base, date: today, ...times('10:14', '') }).elapsed).toBe(90)
    expect(clockedInAt(today, '10:14')).toBeNull()
    // A screen whose clock last ticked before the Clock In (10:15:05) shows 00:00:00, not 00:00:05.
    const stale = new Date('2026-11-18T10:15:05Z')
    expect(timerView({ ...base, now: stale, date: today, ...times('10:15', '') }).elapsed).toBe(0)
  })

  it('gives the paid hours of a day with both times, its break deducted', () => {
    const days = TimesheetDays.parse({ mondayStart: '08:00', mondayEnd: '16:00', mondayBreakMinutes: 30 })
    expect(paidHoursOf(days, 'monday')).toBe(7.5)
    expect(paidHoursOf(TimesheetDays.parse({ mondayStart: '08:00' }), 'monday')).toBeNull()
  })

  it('keeps running past midnight on yesterday’s card, and not on older ones', () => {
    const afterMidnight = new Date('2026-11-19T01:30:00Z')
    const overnight = timerView({ ...base, now: afterMidnight, date: today, ...times('22:00', '') })
    expect(overnight.running).toBe(true)
    expect(overnight.elapsed).toBe(3.5 * 3600)
    // A start later in the day than now cannot be yesterday's still-running shift once a day has passed.
    expect(timerView({ ...base, now: afterMidnight, date: today, ...times('01:00', '') }).running).toBe(false)
    expect(timerView({ ...base, now: afterMidnight, date: '2026-11-17', ...times('22:00', '') }).running).toBe(false)
  })

  it('shows the difference of both times, over midnight when the end is earlier, and offers Reset', () => {
    expect(timerView({ ...base, date: '2026-11-16', ...times('09:00', '17:30') })).toEqual({
      running: false,
      elapsed: 8.5 * 3600,
      showClockIn: false,
      showClockOut: false,
      showReset: true,
    })
    expect(timerView({ ...base, date: '2026-11-16', ...times('22:00', '02:00') }).elapsed).toBe(4 * 3600)
    expect(timerView({ ...base, date: today, ...times('08:00', '08:00') }).elapsed).toBe(0)
  })

  it('shows Reset for an end alone and nothing running on another day with only a start', () => {
    expect(timerView({ ...base, date: '2026-11-16', ...times('', '17:00') }).showReset).toBe(true)
    const startOnly = timerView({ ...base, date: '2026-11-16', ...times('09:00', '') })
    expect(startOnly).toMatchObject({ running: false, elapsed: 0, showClockOut: false, showReset: true })
  })

  it('judges today in the organization’s zone', () => {
    // 02:00 UTC on Thursday is still Wednesday evening in Chicago.
    const thursdayUtc = new Date('2026-11-19T02:00:00Z')
    expect(
      timerView({ ...base, now: thursdayUtc, timeZone: 'America/Chicago', date: today, ...times('', '') }).showClockIn,
    ).toBe(true)
    expect(secondsOfDay(thursdayUtc, 'America/Chicago')).toBe(20 * 3600)
  })
})

describe('clock changes', () => {
  const empty = TimesheetDays.parse({})

  it('Clock In sets the start to now and clears the end', () => {
    const change = clockIn({ ...empty, wednesdayEnd: '17:00' }, 'wednesday', now, 'UTC')
    expect(change).toMatchObject({ ok: true, time: '10:15' })
    if (change.ok) expect([change.days.wednesdayStart, change.days.wednesdayEnd]).toEqual(['10:15', ''])
  })

  it('Clock Out needs a start', () => {
    expect(clockOut(empty, 'wednesday', now, 'UTC')).toEqual({
      ok: false,
      error: 'Please clock in first before clocking out',
    })
    const change = clockOut({ ...empty, wednesdayStart: '09:00' }, 'wednesday', now, 'America/New_York')
    expect(change).toMatchObject({ ok: true, time: '05:15', days: { wednesdayStart: '09:00', wednesdayEnd: '05:15' } })
  })

  it('Reset clears both times and keeps the activity', () => {
    const days = resetDay({ ...empty, mondayStart: '09:00', mondayEnd: '12:00', mondayActivity: 'Choir' }, 'monday')
    expect([days.mondayStart, days.mondayEnd, days.mondayActivity]).toEqual(['', '', 'Choir'])
  })
})

describe('split shifts', () => {
  const empty = TimesheetDays.parse({})
  const sunday = '2026-11-22'
  const at = (hhmm: string) => new Date(`${sunday}T${hhmm}:00Z`)
  const view = (days: TimesheetDays, hhmm: string) =>
    timerView({ ...base, now: at(hhmm), date: sunday, week: days, day: 'sunday' })
  const step = (change: ReturnType<typeof clockIn>) => {
    if (!change.ok) throw new Error(change.error)
    return change.days
  }

  it('Clock In again after Clock Out gives the day a second span, and the day counts both', () => {
    let days = step(clockIn(empty, 'sunday', at('08:00'), 'UTC'))
    expect(view(days, '09:00')).toMatchObject({ running: true, elapsed: 3600, showClockIn: false })
    days = step(clockOut(days, 'sunday', at('12:00'), 'UTC'))
    expect([days.sundayStart, days.sundayEnd, days.sundaySpans]).toEqual(['08:00', '12:00', undefined])
    // After the Clock Out, Clock In is offered again (not before the span's end).
    expect(view(days, '11:59').showClockIn).toBe(false)
    expect(view(days, '18:00')).toMatchObject({ running: false, elapsed: 4 * 3600, showClockIn: true })
    days = step(clockIn(days, 'sunday', at('18:00'), 'UTC'))
    expect(days).toMatchObject(daySpans('sunday', '08:00-12:00', '18:00-'))
    expect(mayRun(days)).toBe(true)
    // The running clock counts from the second span's start.
    expect(view(days, '18:30')).toMatchObject({ running: true, elapsed: 30 * 60, showClockOut: true })
    expect(paidHoursOf(days, 'sunday')).toBeNull()
    days = step(clockOut(days, 'sunday', at('21:00'), 'UTC'))
    expect(days).toMatchObject(daySpans('sunday', '08:00-12:00', '18:00-21:00'))
    expect(mayRun(days)).toBe(false)
    expect(paidHoursOf(days, 'sunday')).toBe(7)
    expect(paidHoursOf({ ...days, sundayBreakMinutes: 30 }, 'sunday')).toBe(6.5)
    expect(view(days, '21:30')).toMatchObject({ running: false, elapsed: 7 * 3600, showClockIn: true })
  })

  it('refuses a Clock In before the last span ended, and a fifth span', () => {
    const morning = { ...empty, sundayStart: '08:00', sundayEnd: '12:00' }
    expect(clockIn(morning, 'sunday', at('11:00'), 'UTC')).toEqual({ ok: false, error: 'cannotClockIn' })
    const four = {
      ...empty,
      sundayStart: '06:00',
      sundayEnd: '14:30',
      sundaySpans: ['06:00', '09:00', '12:00', '14:00'].map((start) => ({ start, end: `${start.slice(0, 2)}:30` })),
    }
    expect(clockIn(four, 'sunday', at('18:00'), 'UTC').ok).toBe(false)
    expect(view(four, '18:00').showClockIn).toBe(false)
  })

  it('Reset clears every span of the day', () => {
    const split = {
      ...empty,
      ...daySpans('sunday', '08:00-12:00', '18:00-21:00'),
    }
    expect(resetDay(split, 'sunday')).toMatchObject({ sundayStart: '', sundayEnd: '', sundaySpans: undefined })
  })
})

describe('formatting and zones', () => {
  it('formats HH:MM:SS', () => {
    expect(formatClock(0)).toBe('00:00:00')
    expect(formatClock(3 * 3600 + 4 * 60 + 5.9)).toBe('03:04:05')
    expect(formatClock(86_399)).toBe('23:59:59')
  })

  it('falls back to the browser zone for a missing or unknown zone', () => {
    expect(zoneOr('America/Denver')).toBe('America/Denver')
    expect(zoneOr(undefined)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(zoneOr('Mars/Olympus')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})
