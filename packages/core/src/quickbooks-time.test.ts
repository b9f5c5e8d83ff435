import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { DayFigures } from './overtime.ts'
import { workedDay } from '../test/allocations.ts'
import {
  hoursAndMinutes,
  lineKey,
  QUICKBOOKS_RECORD_KINDS,
  quickbooksLines,
  quickbooksPreview,
} from './quickbooks-time.ts'
import { emptyLeave, type LeaveTotals } from './time-off-payroll.ts'

const day = (
  date: string,
  regular: number,
  overtime: number,
  allocations?: { code: string; minutes: number }[],
  breakMinutes = 30,
): DayFigures =>
  workedDay(regular + overtime, allocations, { date, breakMinutes, regularMinutes: regular, overtimeMinutes: overtime })
/** Monday 2026-11-02: 8 regular hours and `overtime` minutes more, `each` minutes on youth and `each` on music. */
const sharedDay = (overtime: number, each: number) =>
  day('2026-11-02', 480, overtime, [
    { code: 'youth', minutes: each },
    { code: 'music', minutes: each },
  ])
/** Leave of these days only (the totals per kind are not what the lines read). */
const leave = (days: LeaveTotals['days']): LeaveTotals => ({ ...emptyLeave(), days })

describe('quickbooksLines', () => {
  it('makes one record per day, code and kind, shares a day among its codes, and puts the break on the first', () => {
    const lines = quickbooksLines({ employeeId: 'm1', days: [sharedDay(120, 300)] })
    expect(lines).toEqual([
      {
        key: 'm1|2026-11-02|youth|regular',
        memberId: 'm1',
        date: '2026-11-02',
        code: 'youth',
        kind: 'regular',
        minutes: 240,
        breakMinutes: 30,
      },
      {
        key: 'm1|2026-11-02|music|regular',
        memberId: 'm1',
        date: '2026-11-02',
        code: 'music',
        kind: 'regular',
        minutes: 240,
        breakMinutes: 0,
      },
      {
        key: 'm1|2026-11-02|youth|overtime',
        memberId: 'm1',
        date: '2026-11-02',
        code: 'youth',
        kind: 'overtime',
        minutes: 60,
        breakMinutes: 0,
      },
      {
        key: 'm1|2026-11-02|music|overtime',
        memberId: 'm1',
        date: '2026-11-02',
        code: 'music',
        kind: 'overtime',
        minutes: 60,
        breakMinutes: 0,
      },
    ])
  })

  it("reads a day stored before allocations as all 'unallocated', and skips kinds with no minutes", () => {
    expect(quickbooksLines({ employeeId: 'm1', days: [day('2026-11-03', 90, 0, undefined, 0)] })).toEqual([
      {
        key: 'm1|2026-11-03|unallocated|regular',
        memberId: 'm1',
        date: '2026-11-03',
        code: 'unallocated',
        kind: 'regular',
        minutes: 90,
        breakMinutes: 0,
      },
    ])
  })

  it('adds each day of leave as a record of its kind, two of one kind on one day as one', () => {
    const lines = quickbooksLines({
      employeeId: 'm2',
      days: [],
      leave: leave([
        { date: '2026-11-04', kind: 'vacation', hours: 4 },
        { date: '2026-11-04', kind: 'vacation', hours: 4 },
        { date: '2026-11-05', kind: 'holiday', hours: 7.5 },
        { date: '2026-11-06', kind: 'sick', hours: 0 },
      ]),
    })
    expect(lines).toEqual([
      {
        key: 'm2|2026-11-04||vacation',
        memberId: 'm2',
        date: '2026-11-04',
        code: '',
        kind: 'vacation',
        minutes: 480,
        breakMinutes: 0,
      },
      {
        key: 'm2|2026-11-05||holiday',
        memberId: 'm2',
        date: '2026-11-05',
        code: '',
        kind: 'holiday',
        minutes: 450,
        breakMinutes: 0,
      },
    ])
  })

  const arbitraryDay = fc
    .record({
      d: fc.integer({ min: 1, max: 28 }),
      regular: fc.integer({ min: 0, max: 600 }),
      overtime: fc.integer({ min: 0, max: 300 }),
      doubleTime: fc.integer({ min: 0, max: 120 }),
      breakMinutes: fc.integer({ min: 0, max: 90 }),
      weights: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }),
    })
    .map((r): DayFigures => {
      const paid = r.regular + r.overtime + r.doubleTime
      const codes = ['a', 'b', 'c', 'd'].slice(0, r.weights.length)
      const sum = r.weights.reduce((x, y) => x + y, 0)
      const parts = r.weights.map((w) => Math.floor((paid * w) / sum))
      parts[0]! += paid - parts.reduce((x, y) => x + y, 0)
      return {
        date: `2026-11-${String(r.d).padStart(2, '0')}`,
        paidMinutes: paid,
        breakMinutes: r.breakMinutes,
        regularMinutes: r.regular,
        overtimeMinutes: r.overtime,
        doubleTimeMinutes: r.doubleTime,
        allocations: codes.map((code, i) => ({ code, minutes: parts[i]! })).filter((a) => a.minutes > 0),
      }
    })
  const uniqueDays = fc.uniqueArray(arbitraryDay, { selector: (d) => d.date, maxLength: 10 })

  it('adds up to the member’s minutes of each kind exactly, with unique keys and positive records', () => {
    fc.assert(
      fc.property(uniqueDays, (days) => {
        const lines = quickbooksLines({ employeeId: 'm', days })
        const sum = (kind: string) => lines.filter((l) => l.kind === kind).reduce((a, l) => a + l.minutes, 0)
        expect(sum('regular')).toBe(days.reduce((a, d) => a + d.regularMinutes, 0))
        expect(sum('overtime')).toBe(days.reduce((a, d) => a + d.overtimeMinutes, 0))
        expect(sum('doubleTime')).toBe(days.reduce((a, d) => a + d.doubleTimeMinutes, 0))
        expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length)
        expect(lines.every((l) => l.minutes > 0 && l.key === lineKey(l.memberId, l.date, l.code, l.kind))).toBe(true)
        // Each day's break is given once, and only on a day with records.
        for (const d of days) {
          const ofDay = lines.filter((l) => l.date === d.date)
          const breaks = ofDay.reduce((a, l) => a + l.breakMinutes, 0)
          expect(breaks).toBe(ofDay.length ? d.breakMinutes : 0)
          // Per code, the day's records are its allocation's minutes, give or take a rounding per kind.
          for (const a of d.allocations ?? []) {
            const ofCode = ofDay.filter((l) => l.code === a.code).reduce((x, l) => x + l.minutes, 0)
            expect(Math.abs(ofCode - a.minutes)).toBeLessThanOrEqual(3)
          }
        }
      }),
    )
  })
})

