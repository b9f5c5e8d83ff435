import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AllocationCodesUpdate,
  allocationMismatches,
  apportion,
  CODES_NEVER_DELETED,
  codesUpdateProblem,
  fillRemainder,
  resolveDay,
  UNALLOCATED,
  weekAllocation,
  WeekAllocationPercent,
  type AllocationCode,
} from './allocation.ts'
import { allocationReport } from './allocation-report.ts'
import { memberWeek, DEFAULT_OVERTIME_RULES } from './overtime.ts'
import { iifClassShares, quickbooksIif } from './payroll-files.ts'
import { DraftSave, TimesheetDays, WeekTimesheetSave } from './timesheet.ts'
import { DAYS } from './week.ts'

const sum = (list: readonly { minutes: number }[]) => list.reduce((a, l) => a + l.minutes, 0)
const code = fc.constantFrom('youth', 'admin', 'pantry', 'music', 'missions')
const split = fc.uniqueArray(fc.record({ code, minutes: fc.integer({ min: 1, max: 1440 }) }), {
  maxLength: 5,
  selector: (a) => a.code,
})
const percents = fc
  .uniqueArray(fc.record({ code, percent: fc.integer({ min: 1, max: 100 }) }), {
    minLength: 1,
    maxLength: 5,
    selector: (a) => a.code,
  })
  .map((list) => {
    // Scale to add up to 100, every share at least 1.
    const total = list.reduce((a, p) => a + p.percent, 0)
    const shares = apportion(
      100 - list.length,
      list.map((p) => p.percent / total),
    )
    return list.map((p, i) => ({ code: p.code, percent: shares[i]! + 1 }))
  })
const paid = fc.integer({ min: 0, max: 1440 })
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)

describe('apportion', () => {
  it('gives whole shares adding up to exactly the total, none negative', () => {
    fc.assert(
      fc.property(paid, fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 5 }), (total, w) => {
        const shares = apportion(total, w)
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total)
        expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true)
      }),
    )
  })
  it('keeps exact proportions when they are whole', () => {
    expect(apportion(600, [75, 25])).toEqual([450, 150])
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3])
  })
})

describe('resolveDay: allocations always add up to the day’s paid minutes', () => {
  it('holds for a split, for percents and for the default', () => {
    fc.assert(
      fc.property(paid, split, fc.option(code), fc.option(percents), (minutes, lines, fallback, week) => {
        const resolved = resolveDay(minutes, lines, fallback, week)
        expect(sum(resolved)).toBe(minutes)
        expect(resolved.every((a) => a.minutes > 0)).toBe(true)
      }),
    )
  })
  it('keeps a split that adds up exactly as it is', () => {
    fc.assert(
      fc.property(split, (lines) => {
        expect(resolveDay(sum(lines), lines, 'admin')).toEqual(lines.filter((l) => l.minutes > 0))
      }),
    )
  })
  it('gives a day without allocations wholly to the default code, or to Unallocated', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1440 }), (minutes) => {
        expect(resolveDay(minutes, undefined, 'admin')).toEqual([{ code: 'admin', minutes }])
        expect(resolveDay(minutes, [], null)).toEqual([{ code: UNALLOCATED, minutes }])
      }),
    )
    expect(resolveDay(0, undefined, 'admin')).toEqual([])
  })
})

describe('fillRemainder', () => {
  it('fills the default code with what the other lines leave, so the day adds up whenever they fit', () => {
    fc.assert(
      fc.property(paid, split, fc.option(code), (minutes, lines, fallback) => {
        const filled = fillRemainder(minutes, lines, fallback)
        const others = lines.filter((l) => l.code !== (fallback || UNALLOCATED))
        if (sum(others) <= minutes) expect(sum(filled)).toBe(minutes)
        expect(filled.filter((l) => l.code === (fallback || UNALLOCATED)).length).toBeLessThanOrEqual(1)
      }),
    )
  })
})

