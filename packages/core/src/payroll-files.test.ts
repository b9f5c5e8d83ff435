import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { issueLongWeek } from '../test/weeks.ts'
import { timesheetCsv } from './csv.ts'
import { DEFAULT_OVERTIME_RULES, memberWeek } from './overtime.ts'
import {
  adpCsv,
  gustoCsv,
  iifDuration,
  iifPieces,
  noHoursOf,
  payrollCsv,
  quickbooksIif,
  summaryRow,
  totalsByMember,
  type PayrollPerson,
} from './payroll-files.ts'
import { DAYS } from './week.ts'

/** The issue's people: a non-exempt member (45 h with two breaks, then 38 h), a minister, and a formula-looking name. */
const people: Record<string, PayrollPerson> = {
  ana: { employeeId: 'ana', firstName: 'Ana', lastName: 'Lopez', department: 'Nursery', payrollId: 'G7K2P9' },
  tom: { employeeId: 'tom', firstName: 'Tom', lastName: 'Pastor', department: 'Pastoral', payrollId: '004512' },
  eve: { employeeId: 'eve', firstName: '=HYPERLINK("x")', lastName: 'Doe, Jr.', department: null, payrollId: '+12' },
}
/** 08:00 to 17:00 on each of `days`. */
const nine = (...days: string[]) =>
  Object.fromEntries(
    days.flatMap((d) => [
      [`${d}Start`, '08:00'],
      [`${d}End`, '17:00'],
    ]),
  )
/** A week under the default rules: a non-exempt employee's unless said otherwise. */
const ruledWeek = (
  sheet: Parameters<typeof memberWeek>[0],
  payType: Parameters<typeof memberWeek>[2] = 'non-exempt',
  role: Parameters<typeof memberWeek>[3] = 'employee',
) => memberWeek(sheet, DEFAULT_OVERTIME_RULES, payType, role)
/** Built inside each test, so mutation testing sees which test covers which line. */
const weeksOfScenario = () => [
  ruledWeek(issueLongWeek('ana')),
  ruledWeek({
    id: 2,
    employeeId: 'ana',
    weekStartDate: '2026-11-23',
    ...nine('monday', 'tuesday', 'wednesday', 'thursday'),
    fridayStart: '08:00',
    fridayEnd: '10:00',
  }),
  ruledWeek(
    {
      id: 3,
      employeeId: 'tom',
      weekStartDate: '2026-11-16',
      ...nine('monday', 'tuesday', 'wednesday', 'thursday', 'friday'),
      saturdayStart: '22:00',
      saturdayEnd: '06:15',
    },
    'minister',
    'supervisor',
  ),
  ruledWeek({ id: 4, employeeId: 'eve', weekStartDate: '2026-11-23', wednesdayStart: '09:00', wednesdayEnd: '13:20' }),
]
const scenario = () => totalsByMember(weeksOfScenario(), (id) => people[id]!)
const golden = (name: string) => readFileSync(join(import.meta.dirname, '__golden__', name), 'utf8')

describe('payroll totals', () => {
  it("add up each member's weeks, by last name: 40 + 4 overtime and 38 + 0, the minister never overtime", () => {
    expect(scenario().map(summaryRow)).toEqual([
      expect.objectContaining({ employeeId: 'eve', regularHours: 4.33, overtimeHours: 0, daysWorked: 1 }),
      {
        employeeId: 'ana',
        firstName: 'Ana',
        lastName: 'Lopez',
        payType: 'non-exempt',
        payrollId: 'G7K2P9',
        regularHours: 78,
        overtimeHours: 4,
        doubleTimeHours: 0,
        breakMinutes: 60,
        daysWorked: 10,
        vacationHours: 0,
        sickHours: 0,
        personalHours: 0,
        holidayHours: 0,
      },
      expect.objectContaining({ employeeId: 'tom', payType: 'minister', regularHours: 53.25, overtimeHours: 0 }),
    ])
  })
  it('start a member at nothing: no minutes, no days, in their pay type', () => {
    const bea = { employeeId: 'bea', firstName: 'Bea', lastName: 'Ruiz', department: null, payrollId: null }
    const counts = ['paid', 'regular', 'overtime', 'doubleTime', 'break'].map((k) => [`${k}Minutes`, 0])
    expect(noHoursOf(bea, 'exempt')).toEqual({
      ...bea,
      payType: 'exempt',
      ...Object.fromEntries(counts),
      daysWorked: 0,
      days: [],
    })
  })
})

