import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  dateInZone,
  endOfDayIn,
  startOfDayIn,
  formatInstant,
  localDateTime,
  sameClock,
  timeInZone,
  zonedInstant,
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
    expect(formatInstant(evening, 'America/Chicago', 'dateTime')).toBe('Nov 22, 2026, 19:30')
  })
})

describe('zones', () => {
  it('names a zone generically and compares clocks, not ids', () => {
    expect(zoneName('America/Chicago')).toBe('Central Time')
    expect(sameClock('US/Central', 'America/Chicago')).toBe(true)
    expect(sameClock('America/New_York', 'America/Chicago')).toBe(false)
  })
  it('says the id of a zone Intl has no name for, rather than an offset', () => {
    expect(zoneName('Etc/GMT+3')).toBe('Etc/GMT+3')
    expect(zoneName('America/Chicago', 'es')).toBe('hora central')
  })

  const winter = new Date('2026-01-15T12:00:00Z')
  it.each([
    ['the same id', 'America/Chicago', 'America/Chicago', true],
    ['two zones an hour apart', 'Asia/Tokyo', 'Australia/Brisbane', false],
    ['two zones of one clock in winter', 'Europe/London', 'Africa/Abidjan', true],
    ['the same time a day apart', 'Pacific/Kiritimati', 'Pacific/Honolulu', false],
  ])('compares the clocks of %s', (_, a, b, same) => {
    expect(sameClock(a, b, winter)).toBe(same)
  })
})

describe('zonedInstant', () => {
  it.each([
    ['a plain morning', '2026-11-16', '08:00', 'America/Chicago', '2026-11-16T14:00:00.000Z'],
    ['an afternoon in standard time', '2026-11-20', '16:00', 'America/Chicago', '2026-11-20T22:00:00.000Z'],
    ['an afternoon in daylight time', '2026-07-10', '16:00', 'America/Chicago', '2026-07-10T21:00:00.000Z'],
    ['east of UTC, the same day in UTC', '2026-11-20', '09:00', 'Asia/Kolkata', '2026-11-20T03:30:00.000Z'],
    ['east of UTC, the day before in UTC', '2026-07-01', '00:00', 'Asia/Kolkata', '2026-06-30T18:30:00.000Z'],
    [
      'a time the spring-forward night skips, an hour later',
      '2026-03-08',
      '02:30',
      'America/Chicago',
      '2026-03-08T08:30:00.000Z',
    ],
    [
      'a time the autumn night repeats, its first occurrence',
      '2026-11-01',
      '01:30',
      'America/Chicago',
      '2026-11-01T06:30:00.000Z',
    ],
    [
      'east of UTC, a time the autumn night repeats, its first occurrence',
      '2026-10-25',
      '01:30',
      'Europe/London',
      '2026-10-25T00:30:00.000Z',
    ],
    ['east of UTC, a time the spring night skips', '2026-03-29', '01:30', 'Europe/London', '2026-03-29T01:30:00.000Z'],
    ['the hour after a repeated one', '2026-10-25', '02:00', 'Europe/London', '2026-10-25T02:00:00.000Z'],
    ['Sydney, its repeated hour', '2026-04-05', '02:30', 'Australia/Sydney', '2026-04-04T15:30:00.000Z'],
  ])('reads %s', (_, date, time, zone, instant) => {
    expect(zonedInstant(date, time, zone).toISOString()).toBe(instant)
  })

  it('reads back as the same wall-clock time for any time that exists', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom('America/New_York', 'Europe/London', 'Australia/Sydney', 'UTC'),
        (dayNo, hour, zone) => {
          const date = new Date(Date.UTC(2024, 0, 1 + dayNo)).toISOString().slice(0, 10)
          const time = `${String(hour).padStart(2, '0')}:15`
          const t = zonedInstant(date, time, zone)
          const wall = new Intl.DateTimeFormat('sv-SE', {
            timeZone: zone,
            dateStyle: 'short',
            timeStyle: 'short',
          }).format(t)
          // The only wall times that read differently are the skipped ones (an hour later).
          return wall === `${date} ${time}` || wall === `${date} ${String(hour + 1).padStart(2, '0')}:15`
        },
      ),
    )
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
