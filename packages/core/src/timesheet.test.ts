import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { weekTotalHours } from './hours.ts'
import {
  ACTIVITY_MAX_LENGTH,
  COMMENT_HISTORY_LIMIT,
  withComment,
  NOTES_MAX_LENGTH,
  SEND_BACK_COMMENT_REQUIRED,
  SendBackBody,
  TimeOfDay,
  TimesheetDays,
  type TimesheetComment,
  TimesheetId,
  TimesheetStatus,
  WeekStartDate,
} from './timesheet.ts'
import { dayFields, daysOf, hasAnyTime, sentBack, statusLabel, timesheetDays } from './timesheet-days.ts'
import { DAYS, daysInWeekOrder } from './week.ts'
import { anyTime } from '../test/arbitraries.ts'

/** The messages of a failed parse, by field path. */
const refusals = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('TimeOfDay', () => {
  it.each(['', '00:00', '09:00', '23:59'])('accepts %j', (t) => expect(TimeOfDay.parse(t)).toBe(t))

  it('treats null and undefined as not filled, and trims', () => {
    expect(TimeOfDay.parse(null)).toBe('')
    expect(TimeOfDay.parse(undefined)).toBe('')
    expect(TimeOfDay.parse(' 09:00 ')).toBe('09:00')
  })

  it.each(['24:00', '9:00', '09:60', '9am', '09:00:00', 930])('refuses %j with the 24-hour hint', (t) => {
    const result = TimeOfDay.safeParse(t)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Use a 24-hour time like 09:00'])
  })
})

describe('TimesheetDays', () => {
  it('has exactly the stored field names', () => {
    const keys = Object.keys(TimesheetDays.shape)
    // Each day's unpaid break beside its times and activity, then the optional splits and spans.
    expect(keys).toEqual([
      ...DAYS.flatMap((d) => [`${d}Start`, `${d}End`, `${d}Activity`, `${d}BreakMinutes`]),
      'notes',
      ...DAYS.map((d) => `${d}Allocations`),
      'weekAllocationPercent',
      ...DAYS.map((d) => `${d}Spans`),
    ])
  })

  it('fills every missing or null field with an empty string', () => {
    const parsed = TimesheetDays.parse({ mondayStart: '09:00', mondayEnd: null, notes: null })
    expect(parsed.mondayStart).toBe('09:00')
    expect(parsed.mondayEnd).toBe('')
    expect(parsed.sundayActivity).toBe('')
    expect(parsed.notes).toBe('')
    // Text fields become '', and a missing break is no break.
    expect(
      Object.entries(parsed).every(([k, v]) => (k.endsWith('BreakMinutes') ? v === 0 : typeof v === 'string')),
    ).toBe(true)
  })

  it('trims activities and notes', () => {
    const parsed = TimesheetDays.parse({ tuesdayActivity: '  Youth group  ', notes: ' Thanks ' })
    expect(parsed.tuesdayActivity).toBe('Youth group')
    expect(parsed.notes).toBe('Thanks')
  })

  it('names the field, the day and the limit in each refusal', () => {
    const result = TimesheetDays.safeParse({
      wednesdayStart: '25:00',
      fridayActivity: 'x'.repeat(ACTIVITY_MAX_LENGTH + 1),
      notes: 'y'.repeat(NOTES_MAX_LENGTH + 1),
    })
    expect(refusals(result)).toEqual({
      wednesdayStart: 'Wednesday start time: use a 24-hour time like 09:00',
      fridayActivity: 'Friday activity must be 2000 characters or fewer',
      notes: 'Notes must be 5000 characters or fewer',
    })
  })

  it('accepts text right at the limits', () => {
    const result = TimesheetDays.safeParse({
      mondayActivity: 'x'.repeat(ACTIVITY_MAX_LENGTH),
      notes: 'y'.repeat(NOTES_MAX_LENGTH),
    })
    expect(result.success).toBe(true)
  })

  it('drops fields that are not part of the days', () => {
    const parsed = TimesheetDays.parse({ status: 'approved', employeeId: 'someone-else' })
    expect(parsed).not.toHaveProperty('status')
    expect(parsed).not.toHaveProperty('employeeId')
  })
})

describe('timesheetDays: the days read through zod', () => {
  const time = fc.oneof(fc.constantFrom('', null, undefined), anyTime)
  const text = fc.oneof(fc.constantFrom(null, undefined), fc.string({ maxLength: 30 }))
  const breakMinutes = fc.oneof(fc.constantFrom(null, undefined), fc.integer({ min: 0, max: 720 }))
  // splits: kept as they are wherever a day has one.
  const split = fc.option(
    fc.uniqueArray(
      fc.record({ code: fc.constantFrom('youth', 'admin', 'pantry'), minutes: fc.integer({ min: 1, max: 1440 }) }),
      {
        selector: (a) => a.code,
        maxLength: 3,
      },
    ),
    { nil: undefined },
  )
  // Stored sheets and half-built forms: any of the fields, each filled, empty, null or missing, plus others.
  const stored = fc.record(
    {
      ...Object.fromEntries(
        DAYS.flatMap((d) => [
          [`${d}Start`, time],
          [`${d}End`, time],
          [`${d}Activity`, text],
          [`${d}BreakMinutes`, breakMinutes],
          [`${d}Allocations`, split],
        ]),
      ),
      notes: text,
      id: fc.integer({ min: 1 }),
      status: fc.constantFrom('draft', 'pending'),
    },
    { requiredKeys: [] },
  )

  it('reads every stored sheet exactly as TimesheetDays parses it', () =>
    fc.assert(
      fc.property(stored, (s) => {
        expect(timesheetDays(s)).toEqual(TimesheetDays.parse(s))
      }),
    ))
})