describe('payroll files (golden files)', () => {
  it('csv: a row per member and per member-day, UTF-8 with BOM, formula-safe', () => {
    expect(payrollCsv(scenario())).toBe(golden('payroll.csv'))
    expect(payrollCsv(scenario()).startsWith('\uFEFF')).toBe(true)
  })

  it("gusto: Gusto's column titles", () => {
    expect(gustoCsv(scenario())).toBe(golden('gusto.csv'))
  })

  it('adp: Co Code, Batch ID and File # first', () => {
    expect(adpCsv(scenario(), 'XYZ', 'TIME1')).toBe(golden('adp.csv'))
  })

  it('quickbooks-iif: the TIMERHDR block, then TIMEACT rows per member-day and pay item', () => {
    expect(quickbooksIif(scenario(), 'Grace Church')).toBe(golden('quickbooks.iif'))
  })
})

describe('IIF durations', () => {
  it('are H:MM and never over 23:59', () => {
    expect(iifDuration(255)).toBe('4:15')
    expect(iifDuration(1439)).toBe('23:59')
    expect(iifDuration(5)).toBe('0:05')
    expect(iifPieces(1439)).toEqual([1439])
    expect(iifPieces(1440)).toEqual([1439, 1])
    expect(iifPieces(0)).toEqual([])
  })
})

describe('payroll files: the rarer cases', () => {
  const week = (employeeId: string, weekStartDate: string, payType: 'non-exempt' | 'exempt', end = '17:00') =>
    memberWeek(
      { id: 9, employeeId, weekStartDate, mondayStart: '09:00', mondayEnd: end },
      { weeklyOvertimeHours: 40, dailyOvertimeHours: 8, dailyDoubleTimeHours: 12 },
      payType,
      'employee',
    )
  const twin = (employeeId: string): PayrollPerson => ({
    employeeId,
    firstName: 'Sam',
    lastName: 'Lee',
    department: null,
    payrollId: `P\t${employeeId}`,
  })

  it('orders members by last name, then first name, then id', () => {
    const named = (employeeId: string, firstName: string, lastName: string): PayrollPerson => ({
      ...twin(employeeId),
      firstName,
      lastName,
    })
    const who: Record<string, PayrollPerson> = {
      z: named('z', 'Zed', 'Adams'),
      a: named('a', 'Amy', 'Brown'),
      b: named('b', 'Bea', 'Brown'),
    }
    const totals = totalsByMember(
      ['b', 'a', 'z'].map((id) => week(id, '2026-11-16', 'non-exempt')),
      (id) => who[id]!,
    )
    expect(totals.map((t) => t.employeeId)).toEqual(['z', 'a', 'b'])
  })

  it('adds up paid time, breaks and days over weeks, and names a hyphenated member as is', () => {
    const person = { ...twin('a'), firstName: 'Mary-Ann' }
    const weeks = [week('a', '2026-11-16', 'non-exempt'), week('a', '2026-11-23', 'non-exempt')]
    weeks[0]!.breakMinutes = 15
    weeks[1]!.breakMinutes = 30
    const [t] = totalsByMember(weeks, () => person)
    expect(t).toMatchObject({ paidMinutes: 960, breakMinutes: 45, daysWorked: 2 })
    expect(t!.days.map((d) => d.date)).toEqual(['2026-11-16', '2026-11-23'])
    const lines = quickbooksIif([t!], 'Grace-Church').split('\r\n')
    expect(lines[1]).toContain('\tGrace-Church\t')
    expect(lines[3]).toContain('\tMary-Ann Lee\t')
    expect(payrollCsv([{ ...t!, payrollId: null }]).split('\r\n')[1]).toBe(
      'Member,a,,Mary-Ann,Lee,non-exempt,,16.00,16.00,0.00,0.00,45,2,0.00,0.00,0.00,0.00,',
    )
  })

  it('orders members of the same name by id, and shows the pay type of their latest week', () => {
    const totals = totalsByMember(
      [week('b', '2026-11-23', 'exempt'), week('b', '2026-11-16', 'non-exempt'), week('a', '2026-11-16', 'non-exempt')],
      twin,
    )
    expect(totals.map((t) => [t.employeeId, t.payType])).toEqual([
      ['a', 'non-exempt'],
      ['b', 'exempt'],
    ])
  })

  it('puts double time in ADP Hours 3 with code D, and keeps tabs out of IIF cells', () => {
    const totals = totalsByMember([week('a', '2026-11-16', 'non-exempt', '23:30')], twin)
    expect(adpCsv(totals, 'XYZ', 'B1').split('\r\n')[1]).toBe('XYZ,B1,P\ta,8.00,4.00,D,2.50')
    const lines = quickbooksIif(totals, 'Grace\tChurch').split('\r\n')
    expect(lines[1]).toBe('TIMERHDR\t8\t0\tGrace Church\tN\tY\t0')
    expect(lines.slice(3, 6).map((l) => l.split('\t').slice(5, 7))).toEqual([
      ['Regular Pay', '8:00'],
      ['Overtime Pay', '4:00'],
      ['Double Time Pay', '2:30'],
    ])
  })
})

