import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as payPeriods from './pay-periods.ts'
import type { PayPeriodFrequency } from './payroll.ts'
import { addDays, weekStartFor } from './week.ts'

/** The period holding `day` when periods count from Monday 2026-11-16. */
const periodOf = (day: string, frequency: PayPeriodFrequency) =>
  payPeriods.periodContaining(day, frequency, '2026-11-16')

describe('pay periods', () => {
  it('repeat every 14 days from the anchor, before and after it', () => {
    expect(periodOf('2026-11-16', 'biweekly')).toEqual({ start: '2026-11-16', end: '2026-11-29' })
    expect(periodOf('2026-11-29', 'biweekly')).toEqual({ start: '2026-11-16', end: '2026-11-29' })
    expect(periodOf('2026-11-30', 'biweekly')).toEqual({ start: '2026-11-30', end: '2026-12-13' })
    expect(periodOf('2026-11-15', 'biweekly')).toEqual({ start: '2026-11-02', end: '2026-11-15' })
  })

  it('repeat every 7 days when weekly', () => {
    expect(periodOf('2026-11-22', 'weekly')).toEqual({ start: '2026-11-16', end: '2026-11-22' })
    expect(periodOf('2026-11-23', 'weekly')).toEqual({ start: '2026-11-23', end: '2026-11-29' })
  })

  it('are the 1st to the 15th and the 16th to the end of the month when semimonthly', () => {
    expect(['2026-02-15', '2026-02-16', '2028-02-20'].map((day) => periodOf(day, 'semimonthly'))).toEqual([
      { start: '2026-02-01', end: '2026-02-15' },
      { start: '2026-02-16', end: '2026-02-28' },
      { start: '2028-02-16', end: '2028-02-29' },
    ])
  })

  it('are calendar months when monthly', () => {
    expect(periodOf('2026-12-31', 'monthly')).toEqual({ start: '2026-12-01', end: '2026-12-31' })
    expect(periodOf('2026-04-01', 'monthly')).toEqual({ start: '2026-04-01', end: '2026-04-30' })
  })

  it('list back from a date, newest first, without gaps', () => {
    const periods = payPeriods.periodsBack('2026-11-20', 3, 'semimonthly', '2026-11-16')
    expect(periods).toEqual([
      { start: '2026-11-16', end: '2026-11-30' },
      { start: '2026-11-01', end: '2026-11-15' },
      { start: '2026-10-16', end: '2026-10-31' },
    ])
  })

  it('are named by their first day only', () => {
    expect(payPeriods.isPeriodStart('2026-11-30', 'biweekly', '2026-11-16')).toBe(true)
    expect(payPeriods.isPeriodStart('2026-11-23', 'biweekly', '2026-11-16')).toBe(false)
    expect(payPeriods.isPeriodStart('2026-11-16', 'semimonthly', '2026-11-16')).toBe(true)
  })
})

describe("the schedule's anchor", () => {
  // Made on Sunday 2026-11-29 at 23:30 in Chicago, already Monday 2026-11-30 in UTC.
  const org = {
    payPeriodAnchor: null,
    createdAt: '2026-11-30T05:30:00.000Z',
    timeZone: 'America/Chicago',
    weekStartDay: 'monday' as const,
  }

  it('is the one the organization set', () =>
    expect(payPeriods.anchorOf({ ...org, payPeriodAnchor: '2026-01-05' })).toBe('2026-01-05'))

  it('is otherwise the start of the week the organization was made in, in its zone, whatever the date now', () => {
    expect(payPeriods.anchorOf(org)).toBe('2026-11-23')
    expect(payPeriods.anchorOf({ ...org, weekStartDay: 'sunday' })).toBe('2026-11-29')
    expect(payPeriods.anchorOf({ ...org, timeZone: 'UTC' })).toBe('2026-11-30')
    // The same schedule weeks later: the periods do not move with each new week.
    const later = payPeriods.periodContaining('2026-12-21', 'biweekly', payPeriods.anchorOf(org))
    expect(later).toEqual({ start: '2026-12-21', end: '2027-01-03' })
  })
})

describe('a workweek straddling two periods', () => {
  it('belongs to the period holding its last day', () => {
    const first = { start: '2026-11-01', end: '2026-11-15' }
    const second = { start: '2026-11-16', end: '2026-11-30' }
    // Monday 2026-11-09 to Sunday 2026-11-15 ends in the first; Monday 11-16 starts the second.
    expect(payPeriods.carriesWeek(first, '2026-11-09')).toBe(true)
    expect(payPeriods.carriesWeek(second, '2026-11-09')).toBe(false)
    // Monday 2026-11-30 to Sunday 12-06 straddles: the December period carries it.
    expect(payPeriods.carriesWeek(second, '2026-11-30')).toBe(false)
    expect(payPeriods.carriesWeek({ start: '2026-12-01', end: '2026-12-15' }, '2026-11-30')).toBe(true)
    expect(payPeriods.carriedWeekStarts(second)).toEqual({ start: '2026-11-10', end: '2026-11-24' })
    // A week ending on the period's first day, and one ending on its last, are both carried.
    expect(payPeriods.carriesWeek(second, '2026-11-10')).toBe(true)
    expect(payPeriods.carriesWeek(second, '2026-11-24')).toBe(true)
    expect(payPeriods.carriesWeek(second, '2026-11-09')).toBe(false)
  })

  it('is carried by exactly one period, whatever the frequency, which alone pays its days’ leave: nothing counted twice or dropped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom('weekly', 'biweekly', 'semimonthly', 'monthly' as const),
        fc.constantFrom('monday', 'sunday' as const),
        (dayOffset, anchorOffset, frequency, weekStartDay) => {
          const day = addDays('2020-01-06', dayOffset)
          const anchor = addDays('2020-01-01', anchorOffset)
          // The periods around the day's week: the one holding its first day and the next two.
          const periods = payPeriods.periodsBack(addDays(day, 40), 8, frequency, anchor)
          const carrying = periods.filter((p) => payPeriods.carriesWeek(p, weekStartFor(day, weekStartDay)))
          expect(carrying).toHaveLength(1)
          const paying = periods.filter((p) => {
            const days = payPeriods.leaveDaysOf(p, weekStartDay)
            return days.start <= day && day <= days.end
          })
          expect(paying).toEqual(carrying)
        },
      ),
    )
  })
})

