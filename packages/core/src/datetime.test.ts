import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  dateInZone,
  endOfDayIn,
  startOfDayIn,
  formatInstant,
  formatTimeOfDay,
  localDateTime,
  sameClock,
  timeInZone,
  zoneName,
} from './datetime.ts'

// 01:30 UTC on Nov 23 is still the evening of Nov 22 in Chicago (UTC-6 in November).
const evening = '2026-11-23T01:30:12.305Z'

describe('instants on the organization clock', () => {
  it('takes the date and time of the zone, not of the UTC string', () => {
    expect(dateInZone(evening, 'America/Chicago')).toBe('2026-11-22')
    expect(dateInZone(evening, 'UTC')).toBe('2026-11-23')
    expect(timeInZone(evening, 'America/Chicago')).toBe('19:30')
  })

  it('writes CSV date-times a spreadsheet reads, blank for none', () => {
    expect(localDateTime(evening, 'America/Chicago')).toBe('2026-11-22 19:30')
    expect(localDateTime(null, 'America/Chicago')).toBe('')
  })

  it('shows a date, or a date and time in the locale convention', () => {
    expect(formatInstant(evening, 'America/Chicago')).toBe('Nov 22, 2026')
    expect(formatInstant(evening, 'America/Chicago', 'dateTime')).toBe('Nov 22, 2026, 7:30 PM')
  })
})

describe('formatTimeOfDay', () => {
  it('follows the locale: 12-hour in en-US, 24-hour in es', () => {
    expect(formatTimeOfDay('20:28', 'en-US')).toBe('8:28 PM')
    expect(formatTimeOfDay('20:28', 'es')).toBe('20:28')
    expect(formatTimeOfDay('00:05', 'en-US')).toBe('12:05 AM')
  })

  it('returns what is not a time as it is', () => {
    expect(formatTimeOfDay('25:00')).toBe('25:00')
  })
})

describe('zones', () => {
  it('names a zone generically and compares clocks, not ids', () => {
    expect(zoneName('America/Chicago')).toBe('Central Time')
    expect(sameClock('US/Central', 'America/Chicago')).toBe(true)
    expect(sameClock('America/New_York', 'America/Chicago')).toBe(false)
  })
})

describe('startOfDayIn', () => {
  it('is the organization’s midnight, not the viewer’s', () => {
    expect(startOfDayIn('2026-11-22', 'America/Denver')).toBe('2026-11-22T07:00:00.000Z')
    expect(startOfDayIn('2026-11-22', 'America/Los_Angeles')).toBe('2026-11-22T08:00:00.000Z')
    expect(startOfDayIn('2026-07-01', 'Asia/Kolkata')).toBe('2026-06-30T18:30:00.000Z')
    expect(endOfDayIn('2026-11-22', 'America/Denver')).toBe('2026-11-23T07:00:00.000Z')
    // Santiago skips midnight when summer time starts (Sep 6, 2026): the day starts at 01:00.
    expect(startOfDayIn('2026-09-06', 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z')
  })

  it('falls on the date in its zone, and the quarter hour before it on the day before', () => {
    const zones = ['America/Denver', 'America/Santiago', 'Asia/Kolkata', 'Pacific/Chatham', 'Europe/London', 'UTC']
    const day = fc.integer({ min: 0, max: 3 * 366 }).map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000))
    fc.assert(
      fc.property(day, fc.constantFrom(...zones), (d, zone) => {
        const date = d.toISOString().slice(0, 10)
        const start = Date.parse(startOfDayIn(date, zone))
        expect(dateInZone(new Date(start), zone)).toBe(date)
        expect(dateInZone(new Date(start - 60_000), zone) < date).toBe(true)
      }),
    )
  })
})