describe('TimesheetStatus', () => {
  it('labels each status as the badges do', () => {
    expect(TimesheetStatus.options.map((s) => statusLabel[s])).toEqual([
      'Draft',
      'Pending Review',
      'Approved',
      'Rejected',
    ])
  })

  it('refuses other statuses with the allowed list', () =>
    expect(TimesheetStatus.safeParse('done').error?.issues[0]?.message).toBe(
      'Status must be draft, pending, approved or rejected',
    ))
})

describe('WeekStartDate', () => {
  it('accepts a real date', () => expect(WeekStartDate.parse('2026-11-16')).toBe('2026-11-16'))

  it.each([
    '2026-11-16T00:00:00Z',
    '2026-11-16T00:00:00.000Z',
    '2026-11-16T00:00:00.0Z',
    ' 2026-11-16T00:00:00+00:00 ',
  ])('reads %j, a Date of the day as JSON writes it, as the day', (value) =>
    expect(WeekStartDate.parse(value)).toBe('2026-11-16'),
  )

  it.each([
    [undefined, 'Week start date is required'],
    [null, 'Week start date is required'],
    ['', 'Week start date is required'],
    ['   ', 'Week start date is required'],
    ['16/11/2026', 'Use a date like 2026-11-16'],
    ['2026-11-16T06:00:00.000Z', 'Use a date like 2026-11-16'],
    ['2026-11-16T00:00:01Z', 'Use a date like 2026-11-16'],
    ['2026-11-16T00:00:00.0000Z', 'Use a date like 2026-11-16'],
    ['2026-11-16T00:00:00', 'Use a date like 2026-11-16'],
    ['2026-11-16T00:00:00-05:00', 'Use a date like 2026-11-16'],
    ['x2026-11-16T00:00:00Z', 'Use a date like 2026-11-16'],
    ['2026-02-30T00:00:00Z', 'Week start date 2026-02-30 is not a real calendar date'],
    [20261116, 'Use a date like 2026-11-16'],
    ['2026-02-30', 'Week start date 2026-02-30 is not a real calendar date'],
    ['1999-12-27', 'Week start date must be between 2000 and 2100'],
  ])('refuses %j: %s', (value, message) => {
    const result = WeekStartDate.safeParse(value)
    expect(result.error?.issues.map((i) => i.message)).toEqual([message])
  })

  it('is required inside an object', () => {
    const Form = TimesheetDays.extend({ weekStartDate: WeekStartDate })
    expect(refusals(Form.safeParse({}))).toEqual({ weekStartDate: 'Week start date is required' })
  })
})

describe('TimesheetId', () => {
  it('reads a path string as a number', () => {
    expect(TimesheetId.parse('42')).toBe(42)
  })

  it.each(['0', '-3', '1.5', 'abc', '', '99999999999999999999', '1e3', '0x10', ' 7'])('refuses %j', (id) =>
    expect(TimesheetId.safeParse(id).error?.issues[0]?.message).toBe('Timesheet id must be a positive whole number'),
  )
})

describe('dayFields and daysOf', () => {
  it('names the three fields of a day', () =>
    expect(dayFields('monday')).toEqual({ start: 'mondayStart', end: 'mondayEnd', activity: 'mondayActivity' }))

  it('lists days in the order asked for, with their hours', () => {
    // Sunday's shift runs past midnight.
    const sundayNight = { sundayStart: '22:00', sundayEnd: '06:00', sundayActivity: 'Night shelter' }
    const sheet = TimesheetDays.parse({ ...sundayNight, mondayStart: '09:00', mondayEnd: '17:30' })
    const days = daysOf(sheet, daysInWeekOrder('sunday'))
    expect(days.map((d) => d.day)).toEqual(daysInWeekOrder('sunday'))
    expect(days[0]).toEqual({
      day: 'sunday',
      start: '22:00',
      end: '06:00',
      activity: 'Night shelter',
      spans: [{ start: '22:00', end: '06:00' }],
      hours: 8,
      breakMinutes: 0,
    })
    expect(days[1]).toMatchObject({ day: 'monday', hours: 8.5 })
    expect(daysOf(sheet).map((d) => d.day)).toEqual(DAYS)
  })

  it('reads stored nulls as empty', () =>
    expect(daysOf({ mondayStart: null, mondayActivity: null })[0]).toEqual({
      day: 'monday',
      start: '',
      end: '',
      activity: '',
      spans: [],
      hours: 0,
      breakMinutes: 0,
    }))

  const time = fc.oneof(fc.constant(''), anyTime)
  const sheet = fc.record(Object.fromEntries(DAYS.flatMap((d) => [[`${d}Start`, time] as const, [`${d}End`, time]])))

  it('the day hours of any order add up to the week total', () =>
    fc.assert(
      fc.property(sheet, fc.constantFrom('monday' as const, 'sunday' as const), (s, wsd) => {
        const minutes = daysOf(s, daysInWeekOrder(wsd)).reduce((sum, d) => sum + Math.round(d.hours * 60), 0)
        return minutes / 60 === weekTotalHours(s)
      }),
    ))

  it('survives a parse unchanged: valid times are kept as they are', () =>
    fc.assert(fc.property(sheet, (s) => Object.entries(s).every(([k, v]) => TimesheetDays.parse(s)[k as never] === v))))
})