describe('the day fields’ allocations', () => {
  const base = { mondayStart: '09:00', mondayEnd: '17:00', mondayBreakMinutes: 30 }
  it('accept a split adding up to the paid minutes after the break', () => {
    const parsed = DraftSave.safeParse({
      ...base,
      mondayAllocations: [
        { code: 'youth', minutes: 300 },
        { code: 'admin', minutes: 150 },
      ],
    })
    expect(parsed.success).toBe(true)
  })
  it('refuse one that does not, naming the day on its field', () => {
    const parsed = WeekTimesheetSave.safeParse({
      ...base,
      weekStartDate: '2026-11-16',
      mondayAllocations: [{ code: 'youth', minutes: 480 }],
    })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['mondayAllocations'],
        message: "Monday allocations must add up to the day's paid minutes (450)",
      }),
    ])
  })
  it('refuse more than five a day, a code twice, and a split with week percents', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => ({ code: c, minutes: 75 }))
    expect(DraftSave.safeParse({ mondayStart: '09:00', mondayEnd: '16:30', mondayAllocations: six }).success).toBe(
      false,
    )
    const twice = [
      { code: 'a', minutes: 200 },
      { code: 'a', minutes: 250 },
    ]
    expect(DraftSave.safeParse({ ...base, mondayAllocations: twice }).success).toBe(false)
    const both = DraftSave.safeParse({
      ...base,
      mondayAllocations: [{ code: 'a', minutes: 450 }],
      weekAllocationPercent: [{ code: 'a', percent: 100 }],
    })
    expect(both.error?.issues[0]?.path).toEqual(['weekAllocationPercent'])
  })
  it('leave the spec’s calls as they are: no allocation field appears when none is sent', () => {
    const parsed = TimesheetDays.parse(base)
    expect(Object.keys(parsed).filter((k) => k.includes('Allocation'))).toEqual([])
  })
  it('weekAllocationPercent adds up to 100', () => {
    expect(WeekAllocationPercent.safeParse([{ code: 'a', percent: 60 }]).success).toBe(false)
    expect(
      WeekAllocationPercent.safeParse([
        { code: 'a', percent: 60 },
        { code: 'b', percent: 40 },
      ]).success,
    ).toBe(true)
    fc.assert(
      fc.property(percents, (list) => {
        expect(WeekAllocationPercent.safeParse(list).success).toBe(true)
      }),
    )
  })
  it('a week’s resolved allocation adds up to each day’s paid minutes, whatever the times', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(time, time, fc.integer({ min: 0, max: 120 })), { minLength: 7, maxLength: 7 }),
        fc.option(code),
        fc.option(percents),
        (days, fallback, week) => {
          const sheet = Object.fromEntries(
            DAYS.flatMap((day, i) => [
              [`${day}Start`, days[i]![0]],
              [`${day}End`, days[i]![1]],
              [`${day}BreakMinutes`, days[i]![2]],
            ]),
          )
          const resolved = weekAllocation({ ...sheet, weekAllocationPercent: week }, fallback)
          const figures = memberWeek(
            { ...sheet, weekAllocationPercent: week, id: 1, employeeId: 'e', weekStartDate: '2026-11-16' },
            DEFAULT_OVERTIME_RULES,
            'exempt',
            'employee',
            fallback,
          )
          for (const day of figures.days) expect(sum(day.allocations ?? [])).toBe(day.paidMinutes)
          expect(DAYS.reduce((a, d) => a + sum(resolved[d]), 0)).toBe(figures.paidMinutes)
          expect(allocationMismatches(sheet)).toEqual([])
        },
      ),
    )
  })
})

