import i18next from 'i18next'
import {
  toCsv,
  type AuditAction,
  type AuditActor,
  type AuditChange,
  type AuditEntry,
  type AuditSubject,
} from '@app/core'
import { formatDayRange, formatShortDate } from '../../lib/format.ts'
import { changesText, type AuditContext } from './audit-changes.ts'

const t = (key: string, options: Record<string, unknown> = {}) => i18next.t(`supervisor:audit.${key}`, options)

/** What a person reads for each action (the timeline, the Activity page and its CSV). */
export const actionLabel = (action: AuditAction): string => t(`action.${action}`)

/** 'Ana Ruiz', 'email link of Ana Ruiz', 'API token Payroll sync', or the system's label (a name such as 'Stripe', kept as it is). */
export const auditActorLabel = (actor: AuditActor): string => {
  if ('system' in actor) return actor.system
  if (actor.via === 'apiToken') return t('actor.apiToken', { name: actor.tokenName ?? '' })
  if (actor.via === 'kiosk')
    return t('actor.atKiosk', { name: `${actor.firstName} ${actor.lastName}`.trim(), kiosk: actor.kioskName ?? '' })
  const person = `${actor.firstName} ${actor.lastName}`.trim()
  // A delegate's decision reads "{delegate} for {approver}".
  const name = actor.onBehalfOf
    ? t('actor.onBehalfOf', {
        name: person,
        approver: `${actor.onBehalfOf.firstName} ${actor.onBehalfOf.lastName}`.trim(),
      })
    : person
  return actor.via === 'emailLink' ? t('actor.emailLink', { name }) : name
}

/**
 * What a record is about: a timesheet as whose week it is ('Ruth Okafor, week of Nov 16'; a record
 * from before they said so, 'Timesheet #12'), a time-off request's record as whose days ('Ruth
 * Okafor, vacation Dec 24 – 26'), a member's name, 'Pay period ... to ...', 'Organization'.
 */
export const auditSubjectLabel = (s: AuditSubject, changes: readonly AuditChange[] = []): string => {
  if (s.type === 'timesheet')
    return s.employeeName && s.weekStartDate
      ? t('subject.timesheetOf', { name: s.employeeName, week: formatShortDate(s.weekStartDate) })
      : t('subject.timesheet', { id: s.id })
  if (s.type === 'member') {
    const kind = changes.find((c) => c.field === 'kind')?.after
    const dates = changes.find((c) => c.field === 'dates')?.after
    if (!changes.some((c) => c.field === 'request') || typeof kind !== 'string' || typeof dates !== 'string')
      return s.name
    // Stored as '2026-12-24' or '2026-12-24 – 2026-12-26'.
    const [from = dates, to = from] = dates.split(' – ')
    return t('subject.timeOff', {
      name: s.name,
      kind: i18next.exists(`supervisor:audit.timeOffKind.${kind}`) ? t(`timeOffKind.${kind}`) : kind,
      dates: formatDayRange(from, to),
    })
  }
  return s.type === 'payPeriod' ? t('subject.payPeriod', { start: s.start, end: s.end }) : t('subject.organization')
}

/** An instant on the organization's wall clock, as '2026-11-23 09:05' (exports sort as text). */
export const instantIn = (at: string, timeZone: string) =>
  new Date(at).toLocaleString('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' })

/** The Activity CSV: one row per record, times in the organization's zone, formula cells neutralised by core. */
export const auditCsv = (entries: AuditEntry[], context: AuditContext) =>
  toCsv([
    [
      t('csv.when', { zone: context.timeZone }),
      ...['who', 'action', 'subject', 'changes', 'clientAddress', 'userAgent'].map((c) => t(`csv.${c}`)),
    ],
    ...entries.map((e) => [
      instantIn(e.at, context.timeZone),
      auditActorLabel(e.actor),
      actionLabel(e.action),
      auditSubjectLabel(e.subject, e.changes),
      changesText(e.changes, context),
      e.client?.address ?? '',
      e.client?.userAgent ?? '',
    ]),
  ])
