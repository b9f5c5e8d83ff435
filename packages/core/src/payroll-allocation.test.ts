import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BOTH_WAYS_MESSAGE,
  fillPercentRemainder,
  PERCENT_NOT_ALLOWED,
  PERCENT_RANGE_MESSAGE,
  PERCENT_TOTAL_MESSAGE,
  PERCENT_WHOLE_MESSAGE,
  WeekAllocationPercent,
  weekPercentProblem,
} from './allocation.ts'
import { DEFAULT_OVERTIME_RULES, memberWeek, type DayFigures } from './overtime.ts'
import { adpCsv, memberShares, payrollCsv, totalsByMember, type MemberTotals } from './payroll-files.ts'
import { DAYS } from './week.ts'
import { workedDay } from '../test/allocations.ts'

/**
 * A member's hours shared among codes (our payroll CSV's code rows) and among cost numbers
 * (ADP's Temporary Cost Number lines) always add up to exactly the figures the member's own row shows.
 */

const code = fc.constantFrom('youth', 'admin', 'pantry', 'music', 'unallocated')
const costOf: Record<string, string> = { youth: 'C-100', admin: 'C-200', pantry: 'C-100', music: '', unallocated: '' }
const costNumberOf = (c: string) => costOf[c] ?? ''
const hundredths = (minutes: number) => Math.round((minutes / 60) * 100)

/** A day's figures whose kinds add up to its paid minutes, with allocations that add up too (or none). */
const day = fc
  .tuple(
    fc.integer({ min: 1, max: 1440 }),
    fc.integer({ min: 0, max: 100 }),
    fc.integer({ min: 0, max: 100 }),
    fc.uniqueArray(fc.record({ code, weight: fc.integer({ min: 1, max: 50 }) }), {
      maxLength: 5,
      selector: (a) => a.code,
    }),
  )
  .map(([paid, otShare, dtShare, lines]): DayFigures => {
    const overtime = Math.floor((paid * otShare) / 200)
    const doubleTime = Math.floor((paid - overtime) * (dtShare / 400))
    const weights = lines.reduce((a, l) => a + l.weight, 0)
    let left = paid
    const allocations = lines.flatMap((l, i) => {
      const minutes = i === lines.length - 1 ? left : Math.floor((paid * l.weight) / weights)
      left -= minutes
      return minutes > 0 ? [{ code: l.code, minutes }] : []
    })
    return workedDay(paid, allocations.length ? allocations : undefined, {
      regularMinutes: paid - overtime - doubleTime,
      overtimeMinutes: overtime,
      doubleTimeMinutes: doubleTime,
    })
  })

/** A day of `paid` minutes, `overtime` of them overtime. */
const overtimeDay = (paid: number, overtime: number, allocations: { code: string; minutes: number }[]) =>
  workedDay(paid, allocations, { regularMinutes: paid - overtime, overtimeMinutes: overtime })

const memberOf = (employeeId: string, days: DayFigures[]): MemberTotals => {
  const total = (k: 'paidMinutes' | 'regularMinutes' | 'overtimeMinutes' | 'doubleTimeMinutes') =>
    days.reduce((a, d) => a + d[k], 0)
  return {
    employeeId,
    firstName: 'Ana',
    lastName: employeeId,
    department: null,
    payrollId: `P-${employeeId}`,
    payType: 'non-exempt',
    paidMinutes: total('paidMinutes'),
    regularMinutes: total('regularMinutes'),
    overtimeMinutes: total('overtimeMinutes'),
    doubleTimeMinutes: total('doubleTimeMinutes'),
    breakMinutes: 0,
    daysWorked: days.length,
    days,
  }
}
const members = fc
  .array(fc.array(day, { minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 4 })
  .map((list) => list.map((days, i) => memberOf(`m${i}`, days)))

const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','))

describe('memberShares: the shares add up to the member’s printed figures', () => {
  it('holds for every kind, by code and by cost number', () => {
    fc.assert(
      fc.property(members, (list) => {
        for (const m of list)
          for (const keyOf of [(c: string) => c, costNumberOf]) {
            const shares = memberShares(m, keyOf)
            expect(new Set(shares.map((s) => s.key)).size).toBe(shares.length)
            expect(shares.reduce((a, s) => a + s.paid, 0)).toBe(hundredths(m.paidMinutes))
            expect(shares.reduce((a, s) => a + s.regular, 0)).toBe(hundredths(m.regularMinutes))
            expect(shares.reduce((a, s) => a + s.overtime, 0)).toBe(hundredths(m.overtimeMinutes))
            expect(shares.reduce((a, s) => a + s.doubleTime, 0)).toBe(hundredths(m.doubleTimeMinutes))
            expect(shares.every((s) => s.paid >= 0 && s.regular >= 0 && s.overtime >= 0 && s.doubleTime >= 0)).toBe(
              true,
            )
          }
      }),
    )
  })

  it('shares a day of 6 hours Youth and 2 Administration (1 hour overtime) in proportion', () => {
    const m = memberOf('a', [
      overtimeDay(480, 60, [
        { code: 'youth', minutes: 360 },
        { code: 'admin', minutes: 120 },
      ]),
    ])
    expect(memberShares(m, (c) => c)).toEqual([
      { key: 'youth', paid: 600, regular: 525, overtime: 75, doubleTime: 0 },
      { key: 'admin', paid: 200, regular: 175, overtime: 25, doubleTime: 0 },
    ])
  })
})

