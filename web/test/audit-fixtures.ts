import type { AuditEntry } from '@app/core'

/** An audit record as the API answers it; ids and times count up from the one given. */
export const makeEntry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `record-${n}`,
  at: new Date(Date.UTC(2026, 10, 16, 9, n)).toISOString(),
  actor: { userId: 'user-2', firstName: 'Ann', lastName: 'Lee' },
  action: 'timesheet.saved',
  subject: { type: 'timesheet', id: 1 },
  changes: [],
  ...overrides,
})
