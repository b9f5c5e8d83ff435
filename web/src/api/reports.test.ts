import { describe, expect, it } from 'vitest'
import { reportPeriod, reportUrl } from './reports.ts'

// Wednesday 18 November 2026, 03:30 UTC.
const now = new Date('2026-11-18T03:30:00.000Z')

describe('reportPeriod', () => {
  it("covers this week from the organization's start day, in its zone", () => {
    expect(reportPeriod('this-week', { timeZone: 'UTC', weekStartDay: 'monday' }, now)).toEqual({
      start: '2026-11-16',
      end: '2026-11-22',
    })
    expect(reportPeriod('this-week', { timeZone: 'UTC', weekStartDay: 'sunday' }, now)).toEqual({
      start: '2026-11-15',
      end: '2026-11-21',
    })
  })

  it('judges "today" in the organization’s zone', () => {
    // Sunday 2026-11-22 23:30 in Chicago is already Monday the 23rd in UTC.
    const sundayNight = new Date('2026-11-23T05:30:00.000Z')
    expect(reportPeriod('this-week', { timeZone: 'America/Chicago', weekStartDay: 'monday' }, sundayNight)).toEqual({
      start: '2026-11-16',
      end: '2026-11-22',
    })
    expect(reportPeriod('this-week', { timeZone: 'UTC', weekStartDay: 'monday' }, sundayNight).start).toBe('2026-11-23')
  })

  it('covers whole calendar months', () => {
    const week = { timeZone: 'UTC', weekStartDay: 'monday' } as const
    expect(reportPeriod('this-month', week, now)).toEqual({ start: '2026-11-01', end: '2026-11-30' })
    expect(reportPeriod('last-month', week, now)).toEqual({ start: '2026-10-01', end: '2026-10-31' })
    const march = new Date('2028-03-10T12:00:00.000Z')
    expect(reportPeriod('last-month', week, march)).toEqual({ start: '2028-02-01', end: '2028-02-29' })
    const january = new Date('2027-01-05T12:00:00.000Z')
    expect(reportPeriod('last-month', week, january)).toEqual({ start: '2026-12-01', end: '2026-12-31' })
    expect(reportPeriod('this-month', week, january)).toEqual({ start: '2027-01-01', end: '2027-01-31' })
  })

  it('asks the API for the dates', () => {
    expect(reportUrl({ start: '2026-11-01', end: '2026-11-30' })).toBe(
      '/api/timesheets/reports?start=2026-11-01&end=2026-11-30',
    )
  })
})