describe('ADP paydata: Temporary Cost Number', () => {
  it('keeps every member’s regular, overtime and double-time hours exactly as without cost numbers', () => {
    fc.assert(
      fc.property(members, (list) => {
        const before = rowsOf(adpCsv(list, 'XYZ', 'B1'))
        const after = rowsOf(adpCsv(list, 'XYZ', 'B1', undefined, costNumberOf))
        const hasCost = after[0]!.at(-1) === 'Temporary Cost Number'
        for (const m of list) {
          const mine = (rows: string[][]) => rows.slice(1).filter((r) => r[2] === m.payrollId)
          const sum = (rows: string[][], col: number) => rows.reduce((a, r) => a + Math.round(Number(r[col]) * 100), 0)
          const dt = (rows: string[][]) =>
            rows.reduce((a, r) => a + (r[5] === 'D' ? Math.round(Number(r[6]) * 100) : 0), 0)
          expect(mine(before)).toHaveLength(1)
          expect(sum(mine(after), 3)).toBe(sum(mine(before), 3))
          expect(sum(mine(after), 4)).toBe(sum(mine(before), 4))
          expect(dt(mine(after))).toBe(dt(mine(before)))
          // One line per cost number (and at most one without).
          if (hasCost) {
            const costs = mine(after).map((r) => r.at(-1))
            expect(new Set(costs).size).toBe(costs.length)
          } else expect(mine(after)).toEqual(mine(before))
        }
      }),
    )
  })

  it('gives a member one line per cost number, hours of codes without one on their own line', () => {
    const m = memberOf('a', [
      overtimeDay(600, 120, [
        { code: 'youth', minutes: 300 },
        { code: 'music', minutes: 180 },
        { code: 'admin', minutes: 120 },
      ]),
    ])
    expect(adpCsv([m], 'XYZ', 'B1', undefined, costNumberOf)).toBe(
      '\uFEFFCo Code,Batch ID,File #,Reg Hours,O/T Hours,Hours 3 Code,Hours 3 Amount,Temporary Cost Number\r\n' +
        'XYZ,B1,P-a,2.40,0.60,,,\r\n' +
        'XYZ,B1,P-a,4.00,1.00,,,C-100\r\n' +
        'XYZ,B1,P-a,1.60,0.40,,,C-200\r\n',
    )
    // Without cost numbers the file is as it always was.
    expect(adpCsv([m], 'XYZ', 'B1')).toBe(
      '\uFEFFCo Code,Batch ID,File #,Reg Hours,O/T Hours,Hours 3 Code,Hours 3 Amount\r\nXYZ,B1,P-a,8.00,2.00,,\r\n',
    )
  })

  it('leaves paid leave on the member’s own line, and no empty line when every hour has a cost number', () => {
    const worked = workedDay(480, [{ code: 'youth', minutes: 480 }])
    const m = memberOf('a', [worked])
    expect(rowsOf(adpCsv([m], 'XYZ', 'B1', undefined, costNumberOf)).slice(1)).toEqual([
      ['XYZ', 'B1', 'P-a', '8.00', '0.00', '', '', 'C-100'],
    ])
    const leave = {
      vacationHours: 8,
      sickHours: 0,
      personalHours: 0,
      holidayHours: 0,
      days: [{ date: '2026-11-17', kind: 'vacation' as const, hours: 8 }],
    }
    expect(rowsOf(adpCsv([{ ...m, leave }], 'XYZ', 'B1', undefined, costNumberOf)).slice(1)).toEqual([
      ['XYZ', 'B1', 'P-a', '0.00', '0.00', 'V', '8.00', ''],
      ['XYZ', 'B1', 'P-a', '8.00', '0.00', '', '', 'C-100'],
    ])
  })
})

