import type { Role } from './roles.ts'
import { describe, expect, it } from 'vitest'
import { adpCsv, gustoCsv, payrollCsv, quickbooksIif, summaryRow, type MemberTotals } from './payroll-files.ts'
import {
  changedHolidayDates,
  emptyLeave,
  holidayPayChanges,
  leaveByMember,
  leaveCells,
  leaveSummary,
} from './time-off-payroll.ts'

const leave = leaveByMember({
  start: '2026-11-16',
  end: '2026-11-29',
  approved: [
    { employeeId: 'ana', kind: 'vacation', days: [{ date: '2026-11-16', hours: 8 }] },
    { employeeId: 'ana', kind: 'sick', days: [{ date: '2026-11-30', hours: 8 }] }, // after the range
  ],
  holidays: [{ date: '2026-11-26', name: 'Thanksgiving', hours: 8 }],
  members: [
    { id: 'ana', role: 'employee', hireDate: '2026-01-01' },
    { id: 'vic', role: 'volunteer', hireDate: '2026-01-01' },
    { id: 'new', role: 'employee', hireDate: '2026-11-27' },
    { id: 'pastor', role: 'supervisor', hireDate: '2020-01-01' },
    { id: 'board', role: 'supervisor', unpaid: true, hireDate: '2020-01-01' },
    { id: 'hiredThatDay', role: 'employee', hireDate: '2026-11-26' },
  ],
})

/** The week 2: 36 regular hours worked, 8 vacation (and here a holiday too). */
const ana: MemberTotals = {
  employeeId: 'ana',
  firstName: 'Ana',
  lastName: 'Lopez',
  department: null,
  payrollId: 'G7K2P9',
  payType: 'non-exempt',
  paidMinutes: 36 * 60,
  regularMinutes: 36 * 60,
  overtimeMinutes: 0,
  doubleTimeMinutes: 0,
  breakMinutes: 0,
  daysWorked: 4,
  days: [
    {
      date: '2026-11-17',
      paidMinutes: 540,
      breakMinutes: 0,
      regularMinutes: 540,
      overtimeMinutes: 0,
      doubleTimeMinutes: 0,
    },
  ],
  leave: leave.get('ana'),
}

describe('paid leave in payroll', () => {
  it('pays a holiday to an eligible member and nothing to a volunteer or someone not yet joined', () => {
    expect(leave.get('ana')).toMatchObject({ vacationHours: 8, sickHours: 0, holidayHours: 8 })
    expect(leave.has('vic')).toBe(false)
    expect(leave.has('new')).toBe(false)
  })

  it('pays a holiday from the hire date on, to a paid supervisor, and never to an unpaid one', () => {
    expect(leave.get('hiredThatDay')).toMatchObject({ holidayHours: 8 })
    expect(leave.get('pastor')).toMatchObject({ holidayHours: 8 })
    expect(leave.has('board')).toBe(false)
  })

  it('puts leave beside regular and overtime in the summary, never in them', () => {
    expect(summaryRow(ana)).toMatchObject({ regularHours: 36, overtimeHours: 0, vacationHours: 8, holidayHours: 8 })
  })

  it('adds our CSV columns, with a day row for a day of leave only', () => {
    const lines = payrollCsv([ana]).split('\r\n')
    // The leave columns come by an older version's code column, which is empty on member and day rows.
    expect(lines[0]).toMatch(/,Vacation Hours,Sick Hours,Personal Hours,Holiday Hours,Ministry or Fund$/)
    expect(lines[1]).toMatch(/,36\.00,36\.00,0\.00,0\.00,0,4,8\.00,0\.00,0\.00,8\.00,$/)
    expect(lines).toContain(
      'Day,ana,G7K2P9,Ana,Lopez,non-exempt,2026-11-16,0.00,0.00,0.00,0.00,0,0,8.00,0.00,0.00,0.00,',
    )
  })

  it('fills ADP Hours 3 and Hours 4 with the codes of Settings → Payroll', () => {
    const codes = { vacation: 'VAC', sick: 'SCK', personal: 'PER', holiday: 'HOL' }
    const [head, row] = adpCsv([ana], 'XYZ', 'TIME1', codes).split('\r\n')
    expect(head).toBe(
      '\ufeffCo Code,Batch ID,File #,Reg Hours,O/T Hours,Hours 3 Code,Hours 3 Amount,Hours 4 Code,Hours 4 Amount',
    )
    expect(row).toBe('XYZ,TIME1,G7K2P9,36.00,0.00,VAC,8.00,HOL,8.00')
  })

  it('writes QuickBooks TIMEACT rows with the payroll item of each kind', () => {
    const iif = quickbooksIif([ana], 'Grace Church', {
      leaveItems: {
        vacation: 'Vacation Hourly',
        sick: 'Sick Hourly',
        personal: 'Personal Hourly',
        holiday: 'Holiday Hourly',
      },
    })
    expect(iif).toContain('TIMEACT\t11/16/26\t\tAna Lopez\t\tVacation Hourly\t8:00\t\t\t0')
    expect(iif).toContain('TIMEACT\t11/26/26\t\tAna Lopez\t\tHoliday Hourly\t8:00\t\t\t0')
  })

  it("leaves Gusto's file as it was (its time-off titles are not confirmed)", () => {
    expect(gustoCsv([ana]).split('\r\n')[0]).toBe(
      '\ufefffirst_name,last_name,gusto_employee_id,regular_hours,overtime_hours,double_overtime_hours',
    )
  })
})

