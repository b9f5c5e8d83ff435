import {
  auditActionLabel,
  auditActorLabel,
  auditCsvHeader,
  auditSubjectLabel,
  toCsv,
  type AuditChange,
  type AuditEntry,
  type AuditValue,
} from '@app/core'

/** A stored field name as a person reads it: 'mondayStart' is 'Monday start'. */
export const fieldLabel = (field: string) => {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export const valueText = (value: AuditValue) => (value === null || value === '' ? '(empty)' : String(value))

export const changeText = (c: AuditChange) => `${fieldLabel(c.field)}: ${valueText(c.before)} → ${valueText(c.after)}`

/** An instant on the organization's wall clock, as '2026-11-23 09:05' (exports sort as text). */
export const instantIn = (at: string, timeZone: string) =>
  new Date(at).toLocaleString('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' })

/** The Activity CSV: one row per record, times in the organization's zone, formula cells neutralised by core. */
export const auditCsv = (entries: AuditEntry[], timeZone: string) =>
  toCsv([
    [`${auditCsvHeader[0]} (${timeZone})`, ...auditCsvHeader.slice(1)],
    ...entries.map((e) => [
      instantIn(e.at, timeZone),
      auditActorLabel(e.actor),
      auditActionLabel[e.action],
      auditSubjectLabel(e.subject),
      e.changes.map(changeText).join('; '),
      e.client?.address ?? '',
      e.client?.userAgent ?? '',
    ]),
  ])

export { auditActionLabel, auditActorLabel, auditSubjectLabel }