describe('quickbooksPreview and hoursAndMinutes', () => {
  it('totals each kind and each code', () => {
    const lines = quickbooksLines({
      employeeId: 'm1',
      days: [sharedDay(60, 270)],
      leave: leave([{ date: '2026-11-03', kind: 'vacation', hours: 8 }]),
    })
    expect(quickbooksPreview('m1', lines)).toEqual({
      memberId: 'm1',
      minutes: { regular: 480, overtime: 60, doubleTime: 0, vacation: 480, sick: 0, personal: 0, holiday: 0 },
      byCode: [
        { code: 'youth', minutes: 270 },
        { code: 'music', minutes: 270 },
      ],
      records: 5,
    })
  })

  it('names every kind a record can be, the kinds the matching offers a pay type for', () => {
    expect(QUICKBOOKS_RECORD_KINDS).toEqual([
      'regular',
      'overtime',
      'doubleTime',
      'vacation',
      'sick',
      'personal',
      'holiday',
    ])
    const lines = quickbooksLines({
      employeeId: 'm1',
      days: [{ ...day('2026-11-02', 480, 60), doubleTimeMinutes: 30, paidMinutes: 570 }],
      leave: leave([
        { date: '2026-11-03', kind: 'vacation', hours: 8 },
        { date: '2026-11-04', kind: 'sick', hours: 8 },
        { date: '2026-11-05', kind: 'personal', hours: 8 },
        { date: '2026-11-06', kind: 'holiday', hours: 8 },
      ]),
    })
    expect(lines.map((l) => l.kind)).toEqual(QUICKBOOKS_RECORD_KINDS)
  })

  it('splits minutes into whole hours and minutes', () => {
    expect(hoursAndMinutes(0)).toEqual({ Hours: 0, Minutes: 0 })
    expect(hoursAndMinutes(59)).toEqual({ Hours: 0, Minutes: 59 })
    expect(hoursAndMinutes(60)).toEqual({ Hours: 1, Minutes: 0 })
    expect(hoursAndMinutes(605)).toEqual({ Hours: 10, Minutes: 5 })
  })
})
