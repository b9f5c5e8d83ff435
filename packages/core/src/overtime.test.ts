import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { issueLongWeek } from '../test/weeks.ts'
import { breaksLongerThanShift, paidMinutes, weekBreakMinutes, weekTotalHours } from './hours.ts'
import {
  DEFAULT_OVERTIME_RULES,
  earnsOvertime,
  hoursOf,
  memberWeek,
  splitDays,
  splitWeek,
  timesheetPayroll,
  weekFigures,
  type OvertimeRules,
} from './overtime.ts'
import { TimesheetSave, WeekTimesheetSave } from './timesheet.ts'

const weekly = DEFAULT_OVERTIME_RULES
const california: OvertimeRules = { weeklyOvertimeHours: 40, dailyOvertimeHours: 8, dailyDoubleTimeHours: 12 }
const h = (hours: number) => hours * 60

describe('paid hours of a day: the spec difference minus the break', () => {
  it('with no break is exactly the spec difference, overnight included', () => {
    expect(paidMinutes('09:00', '17:00')).toBe(480)
    expect(paidMinutes('09:00', '17:00', 0)).toBe(480)
    expect(paidMinutes('09:00', '17:00', null)).toBe(480)
    expect(paidMinutes('22:00', '06:00')).toBe(480)
    expect(paidMinutes('09:00', '17:30') / 60).toBe(8.5)
  })

  it('deducts the break, and never goes below 0', () => {
    expect(paidMinutes('09:00', '17:00', 30)).toBe(450)
    expect(paidMinutes('22:00', '06:00', 60)).toBe(420)
    expect(paidMinutes('09:00', '10:00', 60)).toBe(0)
    expect(paidMinutes('09:00', '10:00', 61)).toBe(0)
    expect(paidMinutes('', '', 30)).toBe(0)
  })

  it('ignores a break that is not a whole positive number', () => {
    expect(paidMinutes('09:00', '17:00', -30)).toBe(480)
    expect(paidMinutes('09:00', '17:00', 1.5)).toBe(480)
  })

  it("counts breaks in the week's total and break minutes", () => {
    const week = {
      mondayStart: '09:00',
      mondayEnd: '17:00',
      mondayBreakMinutes: 30,
      tuesdayStart: '09:00',
      tuesdayEnd: '12:00',
    }
    expect(weekTotalHours(week)).toBe(10.5)
    expect(weekBreakMinutes(week)).toBe(30)
    expect(weekTotalHours({ mondayStart: '09:00', mondayEnd: '17:00' })).toBe(8)
  })

  it('finds a break longer than its shift, and accepts one exactly as long', () => {
    expect(breaksLongerThanShift({ mondayStart: '09:00', mondayEnd: '10:00', mondayBreakMinutes: 60 })).toEqual([])
    expect(breaksLongerThanShift({ mondayStart: '09:00', mondayEnd: '10:00', mondayBreakMinutes: 61 })).toEqual([
      'monday',
    ])
    expect(breaksLongerThanShift({ fridayBreakMinutes: 1 })).toEqual(['friday'])
    expect(breaksLongerThanShift({ fridayBreakMinutes: 0 })).toEqual([])
  })
})

describe('the break fields of a save', () => {
  it('default to 0 and refuse a break longer than the shift on its field', () => {
    expect(TimesheetSave.parse({}).mondayBreakMinutes).toBe(0)
    const r = WeekTimesheetSave.safeParse({
      weekStartDate: '2026-11-16',
      tuesdayStart: '09:00',
      tuesdayEnd: '09:20',
      tuesdayBreakMinutes: 30,
    })
    expect(r.success).toBe(false)
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['tuesdayBreakMinutes'], message: 'Tuesday break is longer than the shift' }),
    ])
  })

  it('accept 0 to 720 whole minutes only', () => {
    const day = { mondayStart: '00:00', mondayEnd: '23:59' }
    expect(TimesheetSave.safeParse({ ...day, mondayBreakMinutes: 720 }).success).toBe(true)
    expect(TimesheetSave.safeParse({ ...day, mondayBreakMinutes: 721 }).success).toBe(false)
    expect(TimesheetSave.safeParse({ ...day, mondayBreakMinutes: -1 }).success).toBe(false)
    expect(TimesheetSave.safeParse({ ...day, mondayBreakMinutes: 2.5 }).success).toBe(false)
    expect(TimesheetSave.safeParse({ ...day, mondayBreakMinutes: '30' }).success).toBe(false)
  })
})