describe('the codes list', () => {
  const stored: AllocationCode[] = [
    {
      id: 'youth',
      name: 'Youth (Grant A)',
      kind: 'fund',
      className: 'Youth',
      budgetHours: 30,
      from: null,
      to: null,
      active: true,
    },
  ]
  it('parses the issue’s JSON, new codes without an id', () => {
    const body = AllocationCodesUpdate.parse({
      codes: [
        { ...stored[0], active: false },
        { name: 'Administration', kind: 'ministry', className: 'Administration' },
      ],
    })
    expect(body.codes[1]).toEqual({
      name: 'Administration',
      kind: 'ministry',
      className: 'Administration',
      budgetHours: null,
      from: null,
      to: null,
      active: true,
    })
    expect(codesUpdateProblem(stored, body)).toBeUndefined()
  })
  it('never deletes a code and knows only its own ids', () => {
    expect(codesUpdateProblem(stored, { codes: [] })).toBe(CODES_NEVER_DELETED)
    const unknown = AllocationCodesUpdate.parse({ codes: [stored[0], { ...stored[0], id: 'other', name: 'Other' }] })
    expect(codesUpdateProblem(stored, unknown)).toBe('Unknown ministry or fund')
  })
  it('refuses a name twice, a kind it does not know and dates out of order', () => {
    const twice = AllocationCodesUpdate.safeParse({
      codes: [
        { name: 'Youth', kind: 'fund' },
        { name: ' youth ', kind: 'ministry' },
      ],
    })
    expect(twice.success).toBe(false)
    expect(AllocationCodesUpdate.safeParse({ codes: [{ name: 'Youth', kind: 'grant' }] }).success).toBe(false)
    expect(
      AllocationCodesUpdate.safeParse({
        codes: [{ name: 'Youth', kind: 'fund', from: '2026-12-01', to: '2026-11-01' }],
      }).success,
    ).toBe(false)
  })
})

describe('the allocation report', () => {
  const codes: AllocationCode[] = [
    {
      id: 'youth',
      name: 'Youth (Grant A)',
      kind: 'fund',
      className: 'Youth',
      budgetHours: 30,
      from: null,
      to: null,
      active: true,
    },
    {
      id: 'admin',
      name: 'Administration',
      kind: 'ministry',
      className: null,
      budgetHours: null,
      from: null,
      to: null,
      active: true,
    },
    {
      id: 'pantry',
      name: 'Food pantry',
      kind: 'ministry',
      className: null,
      budgetHours: null,
      from: null,
      to: null,
      active: false,
    },
  ]
  const person = (id: string) => ({ firstName: id.toUpperCase(), lastName: 'Doe' })
  const week = (
    employeeId: string,
    role: 'employee' | 'volunteer',
    days: { allocations?: { code: string; minutes: number }[]; paid: number }[],
  ) => ({
    employeeId,
    role,
    weekStartDate: '2026-11-16',
    timesheetId: 1,
    payType: 'non-exempt' as const,
    paidMinutes: 0,
    breakMinutes: 0,
    regularMinutes: 0,
    overtimeMinutes: 0,
    doubleTimeMinutes: 0,
    daysWorked: days.length,
    days: days.map((d, i) => ({
      date: `2026-11-1${6 + i}`,
      paidMinutes: d.paid,
      breakMinutes: 0,
      regularMinutes: d.paid,
      overtimeMinutes: 0,
      doubleTimeMinutes: 0,
      ...(d.allocations ? { allocations: d.allocations } : {}),
    })),
  })
  it('gives each member’s share of their own paid hours, budget hours, and volunteers at the rate', () => {
    const report = allocationReport(
      [
        week('ana', 'employee', [
          { paid: 480, allocations: [{ code: 'youth', minutes: 480 }] },
          {
            paid: 480,
            allocations: [
              { code: 'youth', minutes: 360 },
              { code: 'admin', minutes: 120 },
            ],
          },
          { paid: 480, allocations: [{ code: 'youth', minutes: 480 }] },
          { paid: 480, allocations: [{ code: 'youth', minutes: 480 }] },
          { paid: 480, allocations: [{ code: 'admin', minutes: 480 }] },
        ]),
        week('vic', 'volunteer', [{ paid: 360, allocations: [{ code: 'pantry', minutes: 360 }] }]),
        week('old', 'employee', [{ paid: 60 }]),
      ],
      codes,
      person,
      33.49,
    )
    const youth = report.codes.find((c) => c.code === 'youth')!
    expect(youth).toMatchObject({
      hours: 30,
      budgetHours: 30,
      members: [{ employeeId: 'ana', hours: 30, percent: 75 }],
    })
    expect(report.codes.find((c) => c.code === 'admin')!.members[0]).toMatchObject({ hours: 10, percent: 25 })
    expect(report.codes.map((c) => c.code)).toEqual(['youth', 'admin', UNALLOCATED])
    expect(report.codes.at(-1)).toMatchObject({
      name: 'Unallocated',
      hours: 1,
      members: [{ employeeId: 'old', percent: 100 }],
    })
    expect(report.volunteers).toEqual([{ code: 'pantry', name: 'Food pantry', hours: 6, value: 200.94 }])
  })
  it('adds up to every stored paid minute, whatever the weeks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 1440 }), split, fc.option(code)), {
          maxLength: 8,
        }),
        (rows) => {
          const weeks = rows.map(([id, minutes, lines, fallback]) =>
            week(id, 'employee', [{ paid: minutes, allocations: resolveDay(minutes, lines, fallback) }]),
          )
          const report = allocationReport(weeks, codes, person, 10)
          const total = rows.reduce((a, r) => a + r[1], 0)
          const reported = report.codes.reduce(
            (a, c) => a + c.members.reduce((m, p) => m + Math.round(p.hours * 60), 0),
            0,
          )
          expect(reported).toBe(total)
        },
      ),
    )
  })
})