describe('a member’s leave, kind by kind', () => {
  const all = leaveByMember({
    start: '2026-11-16',
    end: '2026-11-22',
    approved: [
      { employeeId: 'ana', kind: 'sick', days: [{ date: '2026-11-17', hours: 4 }] },
      { employeeId: 'ana', kind: 'personal', days: [{ date: '2026-11-18', hours: 2.5 }] },
    ],
    holidays: [],
    members: [],
  }).get('ana')

  it('keeps each kind in its own field', () => {
    expect(leaveSummary(all)).toEqual({ vacationHours: 0, sickHours: 4, personalHours: 2.5, holidayHours: 0 })
    expect(leaveSummary(undefined)).toEqual({ vacationHours: 0, sickHours: 0, personalHours: 0, holidayHours: 0 })
    expect(emptyLeave()).toEqual({ vacationHours: 0, sickHours: 0, personalHours: 0, holidayHours: 0, days: [] })
  })

  it('gives the CSV cells of the totals and of one day, zeros without leave', () => {
    expect(leaveCells(all)).toEqual(['0.00', '4.00', '2.50', '0.00'])
    expect(leaveCells(all, '2026-11-18')).toEqual(['0.00', '0.00', '2.50', '0.00'])
    expect(leaveCells(undefined, '2026-11-18')).toEqual(['0.00', '0.00', '0.00', '0.00'])
    expect(leaveCells(undefined)).toEqual(['0.00', '0.00', '0.00', '0.00'])
  })
})

describe('holidays by campus', () => {
  it("pays a campus's own holiday to its members only, and the whole church's to everyone", () => {
    const members = [
      { id: 'nora', role: 'employee' as const, hireDate: '2020-01-01', campusId: 'north' },
      { id: 'sara', role: 'employee' as const, hireDate: '2020-01-01', campusId: 'south' },
    ]
    const leave = leaveByMember({
      start: '2026-11-16',
      end: '2026-11-22',
      approved: [],
      holidays: [
        { date: '2026-11-16', name: 'North day', hours: 8, campusId: 'north' },
        { date: '2026-11-17', name: 'Church day', hours: 4 },
      ],
      members,
    })
    expect(leave.get('nora')?.holidayHours).toBe(12)
    expect(leave.get('sara')?.holidayHours).toBe(4)
  })
})