describe('weekly overtime', () => {
  it('is the hours over 40 of a non-exempt week, at the boundary too', () => {
    expect(splitWeek([h(8), h(8), h(8), h(8), h(8)], weekly, true)).toEqual({
      regular: h(40),
      overtime: 0,
      doubleTime: 0,
    })
    expect(splitWeek([h(8), h(8), h(8), h(8), h(8) + 1], weekly, true)).toEqual({
      regular: h(40),
      overtime: 1,
      doubleTime: 0,
    })
    expect(splitWeek([h(9), h(9), h(9), h(9), h(9)], weekly, true)).toEqual({
      regular: h(40),
      overtime: h(5),
      doubleTime: 0,
    })
    expect(splitWeek([h(8), h(8), h(8), h(8), h(8) - 1], weekly, true)).toEqual({
      regular: h(40) - 1,
      overtime: 0,
      doubleTime: 0,
    })
  })

  it('follows the threshold set', () => {
    expect(splitWeek([h(10), h(10), h(10), h(10)], { ...weekly, weeklyOvertimeHours: 37.5 }, true)).toEqual({
      regular: h(37.5),
      overtime: h(2.5),
      doubleTime: 0,
    })
  })

  it('is never earned by exempt staff, ministers or volunteers', () => {
    expect(splitWeek([h(12), h(12), h(12), h(12)], california, false)).toEqual({
      regular: h(48),
      overtime: 0,
      doubleTime: 0,
    })
    expect(earnsOvertime('non-exempt', 'employee')).toBe(true)
    expect(earnsOvertime('non-exempt', 'supervisor')).toBe(true)
    expect(earnsOvertime('exempt', 'employee')).toBe(false)
    expect(earnsOvertime('minister', 'supervisor')).toBe(false)
    expect(earnsOvertime('non-exempt', 'volunteer')).toBe(false)
  })

  it('falls on the days that take the week past the threshold', () => {
    expect(splitDays([h(10), h(10), h(10), h(10), h(5)], weekly, true)).toEqual([
      { regular: h(10), overtime: 0, doubleTime: 0 },
      { regular: h(10), overtime: 0, doubleTime: 0 },
      { regular: h(10), overtime: 0, doubleTime: 0 },
      { regular: h(10), overtime: 0, doubleTime: 0 },
      { regular: 0, overtime: h(5), doubleTime: 0 },
    ])
  })
})

describe('a day given as negative minutes', () => {
  it('counts as no time, with or without overtime', () => {
    expect(splitWeek([-60, 60], weekly, true)).toEqual({ regular: 60, overtime: 0, doubleTime: 0 })
    expect(splitWeek([-60, 60], weekly, false)).toEqual({ regular: 60, overtime: 0, doubleTime: 0 })
  })
})

describe('the daily rule (off by default)', () => {
  it('makes hours over 8 a day overtime and over 12 double time', () => {
    expect(splitWeek([h(13)], california, true)).toEqual({ regular: h(8), overtime: h(4), doubleTime: h(1) })
    expect(splitWeek([h(8)], california, true)).toEqual({ regular: h(8), overtime: 0, doubleTime: 0 })
    expect(splitWeek([h(8) + 1], california, true)).toEqual({ regular: h(8), overtime: 1, doubleTime: 0 })
    expect(splitWeek([h(12) + 1], california, true)).toEqual({ regular: h(8), overtime: h(4), doubleTime: 1 })
    expect(splitWeek([h(13)], weekly, true)).toEqual({ regular: h(13), overtime: 0, doubleTime: 0 })
  })

  it('does not count daily overtime again toward the week', () => {
    // Five 10-hour days: 10 daily overtime hours; the 40 regular hours stay at the threshold.
    expect(splitWeek([h(10), h(10), h(10), h(10), h(10)], california, true)).toEqual({
      regular: h(40),
      overtime: h(10),
      doubleTime: 0,
    })
    // Six 8-hour days: no daily overtime, the sixth day is weekly overtime.
    expect(splitWeek([h(8), h(8), h(8), h(8), h(8), h(8)], california, true)).toEqual({
      regular: h(40),
      overtime: h(8),
      doubleTime: 0,
    })
  })

  it('works with double time alone', () => {
    const rules = { ...weekly, dailyDoubleTimeHours: 12 }
    expect(splitWeek([h(14)], rules, true)).toEqual({ regular: h(12), overtime: 0, doubleTime: h(2) })
  })
})