describe('QuickBooks IIF classes', () => {
  const day = (allocations?: { code: string; minutes: number }[]) => ({
    date: '2026-11-16',
    paidMinutes: 480,
    breakMinutes: 0,
    regularMinutes: 480,
    overtimeMinutes: 0,
    doubleTimeMinutes: 0,
    ...(allocations ? { allocations } : {}),
  })
  const classOf = (code: string) => ({ youth: 'Youth', admin: 'Administration' })[code] ?? ''
  it('shares each item among the classes of the day’s codes, adding up exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1440 }), split, (minutes, lines) => {
        const shares = iifClassShares(day(lines.length ? lines : undefined), minutes, classOf)
        expect(shares.reduce((a, s) => a + s.minutes, 0)).toBe(minutes)
      }),
    )
  })
  it('writes one TIMEACT row per member, day and class, PROJ carrying the class', () => {
    const member = {
      employeeId: 'e',
      firstName: 'Ana',
      lastName: 'Silva',
      department: null,
      payrollId: null,
      payType: 'non-exempt' as const,
      paidMinutes: 480,
      regularMinutes: 480,
      overtimeMinutes: 0,
      doubleTimeMinutes: 0,
      breakMinutes: 0,
      daysWorked: 1,
      days: [
        day([
          { code: 'youth', minutes: 360 },
          { code: 'admin', minutes: 120 },
        ]),
      ],
    }
    const rows = quickbooksIif([member], 'Grace', { classOf })
      .split('\r\n')
      .filter((l) => l.startsWith('TIMEACT'))
    expect(rows).toEqual([
      'TIMEACT\t11/16/26\t\tAna Silva\t\tRegular Pay\t6:00\tYouth\t\t0',
      'TIMEACT\t11/16/26\t\tAna Silva\t\tRegular Pay\t2:00\tAdministration\t\t0',
    ])
    // Without classes the file is as before allocations: one row for the day.
    expect(
      quickbooksIif([member], 'Grace')
        .split('\r\n')
        .filter((l) => l.startsWith('TIMEACT')),
    ).toEqual(['TIMEACT\t11/16/26\t\tAna Silva\t\tRegular Pay\t8:00\t\t\t0'])
  })
})
