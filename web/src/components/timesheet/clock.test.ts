import { describe, expect, it } from 'vitest'
import { TimesheetDays } from '@app/core'
import {
  clockedInAt,
  clockIn,
  clockOut,
  formatClock,
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

describe('timerView', () => {
  it('offers Clock In only on today’s card with no start, and nothing else', () => {
    expect(timerView({ ...base, date: today, start: '', end: '' })).toEqual({
      running: false,
      elapsed: 0,
      showClockIn: true,
      showClockOut: false,
      showReset: false,
    })
    expect(timerView({ ...base, date: '2026-11-17', start: '', end: '' }).showClockIn).toBe(false)
    expect(timerView({ ...base, date: today, start: '', end: '', editable: false }).showClockIn).toBe(false)
  })

  it('runs on today’s card with a start and no end, counting from the start on the wall clock', () => {
    const view = timerView({ ...base, date: today, start: '09:00', end: '' })
    expect(view).toEqual({
      running: true,
      elapsed: 75 * 60 + 30,
      showClockIn: false,
      showClockOut: true,
      showReset: true,
    })
    const later = timerView({ ...base, now: new Date('2026-11-18T13:00:05Z'), date: today, start: '09:00', end: '' })
    expect(later.elapsed).toBe(4 * 3600 + 5)
  })

  it('counts a clock-in this device made from its real instant, not from the start’s minute (issue 37)', () => {
    // Clocked in at 10:15:20; ten seconds later the clock reads 00:00:10, not 00:00:30.
    rememberClockIn(today, '10:15', new Date('2026-11-18T10:15:20Z'))
    expect(clockedInAt(today, '10:15')).toEqual(new Date('2026-11-18T10:15:20Z'))
    expect(timerView({ ...base, date: today, start: '10:15', end: '' }).elapsed).toBe(10)
    // Another start (changed by hand, or on another device) counts from its minute.
    expect(timerView({ ...base, date: today, start: '10:14', end: '' }).elapsed).toBe(90)
    expect(clockedInAt(today, '10:14')).toBeNull()
    // A screen whose clock last ticked before the Clock In (10:15:05) shows 00:00:00, not 00:00:05.
    const stale = new Date('2026-11-18T10:15:05Z')
    expect(timerView({ ...base, now: stale, date: today, start: '10:15', end: '' }).elapsed).toBe(0)
  })

  it('gives the paid hours of a day with both times, its break deducted', () => {
    const days = TimesheetDays.parse({ mondayStart: '08:00', mondayEnd: '16:00', mondayBreakMinutes: 30 })
    expect(paidHoursOf(days, 'monday')).toBe(7.5)
    expect(paidHoursOf(TimesheetDays.parse({ mondayStart: '08:00' }), 'monday')).toBeNull()
  })

  it('keeps running past midnight on yesterday’s card, and not on older ones', () => {
    const afterMidnight = new Date('2026-11-19T01:30:00Z')
    const overnight = timerView({ ...base, now: afterMidnight, date: today, start: '22:00', end: '' })
    expect(overnight.running).toBe(true)
    expect(overnight.elapsed).toBe(3.5 * 3600)
    // A start later in the day than now cannot be yesterday's still-running shift once a day has passed.
    expect(timerView({ ...base, now: afterMidnight, date: today, start: '01:00', end: '' }).running).toBe(false)
    expect(timerView({ ...base, now: afterMidnight, date: '2026-11-17', start: '22:00', end: '' }).running).toBe(false)
  })

  it('shows the difference of both times, over midnight when the end is earlier, and offers Reset', () => {
    expect(timerView({ ...base, date: '2026-11-16', start: '09:00', end: '17:30' })).toEqual({
      running: false,
      elapsed: 8.5 * 3600,
      showClockIn: false,
      showClockOut: false,
      showReset: true,
    })
    expect(timerView({ ...base, date: '2026-11-16', start: '22:00', end: '02:00' }).elapsed).toBe(4 * 3600)
    expect(timerView({ ...base, date: today, start: '08:00', end: '08:00' }).elapsed).toBe(0)
  })

  it('shows Reset for an end alone and nothing running on another day with only a start', () => {
    expect(timerView({ ...base, date: '2026-11-16', start: '', end: '17:00' }).showReset).toBe(true)
    const startOnly = timerView({ ...base, date: '2026-11-16', start: '09:00', end: '' })
    expect(startOnly).toMatchObject({ running: false, elapsed: 0, showClockOut: false, showReset: true })
  })

  it('judges today in the organization’s zone', () => {
    // 02:00 UTC on Thursday is still Wednesday evening in Chicago.
    const thursdayUtc = new Date('2026-11-19T02:00:00Z')
    expect(
      timerView({ ...base, now: thursdayUtc, timeZone: 'America/Chicago', date: today, start: '', end: '' })
        .showClockIn,
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
