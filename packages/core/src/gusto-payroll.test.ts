import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { issueLongWeek } from '../test/weeks.ts'
import {
  classifyShifts,
  gustoChanges,
  gustoHours,
  gustoLeaveHours,
  planGusto,
  shiftDigest,
  spanPaidMinutes,
  type GustoPlanInput,
  type SentShift,
} from './gusto-payroll.ts'
import type { WeekTimes } from './hours.ts'
import { DEFAULT_OVERTIME_RULES, memberWeek, type OvertimeRules } from './overtime.ts'
import type { PayType } from './pay-types.ts'
import type { Role } from './roles.ts'
import { emptyLeave, type LeaveTotals } from './time-off-payroll.ts'
import { DAYS } from './week.ts'

const TZ = 'America/Chicago'
const matching = {
  employees: { ana: { employeeUuid: 'uuid-ana', jobUuid: 'job-ana' }, ben: { employeeUuid: 'uuid-ben' } },
  policies: { vacation: 'pol-vac', sick: 'pol-sick', holiday: 'pol-hol' },
}
type Sheet = WeekTimes & { id: number; employeeId: string; weekStartDate: string }
const week = (sheet: Sheet, payType: PayType = 'non-exempt', role: Role = 'employee', rules = DEFAULT_OVERTIME_RULES) =>
  memberWeek(sheet, rules, payType, role)
const input = (
  sheets: { sheet: Sheet; payType?: PayType; role?: Role }[],
  extra: Partial<GustoPlanInput> = {},
): GustoPlanInput => ({
  timeZone: TZ,
  members: sheets.map((s) => ({ id: s.sheet.employeeId, role: s.role ?? 'employee' })),
  weeks: sheets.map((s) => week(s.sheet, s.payType, s.role)),
  timesheets: new Map(sheets.map((s) => [s.sheet.id, s.sheet])),
  leave: new Map<string, LeaveTotals>(),
  matching,
  ...extra,
})
const vacation = (hours: number): LeaveTotals => ({
  ...emptyLeave(),
  vacationHours: hours,
  days: [{ date: '2026-11-18', kind: 'vacation', hours }],
})

describe('spanPaidMinutes', () => {
  it('takes the break off the first shifts first', () => {
    expect(spanPaidMinutes([240, 180], 30)).toEqual([210, 180])
    expect(spanPaidMinutes([20, 180], 30)).toEqual([0, 170])
    expect(spanPaidMinutes([240], 0)).toEqual([240])
    expect(spanPaidMinutes([], 30)).toEqual([])
  })
})

describe('classifyShifts', () => {
  it('fills regular, then overtime, then double time, in the order worked', () => {
    expect(classifyShifts([240, 300], { regularMinutes: 300, overtimeMinutes: 180, doubleTimeMinutes: 60 })).toEqual([
      [{ payClassification: 'Regular', minutes: 240 }],
      [
        { payClassification: 'Regular', minutes: 60 },
        { payClassification: 'Overtime', minutes: 180 },
        { payClassification: 'Double overtime', minutes: 60 },
      ],
    ])
  })
  it('leaves out classes with no minutes and shifts with none', () => {
    expect(classifyShifts([0, 60], { regularMinutes: 0, overtimeMinutes: 60, doubleTimeMinutes: 0 })).toEqual([
      [],
      [{ payClassification: 'Overtime', minutes: 60 }],
    ])
  })
  it('keeps every minute of the day in exactly one entry (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 4 }), fc.nat(), fc.nat(), (spans, a, b) => {
        const total = spans.reduce((x, y) => x + y, 0)
        const regular = Math.min(total, a % (total + 1))
        const overtime = Math.min(total - regular, b % (total + 1))
        const day = {
          regularMinutes: regular,
          overtimeMinutes: overtime,
          doubleTimeMinutes: total - regular - overtime,
        }
        const out = classifyShifts(spans, day)
        out.forEach((entries, i) => expect(entries.reduce((s, e) => s + e.minutes, 0)).toBe(spans[i]))
        const by = (c: string) => out.flat().reduce((s, e) => s + (e.payClassification === c ? e.minutes : 0), 0)
        expect([by('Regular'), by('Overtime'), by('Double overtime')]).toEqual([
          day.regularMinutes,
          day.overtimeMinutes,
          day.doubleTimeMinutes,
        ])
        for (const e of out.flat()) expect(e.minutes).toBeGreaterThan(0)
      }),
    )
  })
})