describe('holidays and leave days in a range', () => {
  const member = { id: 'ana', role: 'employee' as const, hireDate: '2020-01-01' }
  const run = (
    holidays: { date: string; name: string; hours: number; campusId?: string }[],
    members: { id: string; role: Role; hireDate: string; leftOn?: string }[] = [member],
  ) =>
    leaveByMember({
      start: '2026-11-16',
      end: '2026-11-22',
      approved: [
        { employeeId: 'ana', kind: 'vacation', days: [{ date: '2026-11-18', hours: 3 }] },
        { employeeId: 'ana', kind: 'sick', days: [{ date: '2026-11-16', hours: 1.5 }] },
      ],
      holidays,
      members,
    }).get('ana')

  it('counts a holiday on the first and last day of the range, none outside it, each kind apart, days in order', () => {
    const leave = run([
      { date: '2026-11-15', name: 'Before', hours: 8 },
      { date: '2026-11-16', name: 'First', hours: 2 },
      { date: '2026-11-22', name: 'Last', hours: 4 },
      { date: '2026-11-23', name: 'After', hours: 8 },
    ])
    expect(leave).toEqual({
      vacationHours: 3,
      sickHours: 1.5,
      personalHours: 0,
      holidayHours: 6,
      days: [
        { date: '2026-11-16', kind: 'holiday', hours: 2 },
        { date: '2026-11-16', kind: 'sick', hours: 1.5 },
        { date: '2026-11-18', kind: 'vacation', hours: 3 },
        { date: '2026-11-22', kind: 'holiday', hours: 4 },
      ],
    })
  })

  it('pays no holiday of 0 hours, nor to a volunteer, nor before the hire date', () => {
    expect(run([{ date: '2026-11-17', name: 'Zero', hours: 0 }])?.holidayHours).toBe(0)
    expect(run([{ date: '2026-11-17', name: 'Day', hours: 8 }], [{ ...member, role: 'volunteer' }])?.holidayHours).toBe(
      0,
    )
    expect(
      run([{ date: '2026-11-17', name: 'Day', hours: 8 }], [{ ...member, hireDate: '2026-11-18' }])?.holidayHours,
    ).toBe(0)
    expect(run([{ date: '2026-11-17', name: 'Day', hours: 8 }])?.holidayHours).toBe(8)
  })

  it('pays a removed member the holidays before the day of their removal, and none from it', () => {
    const holidays = [
      { date: '2026-11-16', name: 'Before', hours: 8 },
      { date: '2026-11-18', name: 'That day', hours: 8 },
    ]
    expect(run(holidays, [{ ...member, leftOn: '2026-11-18' }])?.holidayHours).toBe(8)
    expect(run(holidays, [{ ...member, leftOn: '2026-11-19' }])?.holidayHours).toBe(16)
    expect(run(holidays, [{ ...member, leftOn: '2026-11-16' }])?.holidayHours).toBe(0)
  })
})

describe('what changes the holiday pay a closed period was paid', () => {
  const holidays = [
    { date: '2026-11-26', name: 'Thanksgiving', hours: 8 },
    { date: '2026-12-25', name: 'Christmas', hours: 8 },
    { date: '2026-12-08', name: 'North day', hours: 4, campusId: 'north' },
    { date: '2026-12-09', name: 'Unpaid day', hours: 0 },
  ]
  const ana = { role: 'employee' as Role, hireDate: '2026-01-01', campusId: 'north' }

  it.each([
    ['a hire date moved past a holiday', { hireDate: '2026-12-01' }, ['2026-11-26']],
    ['a hire date moved within the same holidays', { hireDate: '2026-02-01' }, []],
    ['a member made a volunteer', { role: 'volunteer' as Role }, ['2026-11-26', '2026-12-08', '2026-12-25']],
    ['a member moved to another campus', { campusId: 'south' }, ['2026-12-08']],
    ['a name or department alone', {}, []],
  ])('%s', (_, change, dates) => expect(holidayPayChanges(holidays, ana, { ...ana, ...change })).toEqual(dates))

  it.each([
    ['a holiday added', [...holidays, { date: '2027-01-01', name: 'New Year', hours: 8 }], ['2027-01-01']],
    ['a holiday removed', holidays.slice(1), ['2026-11-26']],
    ['its hours changed', [{ ...holidays[0]!, hours: 4 }, ...holidays.slice(1)], ['2026-11-26']],
    [
      'its campus changed',
      [...holidays.slice(0, 2), { ...holidays[2]!, campusId: 'south' }, holidays[3]!],
      ['2026-12-08'],
    ],
    ['its name alone changed', [{ ...holidays[0]!, name: 'Thanks' }, ...holidays.slice(1)], []],
    ['a holiday of 0 hours added', [...holidays, { date: '2027-01-02', name: 'Nothing', hours: 0 }], []],
    ['the list reordered', [...holidays].reverse(), []],
  ])('a calendar with %s', (_, after, dates) => expect(changedHolidayDates(holidays, after)).toEqual(dates))
})
