import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isTime, MINUTES_PER_DAY, formatHours, formatHoursNumber, nowHHMM } from './hours.ts'
import {
  EmbeddedEmployee,
  Timesheet,
  TimesheetComment,
  TimesheetId,
  TimesheetSave,
  WeekTimesheetSave,
  WeekStartDate,
} from './timesheet.ts'
import { isEditable } from './timesheet-days.ts'
import * as week from './week.ts'
import { isValidTimeZone } from './time-zones.ts'
import { TimeZone, WeekStartDay } from './week-schemas.ts'

/**
 * Shapes refused whole: trailing or leading characters, arrays where strings belong, and days of
 * the wrong weekday (mutants that once survived).
 */
describe('date shapes', () => {
  it('refuses leading and trailing characters around a real date', () => {
    for (const bad of ['2026-11-16x', 'x2026-11-16', ' 2026-11-16', '2026-11-16\n', '12026-11-16', '2026-11-161']) {
      expect(week.isCalendarDate(bad), bad).toBe(false)
      expect(week.isValidDate(bad), bad).toBe(false)
      expect(() => week.addDays(bad, 1), bad).toThrow(RangeError)
    }
  })

  it('refuses an array or a number that would read as a date', () => {
    expect(week.isCalendarDate(['2026-11-16'])).toBe(false)
    expect(week.isValidDate(['2026-11-16'])).toBe(false)
    expect(week.isCalendarDate(20261116)).toBe(false)
    expect(WeekStartDate.safeParse(['2026-11-16']).success).toBe(false)
  })

  it('refuses months and days outside the calendar, and says why', () => {
    for (const bad of ['2026-13-01', '2026-00-10', '2026-04-31', '2026-11-00', '2025-02-29']) {
      expect(week.isCalendarDate(bad), bad).toBe(false)
    }
    expect(week.isCalendarDate('2024-02-29')).toBe(true)
    // Date.UTC reads the years 0 to 99 as 1900 to 1999, so they never survive the round trip.
    expect(week.isCalendarDate('0050-06-15')).toBe(false)
    expect(() => week.addDays('2026-02-30', 1)).toThrow('Not a calendar date (expected YYYY-MM-DD): "2026-02-30"')
  })

  it('accepts the years 2000 to 2100 from people, any four-digit year in stored data', () => {
    expect([week.MIN_YEAR, week.MAX_YEAR]).toEqual([2000, 2100])
    expect(week.isValidDate('2000-01-01')).toBe(true)
    expect(week.isValidDate('2100-12-31')).toBe(true)
    expect(week.isValidDate('1999-12-31')).toBe(false)
    expect(week.isValidDate('2101-01-01')).toBe(false)
    expect(week.isCalendarDate('1999-12-31')).toBe(true)
    expect(week.isCalendarDate('0999-12-31')).toBe(true)
    expect(week.formatDate('0999-12-31')).toBe('Dec 31, 999')
    expect(week.addDays('0999-12-31', 1)).toBe('1000-01-01')
    expect(week.addDays('0999-01-01', 1)).toBe('0999-01-02')
    expect(WeekStartDate.safeParse('2101-01-03').error?.issues[0]?.message).toBe(
      'Week start date must be between 2000 and 2100',
    )
    for (const bad of ['2026-11-16x', 'x2026-11-16', '2026-1-16', '26-11-16', '2026/11/16', '2026-11-6']) {
      expect(WeekStartDate.safeParse(bad).error?.issues[0]?.message, bad).toBe('Use a date like 2026-11-16')
    }
    expect(WeekStartDate.safeParse(' 2026-11-16 ').data).toBe('2026-11-16')
  })
})

describe('todayIn', () => {
  it('writes a year before 1000 with four digits', () => {
    expect(week.todayIn('UTC', new Date('0999-06-01T12:00:00Z'))).toBe('0999-06-01')
    expect(week.todayIn('UTC', new Date('2026-01-05T12:00:00Z'))).toBe('2026-01-05')
  })
})

describe('isWeekStart', () => {
  it('accepts only the organization day, and never a malformed date', () => {
    expect(week.isWeekStart('2026-11-16', 'monday')).toBe(true)
    expect(week.isWeekStart('2026-11-16', 'sunday')).toBe(false)
    expect(week.isWeekStart('2026-11-15', 'sunday')).toBe(true)
    expect(week.isWeekStart('2026-11-15', 'monday')).toBe(false)
    expect(week.isWeekStart('2026-11-17', 'monday')).toBe(false)
    expect(week.isWeekStart('2026-11-16x', 'monday')).toBe(false)
    expect(week.isWeekStart('2026-02-30', 'monday')).toBe(false)
  })

  it('is true on exactly one day in seven', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30000 }), fc.constantFrom<WeekStartDay>('monday', 'sunday'), (n, start) => {
        const first = week.addDays('2000-01-01', n)
        const hits = [0, 1, 2, 3, 4, 5, 6].filter((i) => week.isWeekStart(week.addDays(first, i), start))
        expect(hits).toHaveLength(1)
        expect(week.dayOfDate(week.addDays(first, hits[0]!))).toBe(start)
      }),
    ))

  it('knows the weekdays by name, Monday first, and defaults to Monday', () => {
    expect(week.DAYS.map((d) => week.dayLabel[d])).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ])
    expect(week.DEFAULT_WEEK_START_DAY).toBe('monday')
    expect(WeekStartDay.safeParse('friday').error?.issues[0]?.message).toBe('Weeks start on monday or sunday')
    expect(WeekStartDay.options).toEqual(['monday', 'sunday'])
  })
})