describe('planGusto', () => {
  it('sends a 44-hour week as regular then overtime shifts, in the organization zone', () => {
    const plan = planGusto(input([{ sheet: issueLongWeek('ana') }]))
    expect(plan.problems).toEqual([])
    expect(plan.shifts).toHaveLength(5)
    expect(plan.shifts[0]).toEqual({
      key: 'ana#2026-11-16#0',
      employeeId: 'ana',
      employeeUuid: 'uuid-ana',
      jobUuid: 'job-ana',
      date: '2026-11-16',
      startedAt: '2026-11-16T14:00:00.000Z',
      endedAt: '2026-11-16T23:30:00.000Z',
      entries: [{ payClassification: 'Regular', minutes: 540 }],
    })
    // Friday's 8 hours take the week from 36 to 44: 4 regular, 4 overtime.
    expect(plan.shifts[4]!.entries).toEqual([
      { payClassification: 'Regular', minutes: 240 },
      { payClassification: 'Overtime', minutes: 240 },
    ])
    expect(plan.members).toEqual([
      {
        employeeId: 'ana',
        employeeUuid: 'uuid-ana',
        timeSheets: true,
        regularMinutes: 2400,
        overtimeMinutes: 240,
        doubleTimeMinutes: 0,
        leave: { vacation: 0, sick: 0, personal: 0, holiday: 0 },
      },
    ])
    expect(plan.shifts[1]!.jobUuid).toBe('job-ana')
  })

  it('splits a day of two shifts and an overnight shift', () => {
    const sheet: Sheet = {
      id: 7,
      employeeId: 'ben',
      weekStartDate: '2026-11-16',
      mondaySpans: [
        { start: '08:00', end: '12:00' },
        { start: '18:00', end: '21:00' },
      ],
      mondayStart: '08:00',
      mondayEnd: '21:00',
      mondayBreakMinutes: 30,
      tuesdayStart: '22:00',
      tuesdayEnd: '06:00',
    }
    const plan = planGusto(input([{ sheet }]))
    expect(plan.shifts.map((s) => [s.key, s.startedAt, s.endedAt, s.entries[0]!.minutes, s.jobUuid])).toEqual([
      ['ben#2026-11-16#0', '2026-11-16T14:00:00.000Z', '2026-11-16T18:00:00.000Z', 210, null],
      ['ben#2026-11-16#1', '2026-11-17T00:00:00.000Z', '2026-11-17T03:00:00.000Z', 180, null],
      ['ben#2026-11-17#0', '2026-11-18T04:00:00.000Z', '2026-11-18T12:00:00.000Z', 480, null],
    ])
  })

  it('sends no time sheet for volunteers and exempt staff, and no leave for volunteers', () => {
    const plan = planGusto(
      input(
        [
          { sheet: issueLongWeek('vol'), role: 'volunteer' },
          { sheet: { ...issueLongWeek('ex'), id: 2 }, payType: 'exempt' },
          { sheet: { ...issueLongWeek('min'), id: 3 }, payType: 'minister' },
        ],
        {
          leave: new Map([
            ['vol', vacation(8)],
            ['ex', vacation(8)],
          ]),
          matching: {
            employees: { vol: { employeeUuid: 'v' }, ex: { employeeUuid: 'e' }, min: { employeeUuid: 'm' } },
            policies: { vacation: 'pol-vac' },
          },
        },
      ),
    )
    expect(plan.shifts).toEqual([])
    expect(plan.paidTimeOff).toEqual([
      { employeeId: 'ex', employeeUuid: 'e', leave: [{ kind: 'vacation', policyUuid: 'pol-vac', centiHours: 800 }] },
    ])
    expect(plan.members.map((m) => [m.employeeId, m.timeSheets, m.leave.vacation])).toEqual([['ex', false, 8]])
  })

  it('never sends a member who became a volunteer, nor one no longer a member', () => {
    const plan = planGusto({
      ...input([{ sheet: issueLongWeek('ana') }]),
      members: [{ id: 'ana', role: 'volunteer' }],
      leave: new Map([['gone', vacation(4)]]),
    })
    expect(plan).toEqual({ shifts: [], paidTimeOff: [], members: [], problems: [] })
  })

  it('puts 8 hours of vacation under the vacation policy', () => {
    const plan = planGusto(input([{ sheet: issueLongWeek('ana') }], { leave: new Map([['ana', vacation(8)]]) }))
    expect(plan.paidTimeOff).toEqual([
      {
        employeeId: 'ana',
        employeeUuid: 'uuid-ana',
        leave: [{ kind: 'vacation', policyUuid: 'pol-vac', centiHours: 800 }],
      },
    ])
    expect(plan.members[0]!.leave).toEqual({ vacation: 8, sick: 0, personal: 0, holiday: 0 })
  })

  it('names an unmatched member and an unmatched policy, and sends neither', () => {
    const leave: LeaveTotals = { ...emptyLeave(), personalHours: 4, sickHours: 2.5 }
    const plan = planGusto({
      ...input([{ sheet: { ...issueLongWeek('cy'), id: 9 } }], { leave: new Map([['ana', leave]]) }),
      members: [
        { id: 'cy', role: 'employee' },
        { id: 'ana', role: 'employee' },
      ],
    })
    expect(plan.problems).toEqual([
      { code: 'member-unmatched', employeeId: 'cy' },
      { code: 'policy-unmatched', employeeId: 'ana', kind: 'personal' },
    ])
    expect(plan.shifts).toEqual([])
    expect(plan.paidTimeOff).toEqual([
      {
        employeeId: 'ana',
        employeeUuid: 'uuid-ana',
        leave: [{ kind: 'sick', policyUuid: 'pol-sick', centiHours: 250 }],
      },
    ])
    expect(plan.members.map((m) => m.employeeId)).toEqual(['ana', 'cy'])
  })

  it('refuses a day whose stored figures no longer match its timesheet', () => {
    const sheet = issueLongWeek('ana')
    const stored = week(sheet)
    const plan = planGusto({
      ...input([{ sheet }]),
      timesheets: new Map([[1, { ...sheet, mondayEnd: '18:30' }]]),
      weeks: [stored],
    })
    expect(plan.problems).toEqual([{ code: 'figures-changed', employeeId: 'ana', date: '2026-11-16' }])
    expect(plan.shifts.map((s) => s.date)).not.toContain('2026-11-16')
    expect(plan.members[0]!.regularMinutes + plan.members[0]!.overtimeMinutes).toBe(stored.paidMinutes)
  })

  it('a week without its timesheet sends none of its days', () => {
    const plan = planGusto({ ...input([{ sheet: issueLongWeek('ana') }]), timesheets: new Map() })
    expect(plan.shifts).toEqual([])
    expect(plan.problems.map((p) => p.code)).toEqual(Array(5).fill('figures-changed'))
  })

  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 3 }))
    .map(([h, q]) => `${String(h).padStart(2, '0')}:${String(q * 15).padStart(2, '0')}`)
  const anyDay = fc.option(fc.record({ start: time, end: time, break: fc.constantFrom(0, 15, 30) }), { nil: undefined })
  const anyRules: fc.Arbitrary<OvertimeRules> = fc.record({
    weeklyOvertimeHours: fc.constantFrom(40, 20, 8),
    dailyOvertimeHours: fc.constantFrom(null, 8),
    dailyDoubleTimeHours: fc.constantFrom(null, 12),
  })

  it('sends every stored minute of hourly members, classified as stored, to the minute (property)', () => {
    fc.assert(
      fc.property(fc.array(anyDay, { minLength: 7, maxLength: 7 }), anyRules, (days, rules) => {
        const sheet: Sheet = { id: 1, employeeId: 'ana', weekStartDate: '2026-11-16' }
        DAYS.forEach((d, i) => {
          const day = days[i]
          if (!day) return
          const length =
            (Number(day.end.slice(0, 2)) * 60 +
              Number(day.end.slice(3)) +
              1440 -
              Number(day.start.slice(0, 2)) * 60 -
              Number(day.start.slice(3))) %
            1440
          Object.assign(sheet, {
            [`${d}Start`]: day.start,
            [`${d}End`]: day.end,
            [`${d}BreakMinutes`]: Math.min(day.break, length),
          })
        })
        const stored = week(sheet, 'non-exempt', 'employee', rules)
        const plan = planGusto({ ...input([{ sheet }]), weeks: [stored] })
        expect(plan.problems).toEqual([])
        const sum = (c: string) =>
          plan.shifts.flatMap((s) => s.entries).reduce((t, e) => t + (e.payClassification === c ? e.minutes : 0), 0)
        expect(sum('Regular')).toBe(stored.regularMinutes)
        expect(sum('Overtime')).toBe(stored.overtimeMinutes)
        expect(sum('Double overtime')).toBe(stored.doubleTimeMinutes)
        for (const s of plan.shifts) {
          expect(Date.parse(s.endedAt)).toBeGreaterThan(Date.parse(s.startedAt))
          const paid = s.entries.reduce((t, e) => t + e.minutes, 0)
          expect(paid).toBeGreaterThan(0)
          expect(paid).toBeLessThanOrEqual((Date.parse(s.endedAt) - Date.parse(s.startedAt)) / 60_000)
          for (const e of s.entries) expect(Math.round(Number(gustoHours(e.minutes)) * 60)).toBe(e.minutes)
        }
        expect(new Set(plan.shifts.map((s) => s.key)).size).toBe(plan.shifts.length)
      }),
    )
  })
})

