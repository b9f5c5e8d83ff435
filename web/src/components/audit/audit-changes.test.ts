import { afterEach, describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { defaultTimeOffPolicies, type AuditChange, type TimeOffPolicy } from '@app/core'
import { changeLines, changesText, type AuditContext } from './audit-changes.ts'

afterEach(() => i18next.changeLanguage('en'))

const context: AuditContext = {
  timeZone: 'America/Chicago',
  campuses: [
    { id: 'north', name: 'North Campus' },
    { id: 'south', name: 'South Campus' },
  ],
  members: [
    { id: 'user-5', firstName: 'Ana', lastName: 'Ruiz' },
    { id: 'user-6', firstName: 'Sam', lastName: 'Okafor' },
  ],
}
const text = (...changes: AuditChange[]) => changesText(changes, context)

describe('audit changes', () => {
  it('write a day’s field in the screen’s language', async () => {
    const change = { field: 'mondayStart', before: null, after: '09:00' }
    expect(text(change)).toBe('Monday start: (empty) → 09:00')
    await i18next.changeLanguage('es')
    expect(text(change)).toBe('Lunes, entrada: (vacío) → 09:00')
  })

  it('write a status and a time-off request’s fields as words, in either language', async () => {
    await i18next.loadNamespaces(['common', 'staff'])
    expect(text({ field: 'status', before: 'pending', after: 'approved' })).toBe('Status: Pending Review → Approved')
    expect(text({ field: 'status', before: 'approved', after: 'cancelled' })).toBe('Status: Approved → Cancelled')
    expect(text({ field: 'kind', before: null, after: 'vacation' })).toBe('Kind: (empty) → vacation')
    await i18next.changeLanguage('es')
    expect(text({ field: 'status', before: 'pending', after: 'approved' })).toBe(
      'Estado: Pendiente de revisión → Aprobada',
    )
    expect(text({ field: 'kind', before: null, after: 'sick' })).toBe('Tipo: (vacío) → baja por enfermedad')
    expect(text({ field: 'hours', before: null, after: 8 }).startsWith('Horas: ')).toBe(true)
  })

  it('write a day’s time ranges as times', async () => {
    const change = {
      field: 'sundaySpans',
      before: null,
      after: JSON.stringify([
        { start: '08:00', end: '12:00' },
        { start: '18:00', end: '21:00' },
      ]),
    }
    expect(text(change)).toBe('Sunday time ranges: (empty) → 08:00 - 12:00, 18:00 - 21:00')
    await i18next.changeLanguage('es')
    expect(text(change)).toBe('Domingo, franjas horarias: (vacío) → 08:00 - 12:00, 18:00 - 21:00')
  })

  it('name campuses, not their ids; no campus is the whole church, a removed one says so', async () => {
    const member = { field: 'campusId', before: null, after: 'north' }
    const gone = { field: 'campusId', before: 'east', after: 'south' }
    const admin = { field: 'campusIds', before: '[]', after: '["north","south"]' }
    expect(text(member)).toBe('Campus: Whole church → North Campus')
    expect(text(gone)).toBe('Campus: Removed campus → South Campus')
    expect(text(admin)).toBe('Campuses run: Whole church → North Campus and South Campus')
    await i18next.changeLanguage('es')
    expect(text(member)).toBe('Campus: Toda la iglesia → North Campus')
    expect(text(gone)).toBe('Campus: Campus eliminado → South Campus')
    expect(text(admin)).toBe('Campus a cargo: Toda la iglesia → North Campus y South Campus')
  })

  it('name approvers, not their ids', async () => {
    await i18next.loadNamespaces(['common'])
    expect(text({ field: 'supervisorId', before: 'user-9', after: 'user-5' })).toBe(
      'Approver: Removed member → Ana Ruiz',
    )
    expect(text({ field: 'finalApproverIds', before: '', after: 'user-5, user-6' })).toBe(
      'Final approvers: (empty) → Ana Ruiz and Sam Okafor',
    )
    // A campus admin lists their campuses' members alone: one not listed may well be current.
    const campusAdmin = { ...context, membersInPart: true }
    expect(changesText([{ field: 'supervisorId', before: null, after: 'user-9' }], campusAdmin)).toBe(
      'Approver: (empty) → A member outside your campuses',
    )
  })

  it('name every field a member record holds, in either language', async () => {
    const hired = { field: 'hireDate', before: null, after: '2026-11-29' }
    const login = { field: 'username', before: null, after: 'jose.nunez' }
    expect(text(hired, login)).toBe('Hire date: (empty) → Nov 29, 2026; Username: (empty) → jose.nunez')
    await i18next.changeLanguage('es')
    expect(text(hired, login)).toMatch(/^Fecha de contratación: .*; Usuario: /)
  })

  it('give an API token’s expiry as its day on the organization’s clock, in either language', async () => {
    // 05:59 UTC on Jan 1 is still Dec 31 in Chicago.
    const token = {
      field: 'apiToken',
      before: null,
      after: 'Payroll sync (members:read), expires 2027-01-01T05:59:00.000Z',
    }
    expect(text(token)).toBe('API token: (empty) → Payroll sync (members:read) · Expires Dec 31, 2026')
    expect(text({ field: 'apiToken', before: null, after: 'Forever (members:read)' })).toBe(
      'API token: (empty) → Forever (members:read)',
    )
    await i18next.changeLanguage('es')
    expect(text(token)).toMatch(/^Token de API: \(vacío\) → Payroll sync \(members:read\) · Caduca el 31 dic 2026$/)
  })

  it('write instants on the organization’s clock, dates and lists in words, never as stored', async () => {
    expect(text({ field: 'heldSince', before: '2026-11-20T15:30:00.000Z', after: null })).toMatch(
      /^Held since: Nov 20, 2026, 09:30 → \(empty\)$/,
    )
    expect(text({ field: 'currentPeriodEnd', before: null, after: '2027-01-01T03:00:00.000Z' })).toBe(
      'Current period end: (empty) → Dec 31, 2026',
    )
    expect(text({ field: 'hireDate', before: null, after: '2026-11-16' })).toBe('Hire date: (empty) → Nov 16, 2026')
    expect(text({ field: 'workingDays', before: null, after: '["monday","friday"]' })).toBe(
      'Working days: (empty) → Monday and Friday',
    )
    expect(text({ field: 'staffReminder', before: null, after: '{"day":"friday","time":"16:00"}' })).toBe(
      'Staff reminder: (empty) → Day: Friday, Time: 16:00',
    )
    expect(text({ field: 'twoStep', before: false, after: true })).toBe('Second approval: No → Yes')
    await i18next.changeLanguage('es')
    expect(text({ field: 'workingDays', before: null, after: '["monday","friday"]' })).toBe(
      'Working days: (vacío) → Lunes y Viernes',
    )
    expect(text({ field: 'twoStep', before: false, after: true })).toBe('Segunda aprobación: No → Sí')
  })
})

describe('a time-off policy change', () => {
  const vacation = defaultTimeOffPolicies().policies.find((p) => p.kind === 'vacation')!
  const accruing: TimeOffPolicy = {
    ...vacation,
    accrual: { method: 'perHoursWorked', hours: 1, per: 30 },
    capHours: 80,
    eligiblePayTypes: ['non-exempt'],
  }
  const change = { field: 'vacation', before: JSON.stringify(vacation), after: JSON.stringify(accruing) }
  const lines = () => changeLines([change], context).map((l) => `${l.label}: ${l.before} → ${l.after}`)

  it('lists the parts that changed, with the form’s labels and units, never JSON', async () => {
    expect(lines()).toEqual([
      'Vacation · Accrual: Granted by a supervisor → 1 h for every 30 h worked',
      'Vacation · Cap on the balance (hours): No limit → 80 h',
      'Vacation · Eligible pay types: Non-exempt (hourly), Exempt (salaried), and Minister → Non-exempt (hourly)',
    ])
    await i18next.changeLanguage('es')
    expect(lines()).toEqual([
      'Vacaciones · Acumulación: Lo otorga un supervisor → 1 h por cada 30 h trabajadas',
      'Vacaciones · Tope del saldo (horas): Sin límite → 80 h',
      'Vacaciones · Tipos de pago con derecho: No exento (por hora), Exento (asalariado) y Ministro → No exento (por hora)',
    ])
  })

  it('writes a yearly grant’s day and a carryover, and never shows what it cannot read', () => {
    const yearly = { ...vacation, accrual: { method: 'yearly', hours: 40, on: '01-15' }, carryoverHours: 8 }
    expect(
      changesText(
        [{ field: 'sick', before: JSON.stringify({ ...vacation, kind: 'sick' }), after: JSON.stringify(yearly) }],
        context,
      ),
    ).toBe(
      'Sick leave · Accrual: Granted by a supervisor → 40 h once a year, on Jan 15; ' +
        'Sick leave · Carryover at the year’s start (hours): No limit → 8 h',
    )
    expect(text({ field: 'personal', before: '{"broken"', after: JSON.stringify(vacation) })).not.toMatch(/[{}]/)
  })
})