describe('hasAnyTime', () => {
  it('is true when any day has a start or an end', () => {
    expect(hasAnyTime({})).toBe(false)
    expect(hasAnyTime(TimesheetDays.parse({ mondayActivity: 'Planning' }))).toBe(false)
    expect(hasAnyTime({ thursdayEnd: '12:00' })).toBe(true)
    expect(hasAnyTime({ sundayStart: '08:00', sundayEnd: null })).toBe(true)
  })
})

describe('sentBack', () => {
  const decision = (status: 'approved' | 'rejected', comment: string) => ({
    status,
    comment,
    byUserId: 'u1',
    byName: 'Pat Pastor',
    at: '2026-11-20T10:00:00.000Z',
  })
  it('keeps a decline’s comment while the week is rejected or saved as a draft again, until it is resubmitted', () => {
    const history = [decision('rejected', 'Add Tuesday')]
    expect(sentBack({ status: 'rejected', comments: 'Add Tuesday', commentHistory: history })).toEqual({
      comment: 'Add Tuesday',
    })
    expect(sentBack({ status: 'draft', comments: 'Add Tuesday', commentHistory: history })).toEqual({
      comment: 'Add Tuesday',
    })
    expect(sentBack({ status: 'pending', comments: 'Add Tuesday', commentHistory: history })).toBeNull()
  })
  it('is null for a week never declined, or approved since its last decline', () => {
    expect(sentBack({ status: 'draft', comments: null, commentHistory: [] })).toBeNull()
    const approvedLast = [decision('rejected', 'Add Tuesday'), decision('approved', 'Thanks')]
    expect(sentBack({ status: 'draft', comments: 'Thanks', commentHistory: approvedLast })).toBeNull()
  })
  it('says a decline without a comment is still a decline', () => {
    expect(sentBack({ status: 'draft', comments: null, commentHistory: [decision('rejected', '')] })).toEqual({
      comment: null,
    })
  })
})

describe('withComment', () => {
  const entry = (i: number) => ({
    status: 'rejected' as const,
    comment: `c${i}`,
    byUserId: 'u',
    byName: 'Sam Grace',
    at: `2026-11-${String(i).padStart(2, '0')}T00:00:00.000Z`,
  })
  it('appends the decision and keeps only the latest COMMENT_HISTORY_LIMIT', () => {
    expect(withComment([], entry(1))).toEqual([entry(1)])
    let history: TimesheetComment[] = []
    for (let i = 1; i <= COMMENT_HISTORY_LIMIT + 3; i++) history = withComment(history, entry(i))
    expect(COMMENT_HISTORY_LIMIT).toBe(20)
    expect(history).toHaveLength(20)
    expect(history[0]).toEqual(entry(4))
    expect(history.at(-1)).toEqual(entry(23))
    const full = Array.from({ length: 19 }, (_, i) => entry(i + 1))
    expect(withComment(full, entry(20))).toHaveLength(20)
    expect(withComment(full, entry(20))[0]).toEqual(entry(1))
  })
})

describe('SendBackBody', () => {
  const messages = (body: unknown) => SendBackBody.safeParse(body).error?.issues.map((i) => [i.path, i.message])

  it('keeps the comment trimmed, up to 2,000 characters', () => {
    expect(SendBackBody.parse({ comments: '  Fix Monday \n' })).toEqual({ comments: 'Fix Monday' })
    expect(SendBackBody.parse({ comments: 'x'.repeat(2000) }).comments).toHaveLength(2000)
    expect(SendBackBody.parse({ comments: ` ${'x'.repeat(2000)} ` }).comments).toHaveLength(2000)
    expect(SendBackBody.parse({ comments: 'x' })).toEqual({ comments: 'x' })
  })

  it('refuses a missing, blank, non-text or too long comment, each on its field with a clear message', () => {
    for (const body of [{}, { comments: '' }, { comments: ' \t\n ' }, { comments: 7 }, { comments: null }])
      expect(messages(body), JSON.stringify(body)).toEqual([[['comments'], SEND_BACK_COMMENT_REQUIRED]])
    expect(messages({ comments: 'x'.repeat(2001) })).toEqual([
      [['comments'], 'Comments must be 2000 characters or fewer'],
    ])
    expect(SEND_BACK_COMMENT_REQUIRED).toBe('Say what needs correcting: a comment is required')
  })
})
