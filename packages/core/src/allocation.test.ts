import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  allocatesByPercent,
  AllocationCodeInput,
  AllocationCodesUpdate,
  allocationMismatches,
  apportion,
  codesNamed,
  hasAllocations,
  CODES_NEVER_DELETED,
  codesUpdateProblem,
  fillRemainder,
  resolveDay,
  UNALLOCATED,
  weekAllocation,
  WeekAllocationPercent,
  type AllocationCode,
} from './allocation.ts'
import { allocationReport, budgetUsedPercent, dayAllocationsOf, UNALLOCATED_NAME } from './allocation-report.ts'
import { memberWeek, DEFAULT_OVERTIME_RULES } from './overtime.ts'
import { iifClassShares, quickbooksIif } from './payroll-files.ts'
import { DraftSave, TimesheetDays, WeekTimesheetSave } from './timesheet.ts'
import { DAYS } from './week.ts'
import { allocationCode, reportedWeek, workedDay, youthGrant } from '../test/allocations.ts'
import { anyTime as time } from '../test/arbitraries.ts'

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
  const stored: AllocationCode[] = [youthGrant]
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
      costNumber: null,
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
    youthGrant,
    allocationCode({ id: 'admin', name: 'Administration' }),
    allocationCode({ id: 'pantry', name: 'Food pantry', active: false }),
  ]
  const person = (id: string) => ({ firstName: id.toUpperCase(), lastName: 'Doe' })
  const week = (
    employeeId: string,
    role: 'employee' | 'volunteer',
    days: { allocations?: { code: string; minutes: number }[]; paid: number }[],
  ) =>
    reportedWeek(
      employeeId,
      role,
      days.map((d, i) => workedDay(d.paid, d.allocations, { date: `2026-11-1${6 + i}` })),
    )
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
  const day = (allocations?: { code: string; minutes: number }[]) => workedDay(480, allocations)
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

describe('the rules, case by case', () => {
  const issuesOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
    r.error?.issues.map((i) => ({ message: i.message, path: i.path })) ?? []

  it('shares by the largest remainder, and nothing when there is nothing to share', () => {
    expect(apportion(10, [8, 3])).toEqual([7, 3]) // 7.27 and 2.73: the larger remainder is the second's
    expect(apportion(10, [1, 2])).toEqual([3, 7])
    expect(apportion(10, [0, 0])).toEqual([0, 0])
    expect(apportion(-5, [1, 1])).toEqual([0, 0])
    expect(resolveDay(-30, [{ code: 'youth', minutes: 60 }], 'admin')).toEqual([])
  })

  it('fills the remainder into the default code, merging its lines and dropping empty ones', () => {
    const youth = { code: 'youth', minutes: 60 }
    expect(fillRemainder(480, [youth], 'admin')).toEqual([youth, { code: 'admin', minutes: 420 }])
    expect(fillRemainder(480, [youth, { code: 'admin', minutes: 100 }], 'admin')).toEqual([
      youth,
      { code: 'admin', minutes: 420 },
    ])
    expect(fillRemainder(480, [{ code: 'youth', minutes: 0 }], null)).toEqual([{ code: UNALLOCATED, minutes: 480 }])
    expect(fillRemainder(60, [youth], 'admin')).toEqual([youth])
    expect(fillRemainder(30, [youth], 'admin')).toEqual([youth])
  })

  it('finds the days whose split does not add up, never an empty split', () => {
    const day = { mondayStart: '09:00', mondayEnd: '17:00', tuesdayStart: '09:00', tuesdayEnd: '10:00' }
    expect(allocationMismatches({ ...day, mondayAllocations: [] })).toEqual([])
    expect(allocationMismatches({ ...day, mondayAllocations: [{ code: 'youth', minutes: 480 }] })).toEqual([])
    expect(
      allocationMismatches({
        ...day,
        mondayAllocations: [{ code: 'youth', minutes: 60 }],
        tuesdayAllocations: [{ code: 'youth', minutes: 30 }],
      }),
    ).toEqual(['monday', 'tuesday'])
  })

  it('knows whether a week carries a split or percents, and the codes it names', () => {
    const split = [{ code: 'youth', minutes: 60 }]
    expect(hasAllocations({})).toBe(false)
    expect(hasAllocations({ mondayAllocations: [], weekAllocationPercent: [] })).toBe(false)
    expect(hasAllocations({ fridayAllocations: split })).toBe(true)
    expect(hasAllocations({ weekAllocationPercent: [{ code: 'youth', percent: 100 }] })).toBe(true)
    expect(codesNamed({})).toEqual([])
    expect(
      codesNamed({
        mondayAllocations: [...split, { code: 'admin', minutes: 30 }],
        tuesdayAllocations: split,
        weekAllocationPercent: [{ code: 'pantry', percent: 100 }],
      }),
    ).toEqual(['youth', 'admin', 'pantry'])
  })

  it('lets only exempt members and ministers allocate by percent', () => {
    expect(allocatesByPercent('exempt')).toBe(true)
    expect(allocatesByPercent('minister')).toBe(true)
    expect(allocatesByPercent('non-exempt')).toBe(false)
  })

  it('accepts an empty week split and refuses a code twice in it', () => {
    expect(WeekAllocationPercent.safeParse([]).success).toBe(true)
    expect(
      issuesOf(
        WeekAllocationPercent.safeParse([
          { code: 'a', percent: 50 },
          { code: 'a', percent: 50 },
        ]),
      ),
    ).toEqual([{ message: 'Each ministry or fund once', path: [] }])
  })

  it('never gives a code the id of Unallocated, and keeps grant dates in order', () => {
    const code = { name: 'Youth', kind: 'fund' }
    expect(issuesOf(AllocationCodeInput.safeParse({ ...code, id: UNALLOCATED }))).toEqual([
      { message: 'Choose a ministry or fund', path: ['id'] },
    ])
    expect(AllocationCodeInput.safeParse({ ...code, from: '2026-11-01', to: '2026-11-01' }).success).toBe(true)
    expect(AllocationCodeInput.safeParse({ ...code, from: '2026-11-01' }).success).toBe(true)
    expect(AllocationCodeInput.safeParse({ ...code, to: '2026-11-01' }).success).toBe(true)
    expect(issuesOf(AllocationCodeInput.safeParse({ ...code, from: '2026-11-02', to: '2026-11-01' }))).toEqual([
      { message: 'The start date must not be after the end date', path: ['to'] },
    ])
  })

  it('names a name twice (trimmed, any case, either order) and an id twice where they are', () => {
    for (const [a, b] of [
      ['Youth', ' youth '],
      [' YOUTH ', 'Youth'],
    ])
      expect(
        issuesOf(
          AllocationCodesUpdate.safeParse({
            codes: [
              { name: a, kind: 'fund' },
              { name: b, kind: 'ministry' },
            ],
          }),
        ),
      ).toEqual([{ message: 'Each name once', path: ['codes', 1, 'name'] }])
    expect(
      issuesOf(
        AllocationCodesUpdate.safeParse({
          codes: [
            { id: 'youth', name: 'Youth', kind: 'fund' },
            { id: 'admin', name: 'Administration', kind: 'fund' },
            { id: 'youth', name: 'Other', kind: 'fund' },
          ],
        }),
      ),
    ).toEqual([{ message: 'Each code once', path: ['codes', 2, 'id'] }])
  })

  it('refuses a list that leaves out any one stored code', () => {
    const stored = ['youth', 'admin'].map((id) => allocationCode({ id, name: id, kind: 'fund' }))
    expect(codesUpdateProblem(stored, { codes: [stored[0]!] })).toBe(CODES_NEVER_DELETED)
    expect(codesUpdateProblem(stored, { codes: [...stored] })).toBeUndefined()
  })
})