describe('time zones', () => {
  it('refuses an array, a blank and a non-string zone', () => {
    expect(isValidTimeZone(['America/Chicago'])).toBe(false)
    expect(isValidTimeZone('  ')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
    expect(isValidTimeZone(undefined)).toBe(false)
    expect(TimeZone.safeParse(undefined).error?.issues[0]?.message).toBe('Time zone is required')
    expect(TimeZone.safeParse(' America/Chicago ').data).toBe('America/Chicago')
  })
})

describe('time shapes', () => {
  it('refuses leading and trailing characters and arrays', () => {
    for (const bad of ['08:00x', 'x08:00', '08:00 ', '108:00', '08:001', '08:00\n'])
      expect(isTime(bad), bad).toBe(false)
    expect(isTime(['08:00'])).toBe(false)
    expect(isTime(800)).toBe(false)
    expect(isTime(null)).toBe(false)
    expect(isTime('19:59')).toBe(true)
    expect(isTime('20:00')).toBe(true)
    expect(isTime('24:00')).toBe(false)
    expect(isTime('30:00')).toBe(false)
    expect(isTime('12:60')).toBe(false)
  })

  it('has 1440 minutes in a day and writes hours with one decimal', () => {
    expect(MINUTES_PER_DAY).toBe(1440)
    expect(formatHours(7.5)).toBe('7.5 hours')
    expect(formatHoursNumber(-0.04)).toBe('0.0')
    expect(formatHoursNumber(-1.25)).toBe('-1.3')
  })

  it('reads the wall clock in the runtime zone when none is given', () => {
    expect(nowHHMM(new Date())).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/)
  })
})

describe('timesheet records', () => {
  it('names the day in the message for an activity that is not text', () => {
    for (const day of week.DAYS) {
      expect(TimesheetSave.safeParse({ [`${day}Activity`]: 5 }).error?.issues[0]?.message).toBe(
        `${week.dayLabel[day]} activity must be text`,
      )
    }
  })

  it('reports a week start problem as a custom issue, and an id that is not a string plainly', () => {
    expect(WeekStartDate.safeParse('').error?.issues[0]?.code).toBe('custom')
    expect(TimesheetId.safeParse(42).error?.issues[0]?.message).toBe('Timesheet id must be a positive whole number')
  })

  it('keeps approvals and declines in the comment history, and embeds an employee', () => {
    for (const status of ['approved', 'rejected']) {
      expect(TimesheetComment.parse({ status, comment: 'c', byUserId: 'u', byName: 'n', at: 'a' }).status).toBe(status)
    }
    const employee = { firstName: 'A', lastName: 'B', department: null, profileImageUrl: null }
    expect(EmbeddedEmployee.parse({ ...employee, extra: 1 })).toEqual(employee)
    expect(EmbeddedEmployee.safeParse({ ...employee, firstName: undefined }).success).toBe(false)
  })

  it('refuses an array where a time or an activity belongs', () => {
    expect(TimesheetSave.safeParse({ mondayStart: ['08:00'] }).success).toBe(false)
    expect(TimesheetSave.safeParse({ mondayActivity: ['x'] }).error?.issues[0]?.message).toBe(
      'Monday activity must be text',
    )
    expect(TimesheetSave.safeParse({ notes: 5 }).error?.issues[0]?.message).toBe('Notes must be text')
  })

  it('reads a save with its version and a week save with its date', () => {
    expect(TimesheetSave.parse({ version: 2 }).version).toBe(2)
    for (const version of ['x', -1, 1.5])
      expect(
        TimesheetSave.safeParse({ version }).error?.issues.map((i) => i.message),
        String(version),
      ).toEqual(['version must be a whole number, 0 or more'])
    expect(WeekTimesheetSave.parse({ weekStartDate: '2026-11-16' }).weekStartDate).toBe('2026-11-16')
  })

  it('lets draft and rejected timesheets be edited, not pending or approved ones', () => {
    expect((['draft', 'pending', 'approved', 'rejected'] as const).filter(isEditable)).toEqual(['draft', 'rejected'])
  })

  it('fills the decision fields of a stored timesheet with their defaults', () => {
    const t = Timesheet.parse({
      id: 1,
      organizationId: 'o',
      employeeId: 'e',
      weekStartDate: '2026-11-16',
      status: 'draft',
      version: 0,
      createdAt: 'c',
      updatedAt: 'u',
    })
    expect([t.approvedBy, t.approvedAt, t.comments, t.commentHistory, t.submittedAt]).toEqual([
      null,
      null,
      null,
      [],
      null,
    ])
    expect(Timesheet.safeParse({ ...t, id: 0 }).success).toBe(false)
    expect(Timesheet.safeParse({ ...t, version: -1 }).success).toBe(false)
    expect(
      TimesheetComment.safeParse({ status: 'pending', comment: '', byUserId: 'u', byName: 'n', at: 'a' }).success,
    ).toBe(false)
  })
})
