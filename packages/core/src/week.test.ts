import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  currentWeekStart,
  monthOf,
  dateOfDay,
  dayOfDate,
  DAYS,
  type DayName,
  daysInWeekOrder,
  daysOfWeekStarting,
  formatDate,
  formatDateRange,
  formatWeekRange,
  isCalendarDate,
  isValidDate,
  isWeekStart,
  todayIn,
  weekEnd,
  weekStartFor,
} from './week.ts'
import { isValidTimeZone } from './time-zones.ts'
import { TimeZone, WeekStartDay } from './week-schemas.ts'

const pad = (n: number) => String(n).padStart(2, '0')
/** Any real date from 2000-01-01 to 2100-12-31, built from a day count so every one is valid. */
const date = fc
  .integer({ min: 0, max: 36890 })
  .map((n) => new Date(Date.UTC(2000, 0, 1) + n * 86_400_000))
  .map((d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`)
const weekStartDay = fc.constantFrom<WeekStartDay>('monday', 'sunday')
const day = fc.constantFrom(...DAYS)

describe('day order', () => {
  it('stores Monday to Sunday', () => expect(DAYS[0]).toBe('monday'))

  it('lists Monday to Sunday or Sunday to Saturday', () => {
    expect(daysInWeekOrder('monday')).toEqual(DAYS)
    expect(daysInWeekOrder('sunday')).toEqual([
      'sunday',
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ])
  })

  it('orders a stored week from its own first day', () => {
    expect(daysOfWeekStarting('2026-11-15')[0]).toBe('sunday')
    expect(daysOfWeekStarting('2026-11-16')).toEqual(DAYS)
  })
})

describe('dates', () => {
  it.each(['2026-11-16', '2000-01-01', '2100-12-31', '2024-02-29'])('accepts %s', (d) =>
    expect(isValidDate(d)).toBe(true),
  )
  it.each(['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '1999-12-31', '2101-01-01', '2026-1-5', '', 'x'])(
    'refuses %j',
    (d) => expect(isValidDate(d)).toBe(false),
  )

  it('does arithmetic across months, leap days and years', () => {
    expect(addDays('2026-11-16', 6)).toBe('2026-11-22')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2026-12-29', 5)).toBe('2027-01-03')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(weekEnd('2026-11-16')).toBe('2026-11-22')
  })

  it('refuses arithmetic on a malformed date instead of guessing', () =>
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError))

  it('names weekdays', () => {
    expect(dayOfDate('2026-11-16')).toBe('monday')
    expect(dayOfDate('2026-11-22')).toBe('sunday')
    expect(dayOfDate('2000-01-01')).toBe('saturday')
  })

  it('keeps the day count exact across daylight-saving changes', () =>
    // 2026-03-08 is the US spring-forward day; UTC arithmetic has no 23-hour day to lose.
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09'))

  it('addDays is undone by its opposite and moves the weekday along', () =>
    fc.assert(
      fc.property(date, fc.integer({ min: -400, max: 400 }), (d, n) => {
        const moved = addDays(d, n)
        const shift = (((DAYS.indexOf(dayOfDate(d)) + n) % 7) + 7) % 7
        return isCalendarDate(moved) && addDays(moved, -n) === d && dayOfDate(moved) === DAYS[shift]
      }),
    ))
})

describe('monthOf', () => {
  it('gives the first and last dates of the month, leap Februaries and year ends included', () => {
    expect(monthOf('2026-11-26')).toEqual({ start: '2026-11-01', end: '2026-11-30' })
    expect(monthOf('2026-12-01')).toEqual({ start: '2026-12-01', end: '2026-12-31' })
    expect(monthOf('2028-02-29')).toEqual({ start: '2028-02-01', end: '2028-02-29' })
    expect(monthOf('2027-02-14')).toEqual({ start: '2027-02-01', end: '2027-02-28' })
    expect(monthOf('2027-01-31')).toEqual({ start: '2027-01-01', end: '2027-01-31' })
  })
})

describe('weekStartFor', () => {
  it('finds the Monday or the Sunday on or before the date', () => {
    const mondayWeeks = ['2026-11-19', '2026-11-22', '2026-11-16'].map((d) => weekStartFor(d, 'monday'))
    expect(mondayWeeks).toEqual(['2026-11-16', '2026-11-16', '2026-11-16'])
    const sundayWeeks = ['2026-11-19', '2026-11-22'].map((d) => weekStartFor(d, 'sunday'))
    expect(sundayWeeks).toEqual(['2026-11-15', '2026-11-22'])
  })

  it('is a week start, on or before the date, within six days', () =>
    fc.assert(
      fc.property(date, weekStartDay, (d, wsd) => {
        const start = weekStartFor(d, wsd)
        const daysBack = (Date.parse(d) - Date.parse(start)) / 86_400_000
        return isWeekStart(start, wsd) && start <= d && daysBack >= 0 && daysBack <= 6
      }),
    ))

  it('gives every date of a week the same start', () =>
    fc.assert(
      fc.property(date, weekStartDay, fc.integer({ min: 0, max: 6 }), (d, wsd, n) => {
        const start = weekStartFor(d, wsd)
        return weekStartFor(addDays(start, n), wsd) === start
      }),
    ))
})

describe('dateOfDay', () => {
  it('finds a weekday within a Monday week and a Sunday week', () => {
    const datesOf = (weekStart: string, days: DayName[]) => days.map((d) => dateOfDay(weekStart, d))
    expect(datesOf('2026-11-16', ['monday', 'sunday'])).toEqual(['2026-11-16', '2026-11-22'])
    expect(datesOf('2026-11-15', ['sunday', 'saturday'])).toEqual(['2026-11-15', '2026-11-21'])
  })

  it('round-trips with dayOfDate and stays inside the week', () =>
    fc.assert(
      fc.property(date, weekStartDay, day, (d, wsd, dn) => {
        const start = weekStartFor(d, wsd)
        const on = dateOfDay(start, dn)
        return dayOfDate(on) === dn && on >= start && on <= weekEnd(start)
      }),
    ))

  it('gives each date of the week its own weekday', () =>
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 6 }), (start, n) => {
        const d = addDays(start, n)
        return dateOfDay(start, dayOfDate(d)) === d
      }),
    ))
})

describe('time zones', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isValidTimeZone('America/Los_Angeles')).toBe(true)
    expect(isValidTimeZone('UTC')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
    expect(isValidTimeZone(undefined)).toBe(false)
    expect(TimeZone.safeParse('Nowhere').error?.issues[0]?.message).toBe('Use an IANA time zone like America/Chicago')
  })

  it("reads today's date in the zone", () => {
    const instant = new Date('2026-11-16T10:30:00Z')
    expect(todayIn('UTC', instant)).toBe('2026-11-16')
    expect(todayIn('Pacific/Auckland', instant)).toBe('2026-11-16') // 23:30 on the 16th
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-16') // 02:30
    expect(todayIn('Pacific/Auckland', new Date('2026-11-16T11:00:00Z'))).toBe('2026-11-17')
  })

  it('throws for an unknown zone rather than using the server clock', () =>
    expect(() => todayIn('Mars/Olympus')).toThrow(RangeError))

  it('computes "this week" in the organization zone: one instant, two weeks', () => {
    // Sunday 2026-11-22 12:30 UTC is Monday 01:30 in Auckland but Sunday 04:30 in Los Angeles.
    const instant = new Date('2026-11-22T12:30:00Z')
    expect(currentWeekStart('Pacific/Auckland', 'monday', instant)).toBe('2026-11-23')
    expect(currentWeekStart('America/Los_Angeles', 'monday', instant)).toBe('2026-11-16')
    // With Sunday weeks the same instant is inside the week of the 22nd in both zones.
    expect(currentWeekStart('Pacific/Auckland', 'sunday', instant)).toBe('2026-11-22')
    expect(currentWeekStart('America/Los_Angeles', 'sunday', instant)).toBe('2026-11-22')
  })

  it('puts Auckland a day ahead of Los Angeles whenever both are away from midnight', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36000 }), fc.integer({ min: 0, max: 23 }), (n, hour) => {
        const instant = new Date(Date.UTC(2001, 0, 1) + n * 86_400_000 + hour * 3_600_000)
        const auckland = todayIn('Pacific/Auckland', instant)
        const la = todayIn('America/Los_Angeles', instant)
        // Auckland is UTC+12/+13 and Los Angeles UTC-8/-7: 19 to 21 hours apart, so never behind.
        return auckland === la || auckland === addDays(la, 1)
      }),
    ))

  it('currentWeekStart is a week start at or before today in that zone', () =>
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-02-01'), max: new Date('2100-11-30'), noInvalidDate: true }),
        fc.constantFrom('Pacific/Auckland', 'America/Los_Angeles', 'UTC', 'Asia/Kolkata', 'Pacific/Kiritimati'),
        weekStartDay,
        (now, tz, wsd) => {
          const start = currentWeekStart(tz, wsd, now)
          const today = todayIn(tz, now)
          return isWeekStart(start, wsd) && start <= today && today <= weekEnd(start)
        },
      ),
    ))
})

describe('formatting', () => {
  it('writes readable en-US dates and week ranges', () => {
    expect(formatDate('2026-11-16')).toBe('Nov 16, 2026')
    expect(formatDate('2027-01-03')).toBe('Jan 3, 2027')
    expect(formatDateRange('2026-11-16')).toBe('Nov 16, 2026 - Nov 22, 2026')
    expect(formatWeekRange('2026-12-28')).toBe('Week of Dec 28, 2026 - Jan 3, 2027')
  })

  it('matches Intl en-US formatting for every date', () =>
    fc.assert(
      fc.property(date, (d) => {
        const intl = new Intl.DateTimeFormat('en-US', {
          timeZone: 'UTC',
          month: 'short',
          day: 'numeric',
          year: 'numeric',
        }).format(new Date(`${d}T00:00:00Z`))
        return formatDate(d) === intl
      }),
    ))
})
