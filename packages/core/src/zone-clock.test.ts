import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wallClockIn, zoneOffset, type WallClock } from './zone-clock.ts'

describe('the wall clock of an instant in a zone', () => {
  /** Every field of a wall clock, as 'YYYY-MM-DD hh:mm:ss'. */
  const read = (c: WallClock) => `${c.year}-${c.month}-${c.day} ${c.hour}:${c.minute}:${c.second}`

  it.each([
    ['UTC', '2026-03-08T07:59:58Z', '2026-03-08 07:59:58'],
    ['America/Chicago', '2026-03-08T07:59:58Z', '2026-03-08 01:59:58'],
    ['America/Chicago', '2026-03-08T08:00:00Z', '2026-03-08 03:00:00'],
    ['Asia/Tokyo', '2026-12-31T15:00:00Z', '2027-01-01 00:00:00'],
    ['Asia/Kolkata', '0999-06-01T00:00:00Z', '0999-06-01 05:53:28'],
  ])('reads %s at %s field by field, two digits each and four for the year', (zone, at, clock) => {
    expect(read(wallClockIn(zone, Date.parse(at)))).toBe(clock)
    expect(Object.keys(wallClockIn(zone, new Date(at)))).toHaveLength(6)
    expect(read(wallClockIn(zone, new Date(at)))).toBe(clock)
  })

  it('refuses a zone that does not exist', () => {
    expect(() => wallClockIn('Mars/Olympus', 0)).toThrow(RangeError)
  })

  it.each([
    ['UTC', '2026-07-01T12:00:00Z', 0],
    ['America/Chicago', '2026-01-15T12:00:00Z', -6 * 3_600_000],
    ['America/Chicago', '2026-07-15T12:00:00Z', -5 * 3_600_000],
    ['Asia/Kathmandu', '2026-07-15T12:00:00Z', (5 * 60 + 45) * 60_000],
  ])('knows how far %s is ahead of UTC at %s', (zone, at, offset) => {
    expect(zoneOffset(Date.parse(at), zone)).toBe(offset)
  })

  it('counts the offset from the whole second, whatever the milliseconds (a law)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (at) => {
        expect(zoneOffset(at, 'America/Chicago')).toBe(zoneOffset(Math.floor(at / 1000) * 1000, 'America/Chicago'))
        expect(zoneOffset(at, 'UTC')).toBe(0)
      }),
      { numRuns: 200 },
    )
  })
})