describe('our payroll CSV: a row per member and ministry or fund', () => {
  it('adds up, per member, to the member row’s paid, regular, overtime and double-time hours', () => {
    fc.assert(
      fc.property(members, (list) => {
        const rows = rowsOf(payrollCsv(list))
        expect(rows[0]!.at(-1)).toBe('Ministry or Fund')
        for (const m of list) {
          const mine = rows.filter((r) => r[1] === m.employeeId)
          const [own] = mine.filter((r) => r[0] === 'Member')
          const codes = mine.filter((r) => r[0] === 'Ministry or Fund')
          expect(new Set(codes.map((r) => r.at(-1))).size).toBe(codes.length)
          for (const col of [7, 8, 9, 10])
            expect(codes.reduce((a, r) => a + Math.round(Number(r[col]) * 100), 0)).toBe(
              Math.round(Number(own![col]) * 100),
            )
          // Every row has every column; the member's and day rows have no code.
          expect(mine.every((r) => r.length === rows[0]!.length)).toBe(true)
          expect(mine.filter((r) => r[0] !== 'Ministry or Fund').every((r) => r.at(-1) === '')).toBe(true)
        }
      }),
    )
  })

  it('names each code, and Unallocated in the reader’s words, between the member row and the day rows', () => {
    const weeks = [
      memberWeek(
        {
          id: 1,
          employeeId: 'ana',
          weekStartDate: '2026-11-16',
          ...Object.fromEntries(
            DAYS.slice(0, 5).flatMap((d) => [
              [`${d}Start`, '08:00'],
              [`${d}End`, '16:00'],
            ]),
          ),
          mondayAllocations: [
            { code: 'youth', minutes: 360 },
            { code: 'admin', minutes: 120 },
          ],
        },
        DEFAULT_OVERTIME_RULES,
        'non-exempt',
        'employee',
        null,
      ),
    ]
    const [ana] = totalsByMember(weeks, () => ({
      employeeId: 'ana',
      firstName: 'Ana',
      lastName: 'Lopez',
      department: null,
      payrollId: null,
    }))
    const names: Record<string, string> = { youth: 'Youth (Grant A)', admin: 'Administration' }
    const rows = rowsOf(payrollCsv([ana!], undefined, (c) => names[c] ?? c))
    expect(rows.slice(1, 5).map((r) => [r[0], r[7], r[8], r.at(-1)])).toEqual([
      ['Member', '40.00', '40.00', ''],
      ['Ministry or Fund', '6.00', '6.00', 'Youth (Grant A)'],
      ['Ministry or Fund', '2.00', '2.00', 'Administration'],
      ['Ministry or Fund', '32.00', '32.00', 'Unallocated'],
    ])
    expect(rows[5]![0]).toBe('Day')
  })
})

describe('the week by percent, as the editor fills it and the device checks it', () => {
  const line = fc.uniqueArray(fc.record({ code, percent: fc.integer({ min: 0, max: 100 }) }), {
    maxLength: 4,
    selector: (a) => a.code,
  })
  it('fills the default code with what the other lines leave of 100, so it adds up whenever they fit', () => {
    fc.assert(
      fc.property(line, fc.option(code), (lines, fallback) => {
        const filled = fillPercentRemainder(lines, fallback)
        const others = lines.filter((l) => l.code !== (fallback || 'unallocated') && l.percent > 0)
        const typed = others.reduce((a, l) => a + l.percent, 0)
        expect(filled.reduce((a, l) => a + l.percent, 0)).toBe(Math.max(100, typed))
        expect(filled.every((l) => l.percent > 0)).toBe(true)
        expect(new Set(filled.map((l) => l.code)).size).toBe(filled.length)
        // What the editor fills in is what the server takes, whenever the lines fit in 100.
        if (typed <= 100) {
          expect(weekPercentProblem({ weekAllocationPercent: filled }, 'exempt')).toBeUndefined()
          expect(WeekAllocationPercent.safeParse(filled).success).toBe(true)
        }
      }),
    )
  })

  it('says why the server would refuse a week’s percents, in the server’s words', () => {
    const youth = (percent: number) => [
      { code: 'youth', percent },
      { code: 'admin', percent: 100 - percent },
    ]
    expect(weekPercentProblem({}, 'non-exempt')).toBeUndefined()
    expect(weekPercentProblem({ weekAllocationPercent: youth(60) }, 'minister')).toBeUndefined()
    expect(weekPercentProblem({ weekAllocationPercent: youth(60) }, 'non-exempt')).toBe(PERCENT_NOT_ALLOWED)
    expect(weekPercentProblem({ weekAllocationPercent: youth(60.5) }, 'exempt')).toBe(PERCENT_WHOLE_MESSAGE)
    expect(weekPercentProblem({ weekAllocationPercent: [{ code: 'youth', percent: 120 }] })).toBe(PERCENT_RANGE_MESSAGE)
    expect(weekPercentProblem({ weekAllocationPercent: [{ code: 'youth', percent: 90 }] })).toBe(PERCENT_TOTAL_MESSAGE)
    expect(
      weekPercentProblem({
        weekAllocationPercent: youth(60),
        mondayStart: '09:00',
        mondayEnd: '10:00',
        mondayAllocations: [{ code: 'youth', minutes: 60 }],
      }),
    ).toBe(BOTH_WAYS_MESSAGE)
    expect(fillPercentRemainder([{ code: 'youth', percent: 60 }], null)).toEqual([
      { code: 'youth', percent: 60 },
      { code: 'unallocated', percent: 40 },
    ])
    expect(
      fillPercentRemainder(
        [
          { code: 'admin', percent: 30 },
          { code: 'youth', percent: 70 },
        ],
        'admin',
      ),
    ).toEqual([
      { code: 'youth', percent: 70 },
      { code: 'admin', percent: 30 },
    ])
  })
})