describe("a period's leave days", () => {
  it('are the days of the workweeks it carries', () => {
    // Semimonthly, Monday weeks: Monday 10-26 to Sunday 11-01 ends in the first half of November.
    expect(payPeriods.leaveDaysOf({ start: '2026-11-01', end: '2026-11-15' }, 'monday')).toEqual({
      start: '2026-10-26',
      end: '2026-11-15',
    })
    // Monday 11-30 to Sunday 12-06 ends in December: its days are December's.
    expect(payPeriods.leaveDaysOf({ start: '2026-11-16', end: '2026-11-30' }, 'monday')).toEqual({
      start: '2026-11-16',
      end: '2026-11-29',
    })
    expect(payPeriods.leaveDaysOf({ start: '2026-11-16', end: '2026-11-29' }, 'sunday')).toEqual({
      start: '2026-11-15',
      end: '2026-11-28',
    })
  })
})

describe('closed periods and schedule changes', () => {
  const closedAs = (start: string, end: string) => ({
    start,
    end,
    lockedWeeks: payPeriods.lockedWeekStarts({ start, end }),
  })
  // A biweekly period from Monday 2026-10-05, closed.
  const closed = closedAs('2026-10-05', '2026-10-18')

  it('locks the Mondays and Sundays that start a workweek ending inside the period', () => {
    expect(payPeriods.lockedWeekStarts({ start: '2026-10-05', end: '2026-10-18' })).toEqual([
      '2026-10-04',
      '2026-10-05',
      '2026-10-11',
      '2026-10-12',
    ])
    expect(payPeriods.lockedWeekStarts({ start: '2026-10-05', end: '2026-10-05' })).toEqual([])
  })

  it('lets a schedule keep every closed period whole', () => {
    expect(payPeriods.closedPeriodSplitBy([closed], 'biweekly', '2026-10-05')).toBeUndefined()
    expect(payPeriods.closedPeriodSplitBy([closed], 'biweekly', '2026-11-02')).toBeUndefined()
    expect(payPeriods.closedPeriodSplitBy([], 'weekly', '2026-10-06')).toBeUndefined()
    // Weekly periods inside the closed one, whatever their first day: every week they carry is closed.
    expect(payPeriods.closedPeriodSplitBy([closed], 'weekly', '2026-10-05')).toBeUndefined()
    expect(payPeriods.closedPeriodSplitBy([closed], 'weekly', '2026-10-07')).toBeUndefined()
    // Two closed weekly periods that become one biweekly period: nothing left to close there.
    const weeks = [closedAs('2026-10-05', '2026-10-11'), closedAs('2026-10-12', '2026-10-18')]
    expect(payPeriods.closedPeriodSplitBy(weeks, 'biweekly', '2026-10-05')).toBeUndefined()
  })

  it('names the closed period a schedule would split', () => {
    expect(payPeriods.closedPeriodSplitBy([closed], 'biweekly', '2026-10-12')).toEqual(closed)
    expect(payPeriods.closedPeriodSplitBy([closed], 'monthly', '2026-10-05')).toEqual(closed)
    expect(payPeriods.closedPeriodSplitBy([closed], 'semimonthly', '2026-10-05')).toEqual(closed)
    // A closed month under biweekly periods: those inside it are whole, the one at its edge is not.
    const october = closedAs('2026-10-01', '2026-10-31')
    expect(payPeriods.closedPeriodSplitBy([october], 'biweekly', '2026-10-05')).toEqual(october)
    const weeks = [closedAs('2026-10-05', '2026-10-11'), closedAs('2026-10-12', '2026-10-18')]
    expect(payPeriods.closedPeriodSplitBy(weeks, 'biweekly', '2026-10-12')).toEqual(weeks[0])
    // Two closed periods of one phase stay whole; out of phase, the first one split is named.
    const january = closedAs('2026-01-12', '2026-01-25')
    expect(payPeriods.closedPeriodSplitBy([january, closed], 'biweekly', '2026-10-05')).toBeUndefined()
    expect(payPeriods.closedPeriodSplitBy([january, closed], 'biweekly', '2026-01-05')).toEqual(january)
    expect(payPeriods.closedPeriodSplitBy([closed, january], 'biweekly', '2026-01-05')).toEqual(closed)
  })

  it('never splits a closed period under the schedule that closed it (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('weekly', 'biweekly', 'semimonthly', 'monthly') as fc.Arbitrary<
          'weekly' | 'biweekly' | 'semimonthly' | 'monthly'
        >,
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        (frequency, a, d) => {
          const anchor = addDays('2024-01-01', a)
          const period = payPeriods.periodContaining(addDays('2024-01-01', d), frequency, anchor)
          const next = payPeriods.periodContaining(addDays(period.end, 1), frequency, anchor)
          const periods = [period, next].map((p) => closedAs(p.start, p.end))
          return payPeriods.closedPeriodSplitBy(periods, frequency, anchor) === undefined
        },
      ),
    )
  })
})
