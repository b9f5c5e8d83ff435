import { afterEach, describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { AuditAction, auditActionLabel } from '@app/core'
import { actionLabel, auditActorLabel, changeText } from './audit-text.ts'

afterEach(() => i18next.changeLanguage('en'))

describe('audit texts', () => {
  it('name every action in English as core does, and in Spanish', async () => {
    expect(AuditAction.options.map(actionLabel)).toEqual(AuditAction.options.map((a) => auditActionLabel[a]))
    await i18next.changeLanguage('es')
    expect(actionLabel('timesheet.approved')).toBe('Hoja de horas aprobada')
    expect(AuditAction.options.map(actionLabel).filter((l) => l.includes('.'))).toEqual([])
  })

  it('write a change and an email-link actor in the screen’s language', async () => {
    const change = { field: 'mondayStart', before: null, after: '09:00' }
    const actor = { userId: 'u', firstName: 'Ana', lastName: 'Ruiz', via: 'emailLink' as const }
    expect(changeText(change)).toBe('Monday start: (empty) → 09:00')
    expect(auditActorLabel(actor)).toBe('email link of Ana Ruiz')
    await i18next.changeLanguage('es')
    expect(changeText(change)).toBe('Lunes, entrada: (vacío) → 09:00')
    expect(auditActorLabel(actor)).toBe('enlace de correo de Ana Ruiz')
  })
  it('write a status and a time-off request’s fields as words, in either language', async () => {
    await i18next.loadNamespaces(['common', 'staff'])
    expect(changeText({ field: 'status', before: 'pending', after: 'approved' })).toBe(
      'Status: Pending Review → Approved',
    )
    expect(changeText({ field: 'status', before: 'approved', after: 'cancelled' })).toBe('Status: Approved → Cancelled')
    expect(changeText({ field: 'kind', before: null, after: 'vacation' })).toBe('Kind: (empty) → vacation')
    await i18next.changeLanguage('es')
    expect(changeText({ field: 'status', before: 'pending', after: 'approved' })).toBe(
      'Estado: Pendiente de revisión → Aprobada',
    )
    expect(changeText({ field: 'hours', before: null, after: 8 }).startsWith('Horas: ')).toBe(true)
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
    expect(changeText(change)).toBe('Sunday time ranges: (empty) → 08:00 - 12:00, 18:00 - 21:00')
    await i18next.changeLanguage('es')
    expect(changeText(change)).toBe('Domingo, franjas horarias: (vacío) → 08:00 - 12:00, 18:00 - 21:00')
  })
})
