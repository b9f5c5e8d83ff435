import i18next from 'i18next'
import {
  DAYS,
  toCsv,
  type AuditAction,
  type AuditActor,
  type AuditChange,
  type AuditEntry,
  type AuditSubject,
  type AuditValue,
  type Span,
} from '@app/core'
import { spansText } from '../../lib/day-spans.ts'
import { formatDayRange, formatShortDate } from '../../lib/format.ts'

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

/** The changes a record lists: a time-off request's id is not for people (its subject says whose days). */
export const shownChanges = (changes: readonly AuditChange[]) => changes.filter((c) => c.field !== 'request')

/** 'mondayStart' as its words: 'Monday start'. */
const words = (field: string) => {
  const text = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return text.charAt(0).toUpperCase() + text.slice(1)
}
const DAY_FIELD = new RegExp(`^(${DAYS.join('|')})([A-Z]\\w*)$`)
const SPANS_FIELD = new RegExp(`^(${DAYS.join('|')})Spans$`)

/**
 * A stored field name as a person reads it: 'mondayStart' is 'Monday start' ('Lunes, entrada').
 * Fields without a text of their own read as their words.
 */
export const fieldLabel = (field: string): string => {
  const day = DAY_FIELD.exec(field)
  if (day && i18next.exists(`supervisor:audit.dayPart.${day[2]}`)) {
    return t('dayField', { day: t(`day.${day[1]}`), part: t(`dayPart.${day[2]}`) })
  }
  return t(`field.${field}`, { defaultValue: words(field) })
}

/** A day's spans as recorded (JSON), as '08:00 - 12:00, 18:00 - 21:00'; undefined for anything else. */
const spansValue = (value: string): string | undefined => {
  try {
    const spans: unknown = JSON.parse(value)
    return Array.isArray(spans) ? spansText(spans as Span[]) : undefined
  } catch {
    return undefined
  }
}

/** A status as its label: a timesheet's ('Pending Review'), else a time-off request's ('Cancelled'). */
const STATUS_LABELS = ['common:status', 'staff:timeOff.status']
const statusText = (value: string) => {
  const key = STATUS_LABELS.map((group) => `${group}.${value}`).find((k) => i18next.exists(k))
  return key ? i18next.t(key) : value
}

/** A recorded value as a person reads it; a day's time ranges and a status (`field` says which field) in words. */
export const valueText = (value: AuditValue, field = '') => {
  if (value === null || value === '') return t('empty')
  if (field === 'status' && typeof value === 'string') return statusText(value)
  const spans = typeof value === 'string' && SPANS_FIELD.test(field) ? spansValue(value) : undefined
  return spans || (spans === '' ? t('empty') : String(value))
}

export const changeText = (c: AuditChange) =>
  `${fieldLabel(c.field)}: ${valueText(c.before, c.field)} → ${valueText(c.after, c.field)}`

/** An instant on the organization's wall clock, as '2026-11-23 09:05' (exports sort as text). */
export const instantIn = (at: string, timeZone: string) =>
  new Date(at).toLocaleString('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' })

/** The Activity CSV: one row per record, times in the organization's zone, formula cells neutralised by core. */
export const auditCsv = (entries: AuditEntry[], timeZone: string) =>
  toCsv([
    [
      t('csv.when', { zone: timeZone }),
      ...['who', 'action', 'subject', 'changes', 'clientAddress', 'userAgent'].map((c) => t(`csv.${c}`)),
    ],
    ...entries.map((e) => [
      instantIn(e.at, timeZone),
      auditActorLabel(e.actor),
      actionLabel(e.action),
      auditSubjectLabel(e.subject, e.changes),
      e.changes.map(changeText).join('; '),
      e.client?.address ?? '',
      e.client?.userAgent ?? '',
    ]),
  ])
