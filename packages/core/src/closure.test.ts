import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  canReopen,
  CloseOrganization,
  closeConfirmed,
  erasureDate,
  erasureDue,
  erasureRunDate,
  erasureWarningDue,
} from './closure.ts'
import { addDays, todayIn } from './week.ts'

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))

describe('the erasure date', () => {
  it('is 30 days after the day of the closure, in the organization’s time zone', () => {
    expect(erasureDate('2026-11-26T15:00:00.000Z', 'UTC')).toBe('2026-12-26')
    // 01:30 UTC on the 1st is still the evening of Jan 31st in Chicago.
    expect(erasureDate('2027-02-01T01:30:00.000Z', 'America/Chicago')).toBe('2027-03-02')
    expect(erasureDate('2027-02-01T01:30:00.000Z', 'Europe/Madrid')).toBe('2027-03-03')
  })

  it('is always exactly 30 calendar days later (any closing day)', () => {
    fc.assert(
      fc.property(day, (d) => {
        expect(erasureDate(`${d}T12:00:00.000Z`, 'UTC')).toBe(addDays(d, 30))
      }),
    )
  })

  it('is due on that date and after, never before; the warning comes 7 days earlier', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -60, max: 60 }), (eraseOn, shift) => {
        const asOf = addDays(eraseOn, shift)
        expect(erasureDue(eraseOn, asOf)).toBe(shift >= 0)
        expect(erasureWarningDue(eraseOn, asOf)).toBe(shift >= -7)
        // Reopening and erasing never overlap, and one of them is always possible.
        expect(canReopen(eraseOn, asOf)).toBe(!erasureDue(eraseOn, asOf))
      }),
    )
  })
})

describe("the scheduled run's date", () => {
  const zones = Intl.supportedValuesOf('timeZone')
  const instant = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2090-12-31T00:00:00Z'),
    noInvalidDate: true,
  })

  it('is the date in UTC−12, where dates begin last', () => {
    expect(erasureRunDate(new Date('2026-12-01T11:59:00Z'))).toBe('2026-11-30')
    expect(erasureRunDate(new Date('2026-12-01T12:00:00Z'))).toBe('2026-12-01')
  })

  it('never erases an organization its supervisors may still reopen, in any zone, at any instant', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), fc.integer({ min: -3, max: 3 }), (now, zone, shift) => {
        const today = todayIn(zone, now)
        const eraseOn = addDays(today, shift)
        expect(erasureRunDate(now) <= today).toBe(true)
        if (erasureDue(eraseOn, erasureRunDate(now))) expect(canReopen(eraseOn, today)).toBe(false)
      }),
    )
  })

  it('is at most two days behind any zone (UTC+14 is 26 hours ahead), so an erasure is late by two days at most', () => {
    expect(erasureRunDate(new Date('2026-12-01T10:30:00Z'))).toBe('2026-11-30')
    expect(todayIn('Pacific/Kiritimati', new Date('2026-12-01T10:30:00Z'))).toBe('2026-12-02')
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (now, zone) => {
        expect(addDays(erasureRunDate(now), 2) >= todayIn(zone, now)).toBe(true)
      }),
    )
  })
})

describe('the confirmation', () => {
  it('is the exact name only', () => {
    expect(closeConfirmed('Grace Church', 'Grace Church')).toBe(true)
    for (const other of ['grace church', 'Grace Church ', ' Grace Church', 'Grace', '', 'GRACE CHURCH'])
      expect(closeConfirmed(other, 'Grace Church')).toBe(false)
  })

  it('accepts the name and nothing else, for any name', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (name, typed) => {
        expect(closeConfirmed(name, name)).toBe(true)
        expect(closeConfirmed(typed, name)).toBe(typed === name)
      }),
    )
  })

  it('needs `confirm` in the body', () => {
    const missing = CloseOrganization.safeParse({})
    expect(missing.success).toBe(false)
    expect(missing.error?.issues[0]?.path).toEqual(['confirm'])
  })
})
