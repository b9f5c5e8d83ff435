import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { HireDate, hireDateOf, isPaidMember, leftOnOf, paysHoliday } from './hire.ts'
import { NewMember } from './member.ts'
import { MemberUpdate } from './payroll.ts'
import { addDays } from './week.ts'

const member = { email: 'a@b.example', firstName: 'Ana', lastName: 'Silva', department: 'Office' }

describe('hire date', () => {
  it.each([
    // stored hire date, added at (UTC), zone, hire date
    ['2026-03-02', '2026-11-20T15:00:00.000Z', 'America/Denver', '2026-03-02'],
    [undefined, '2026-11-20T15:00:00.000Z', 'America/Denver', '2026-11-20'],
    // Added at 02:30 UTC on the 21st: still the 20th in Denver.
    [undefined, '2026-11-21T02:30:00.000Z', 'America/Denver', '2026-11-20'],
    [undefined, '2026-11-21T02:30:00.000Z', 'Europe/Madrid', '2026-11-21'],
    [null, '2026-11-21T02:30:00.000Z', 'UTC', '2026-11-21'],
  ])('stored %s, added %s in %s: %s', (hireDate, createdAt, zone, expected) => {
    expect(hireDateOf({ hireDate, createdAt }, zone)).toBe(expected)
  })

  it.each([
    // removed at (UTC), stored leftOn, zone: the first day without holiday pay
    [undefined, undefined, 'America/Denver', undefined],
    // Removed at 02:30 UTC on the 27th: still the 26th in Denver.
    ['2026-11-27T02:30:00.000Z', undefined, 'America/Denver', '2026-11-26'],
    ['2026-11-27T02:30:00.000Z', undefined, 'Europe/Madrid', '2026-11-27'],
    // Stored with the removal (a closed period's week kept its holidays): as stored.
    ['2026-11-27T02:30:00.000Z', '2026-11-30', 'America/Denver', '2026-11-30'],
  ])('removed %s, stored leftOn %s, in %s: holiday pay ends on %s', (removedAt, leftOn, zone, expected) => {
    expect(leftOnOf({ removedAt, leftOn }, zone)).toBe(expected)
  })

  it('accepts calendar dates only', () => {
    expect(HireDate.safeParse('2026-02-28').success).toBe(true)
    for (const bad of ['2026-02-30', '26-02-01', 'tomorrow', '1999-12-31', 20260201])
      expect(HireDate.safeParse(bad).success, String(bad)).toBe(false)
    expect(NewMember.safeParse({ ...member, hireDate: '2026-13-01' }).error?.issues[0]?.path).toEqual(['hireDate'])
  })

  it('pays a holiday exactly from the hire date on (property)', () => {
    const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2020-01-01', n))
    fc.assert(
      fc.property(
        day,
        day,
        fc.constantFrom('employee', 'supervisor') as fc.Arbitrary<'employee' | 'supervisor'>,
        (hired, holiday, role) => {
          expect(paysHoliday({ role, hireDate: hired }, holiday)).toBe(hired <= holiday)
          expect(paysHoliday({ role: 'volunteer', hireDate: hired }, holiday)).toBe(false)
          expect(paysHoliday({ role: 'supervisor', unpaid: true, hireDate: hired }, holiday)).toBe(false)
        },
      ),
    )
  })

  it.each([
    [{ hireDate: '2026-11-26' }, true],
    [{ hireDate: '2026-11-27' }, false],
    [{ hireDate: undefined }, true],
    [{ hireDate: '2026-01-01', leftOn: '2026-11-26' }, false],
    [{ hireDate: '2026-01-01', leftOn: '2026-11-27' }, true],
  ])('pays the holiday of 2026-11-26 to a member %j: %s', (dates, paid) =>
    expect(paysHoliday({ role: 'employee', ...dates }, '2026-11-26')).toBe(paid),
  )
})

describe('unpaid', () => {
  it.each([
    [{ role: 'employee' as const }, true],
    [{ role: 'supervisor' as const }, true],
    [{ role: 'supervisor' as const, unpaid: false }, true],
    [{ role: 'supervisor' as const, unpaid: true }, false],
    [{ role: 'volunteer' as const }, false],
  ])('%o is paid: %s', (m, paid) => expect(isPaidMember(m)).toBe(paid))

  it('is for supervisors only when adding', () => {
    expect(NewMember.safeParse({ ...member, role: 'supervisor', unpaid: true }).success).toBe(true)
    const staff = NewMember.safeParse({ ...member, role: 'employee', unpaid: true })
    expect(staff.error?.issues[0]).toMatchObject({
      path: ['unpaid'],
      message: 'Only a supervisor can be marked unpaid',
    })
    expect(NewMember.safeParse({ ...member, role: 'supervisor', unpaid: 'yes' }).success).toBe(false)
    expect(MemberUpdate.safeParse({ unpaid: true, hireDate: '2026-01-05' }).success).toBe(true)
  })
})