describe('the allocation report, case by case', () => {
  const code = (id: string, over: Partial<AllocationCode> = {}): AllocationCode =>
    allocationCode({ id, name: id.toUpperCase(), kind: 'fund', ...over })
  const day = workedDay
  const week = reportedWeek
  const people: Record<string, { firstName: string; lastName: string }> = {
    ana: { firstName: 'Ana', lastName: 'Lopez' },
    bea: { firstName: 'Bea', lastName: 'Lopez' },
    cy: { firstName: 'Cy', lastName: 'Adams' },
  }
  const person = (id: string) => people[id]!

  it('gives a stored day without allocations to Unallocated, and a day without paid minutes nothing', () => {
    expect(dayAllocationsOf(day(90))).toEqual([{ code: UNALLOCATED, minutes: 90 }])
    expect(dayAllocationsOf(day(0))).toEqual([])
    expect(dayAllocationsOf(day(90, [{ code: 'youth', minutes: 90 }]))).toEqual([{ code: 'youth', minutes: 90 }])
  })

  it('shares each code among all staff hours, members by last then first name, unknown codes by their id', () => {
    const report = allocationReport(
      [
        week('bea', 'employee', [day(180, [{ code: 'youth', minutes: 180 }])]),
        week('ana', 'employee', [day(60, [{ code: 'youth', minutes: 60 }])]),
        week('cy', 'employee', [day(60, [{ code: 'gone', minutes: 60 }])]),
      ],
      [code('youth')],
      person,
      10,
    )
    expect(report.codes.map((c) => [c.code, c.name, c.hours, c.percent])).toEqual([
      ['youth', 'YOUTH', 4, 80],
      ['gone', 'gone', 1, 20],
    ])
    expect(report.codes[0]!.members.map((m) => [m.firstName, m.hours, m.percent])).toEqual([
      ['Ana', 1, 100],
      ['Bea', 3, 100],
    ])
    expect(report.codes[1]!.members.map((m) => m.lastName)).toEqual(['Adams'])
  })

  it('shows an active grant with no hours at 0, never an inactive one or one without budget', () => {
    const report = allocationReport(
      [week('vic', 'volunteer', [day(120)])],
      [code('youth', { budgetHours: 30 }), code('old', { budgetHours: 30, active: false }), code('admin')],
      person,
      12.5,
    )
    expect(report.codes).toEqual([{ code: 'youth', name: 'YOUTH', hours: 0, percent: 0, budgetHours: 30, members: [] }])
    expect(report.volunteers).toEqual([{ code: UNALLOCATED, name: UNALLOCATED_NAME, hours: 2, value: 25 }])
  })

  it('gives the share of a budget used, or null without one', () => {
    expect(budgetUsedPercent(27, 30)).toBe(90)
    expect(budgetUsedPercent(31, 30)).toBeCloseTo(103.33)
    expect(budgetUsedPercent(5, null)).toBeNull()
    expect(budgetUsedPercent(5, 0)).toBeNull()
  })
})