describe("Gusto's hours", () => {
  it('writes three decimals that read back to the minute', () => {
    expect(gustoHours(480)).toBe('8.000')
    expect(gustoHours(1)).toBe('0.017')
    expect(gustoHours(90)).toBe('1.500')
    expect(gustoLeaveHours(800)).toBe('8.000')
    expect(gustoLeaveHours(25)).toBe('0.250')
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (m) => {
        expect(Math.round(Number(gustoHours(m)) * 60)).toBe(m)
      }),
    )
  })
})

describe('gustoChanges', () => {
  const plan = planGusto(input([{ sheet: issueLongWeek('ana') }]))
  const sentAll = (): Record<string, SentShift> =>
    Object.fromEntries(
      plan.shifts.map((s, i) => [s.key, { uuid: `ts-${i}`, version: `v${i}`, digest: shiftDigest(s) }]),
    )

  it('creates everything on a first send', () => {
    const c = gustoChanges(plan.shifts, {})
    expect(c.create).toHaveLength(5)
    expect([c.update, c.remove, c.unchanged]).toEqual([[], [], []])
  })

  it('changes nothing when nothing changed', () => {
    const c = gustoChanges(plan.shifts, sentAll())
    expect([c.create, c.update, c.remove]).toEqual([[], [], []])
    expect(c.unchanged).toHaveLength(5)
  })

  it('after a correction of one day, updates exactly that time sheet with its id and version', () => {
    // Wednesday worked an hour later: the same hours, so no other day's overtime moves.
    const corrected = planGusto(
      input([{ sheet: { ...issueLongWeek('ana'), wednesdayStart: '09:00', wednesdayEnd: '18:00' } }]),
    )
    const c = gustoChanges(corrected.shifts, sentAll())
    expect(c.update.map((u) => [u.shift.key, u.sent.uuid, u.sent.version])).toEqual([
      ['ana#2026-11-18#0', 'ts-2', 'v2'],
    ])
    expect([c.create, c.remove]).toEqual([[], []])
    expect(c.unchanged).toHaveLength(4)
  })

  it('deletes a shift no longer worked and creates a new one', () => {
    const { thursdayStart: _s, thursdayEnd: _e, ...rest } = issueLongWeek('ana')
    const corrected = planGusto(input([{ sheet: { ...rest, saturdayStart: '09:00', saturdayEnd: '13:00' } }]))
    const c = gustoChanges(corrected.shifts, sentAll())
    expect(c.remove).toEqual([{ key: 'ana#2026-11-19#0', sent: expect.objectContaining({ uuid: 'ts-3' }) }])
    expect(c.create.map((s) => s.key)).toEqual(['ana#2026-11-21#0'])
  })
})
