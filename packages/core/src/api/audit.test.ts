import { describe, expect, it } from 'vitest'
import { AuditEntry, auditActorLabel, auditSubjectLabel } from './audit.ts'

describe('audit records as a person reads them', () => {
  it('names a member, a decision from their email link, and the system', () => {
    const ana = { userId: 'u1', firstName: 'Ana', lastName: 'Ruiz' }
    expect(auditActorLabel(ana)).toBe('Ana Ruiz')
    expect(auditActorLabel({ ...ana, via: 'emailLink' })).toBe('email link of Ana Ruiz')
    expect(auditActorLabel({ userId: 'u2', firstName: 'Cher', lastName: '' })).toBe('Cher')
    expect(auditActorLabel({ system: 'Stripe' })).toBe('Stripe')
  })

  it('names what a record is about', () => {
    expect(auditSubjectLabel({ type: 'timesheet', id: 42 })).toBe('Timesheet #42')
    expect(auditSubjectLabel({ type: 'member', id: 'u1', name: 'Lee Moss' })).toBe('Lee Moss')
    expect(auditSubjectLabel({ type: 'organization' })).toBe('Organization')
  })

  it('accepts only known actions and plain before/after values', () => {
    const entry = {
      id: 'r1',
      at: '2026-11-16T09:00:00.000Z',
      actor: { system: 'Stripe' },
      action: 'billing.changed',
      subject: { type: 'organization' },
      changes: [{ field: 'plan', before: null, after: 'starter' }],
    }
    expect(AuditEntry.parse(entry)).toEqual(entry)
    expect(AuditEntry.safeParse({ ...entry, action: 'billing.deleted' }).success).toBe(false)
    expect(AuditEntry.safeParse({ ...entry, changes: [{ field: 'x', before: {}, after: 1 }] }).success).toBe(false)
  })
})