describe("the payroll CSV's day rows", () => {
  /** A week of one shift a day from 00:00, of `minutes[i]` minutes on the i-th day from Monday. */
  const weekOf = (minutes: readonly number[]) => ({
    id: 9,
    employeeId: 'ana',
    weekStartDate: '2026-11-16',
    ...Object.fromEntries(
      minutes.flatMap((m, i) => [
        [`${DAYS[i]}Start`, '00:00'],
        [`${DAYS[i]}End`, `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`],
      ]),
    ),
  })
  /** The rows of a kind ('Member', 'Day') of a CSV, as their cells. */
  const rows = (csv: string, kind: string) =>
    csv
      .replace('\uFEFF', '')
      .split('\r\n')
      .map((line) => line.split(','))
      .filter((cells) => cells[0] === kind)
  // paidHours, regularHours, overtimeHours, doubleTimeHours
  const HOURS = [7, 8, 9, 10]
  const hundredths = (cell: string) => Math.round(Number(cell) * 100)

  it('add up to the member row in each kind, each day within a hundredth of its own hours (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 23 * 60 + 59 }), { minLength: 1, maxLength: 7 }), (minutes) => {
        const csv = payrollCsv(totalsByMember([ruledWeek(weekOf(minutes))], (id) => people[id]!))
        const [member] = rows(csv, 'Member')
        const days = rows(csv, 'Day')
        expect(days).toHaveLength(minutes.length)
        for (const column of HOURS)
          expect(days.reduce((sum, day) => sum + hundredths(day[column]!), 0)).toBe(hundredths(member![column]!))
        days.forEach((day, i) => expect(Math.abs(hundredths(day[7]!) - (minutes[i]! * 100) / 60)).toBeLessThan(1))
      }),
    )
  })

  it("read a week's hours as its timesheet's CSV does: five days of 8 h 20 min", () => {
    const sheet = weekOf([500, 500, 500, 500, 500])
    const csv = payrollCsv(totalsByMember([ruledWeek(sheet)], (id) => people[id]!))
    expect(rows(csv, 'Member')[0]![7]).toBe('41.67')
    const paid = rows(csv, 'Day').map((day) => day[7])
    expect(paid).toEqual(['8.34', '8.34', '8.33', '8.33', '8.33'])
    // The timesheet's own file: a row a day of the week, its hours in the seventh column.
    const timesheet = timesheetCsv(
      { ...sheet, status: 'approved' } as Parameters<typeof timesheetCsv>[0],
      null,
      'Grace',
      null,
      'UTC',
    )
    const timesheetDays = timesheet
      .split('\r\n')
      .map((line) => line.split(','))
      .filter((cells) => /^2026-11-(16|17|18|19|20)$/.test(cells[0]!))
      .map((cells) => cells[6])
    expect(timesheetDays).toEqual(paid)
  })
})
