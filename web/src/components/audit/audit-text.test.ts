import { afterEach, describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { AuditAction, auditActionLabel } from '@app/core'
import { actionLabel, auditActorLabel } from './audit-text.ts'

afterEach(() => i18next.changeLanguage('en'))

describe('audit texts', () => {
  it('name every action in English as core does, and in Spanish', async () => {
    expect(AuditAction.options.map(actionLabel)).toEqual(AuditAction.options.map((a) => auditActionLabel[a]))
    await i18next.changeLanguage('es')
    expect(actionLabel('timesheet.approved')).toBe('Hoja de horas aprobada')
    expect(AuditAction.options.map(actionLabel).filter((l) => l.includes('.'))).toEqual([])
  })

  it('write an email-link actor in the screen’s language', async () => {
    const actor = { userId: 'u', firstName: 'Ana', lastName: 'Ruiz', via: 'emailLink' as const }
    expect(auditActorLabel(actor)).toBe('email link of Ana Ruiz')
    await i18next.changeLanguage('es')
    expect(auditActorLabel(actor)).toBe('enlace de correo de Ana Ruiz')
  })
})