const anyRules = fc.record({
  weeklyOvertimeHours: fc.integer({ min: 1, max: 80 }),
  dailyOvertimeHours: fc.option(fc.integer({ min: 1, max: 16 }), { nil: null }),
  dailyDoubleTimeHours: fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
})
const anyWeek = fc.array(fc.integer({ min: 0, max: 24 * 60 - 1 }), { minLength: 7, maxLength: 7 })

describe('properties', () => {
  it('regular + overtime + double time = paid minutes, none negative', () => {
    fc.assert(
      fc.property(anyWeek, anyRules, fc.boolean(), (days, rules, ot) => {
        const s = splitWeek(days, rules, ot)
        expect(s.regular + s.overtime + s.doubleTime).toBe(days.reduce((a, b) => a + b, 0))
        expect(Math.min(s.regular, s.overtime, s.doubleTime)).toBeGreaterThanOrEqual(0)
        for (const [i, d] of splitDays(days, rules, ot).entries()) {
          expect(d.regular + d.overtime + d.doubleTime).toBe(days[i])
          expect(Math.min(d.regular, d.overtime, d.doubleTime)).toBeGreaterThanOrEqual(0)
        }
      }),
    )
  })

  it('is monotonic: more hours on a day never lower overtime, double time or paid time', () => {
    fc.assert(
      fc.property(
        anyWeek,
        anyRules,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 600 }),
        (days, rules, i, more) => {
          const longer = days.map((m, j) => (j === i ? Math.min(m + more, 24 * 60 - 1) : m))
          const a = splitWeek(days, rules, true)
          const b = splitWeek(longer, rules, true)
          expect(b.overtime + b.doubleTime).toBeGreaterThanOrEqual(a.overtime + a.doubleTime)
          expect(b.doubleTime).toBeGreaterThanOrEqual(a.doubleTime)
          expect(b.regular + b.overtime + b.doubleTime).toBeGreaterThanOrEqual(a.regular + a.overtime + a.doubleTime)
        },
      ),
    )
  })

  it('has no overtime at all when the week stays within the threshold and no daily rule is on', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 342 }), { minLength: 7, maxLength: 7 }), (days) => {
        expect(splitWeek(days, weekly, true).overtime).toBe(0)
      }),
    )
  })
})

describe('the figures of a timesheet', () => {
  // The issue's scenario: 45 hours worked, with a 30-minute break on two days.
  const longWeek = issueLongWeek('e1')

  it('gives 40 regular and 4 overtime hours for 45 hours worked with two 30-minute breaks', () => {
    expect(timesheetPayroll(longWeek, weekly, 'non-exempt', 'employee')).toEqual({
      paidHours: 44,
      breakMinutes: 60,
      regularHours: 40,
      overtimeHours: 4,
      doubleTimeHours: 0,
    })
    expect(timesheetPayroll(longWeek, weekly, 'minister', 'supervisor')).toMatchObject({
      regularHours: 44,
      overtimeHours: 0,
    })
  })

  it('stores each worked day with its date, in the order of the week', () => {
    const week = memberWeek(
      { ...longWeek, weekStartDate: '2026-11-15', sundayStart: '10:00', sundayEnd: '12:00' },
      weekly,
      'non-exempt',
      'employee',
    )
    expect(week.days.map((d) => d.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ])
    expect(week.days.at(-1)).toMatchObject({ regularMinutes: h(2), overtimeMinutes: h(6) })
    expect(week).toMatchObject({
      paidMinutes: h(46),
      regularMinutes: h(40),
      overtimeMinutes: h(6),
      daysWorked: 6,
      breakMinutes: 60,
    })
  })

  it('counts days worked and rounds hours to two decimals', () => {
    expect(weekFigures({ mondayStart: '09:00', mondayEnd: '09:20' }, weekly, 'exempt', 'employee').daysWorked).toBe(1)
    expect(hoursOf(20)).toBe(0.33)
    expect(hoursOf(40)).toBe(0.67)
    expect(hoursOf(0)).toBe(0)
  })
})
