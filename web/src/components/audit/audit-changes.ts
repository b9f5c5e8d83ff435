import i18next from 'i18next'
import { DAYS, fullName, isCalendarDate, type AuditChange, type AuditValue, type Campus, type Span } from '@app/core'
import { spansText } from '../../lib/day-spans.ts'
import { formatDate, formatDayRange, formatList } from '../../lib/format.ts'
import { policyLines, type ChangeLine } from './audit-policy.ts'

export type { ChangeLine }

const t = (key: string, options: Record<string, unknown> = {}) => i18next.t(`supervisor:audit.${key}`, options)

/**
 * What a record's values are read against: the organization's zone (instants), and the campuses
 * and members a record names by id (empty where the reader may not list them).
 */
export interface AuditContext {
  timeZone: string
  campuses: readonly Pick<Campus, 'id' | 'name'>[]
  members: readonly { id: string; firstName: string; lastName: string }[]
  /** The members listed are only some campuses' (a campus admin's): one not listed may be current. */
  membersInPart?: boolean
}

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

/** JSON as recorded for a list or an object (a day's spans, working days, a campus admin's campuses); undefined for anything else. */
const parsedJson = (value: string): unknown => {
  if (!/^[[{]/.test(value)) return undefined
  try {
    return JSON.parse(value) as unknown
  } catch {
    return undefined
  }
}

/**
 * The labels a stored word has, by field: a status ('Pending Review', else a time-off request's
 * 'Cancelled'), a role, a pay type, a kind of time off; in any other field a weekday ('Friday').
 */
const VALUE_LABELS: Record<string, string[]> = {
  status: ['common:status', 'staff:timeOff.status'],
  role: ['supervisor:roles'],
  payType: ['supervisor:payTypes'],
  kind: ['supervisor:audit.timeOffKind'],
}
const labelled = (value: string, field: string) => {
  if (!/^[\w-]+$/.test(value)) return undefined
  const key = (VALUE_LABELS[field] ?? ['supervisor:audit.day'])
    .map((group) => `${group}.${value}`)
    .find((k) => i18next.exists(k))
  return key ? i18next.t(key) : undefined
}

/** No campus is the whole church, as the campus filter and a supervisor's campuses say. */
const wholeChurch = () => i18next.t('supervisor:campuses.filter.all')
const campusName = (id: string, c: AuditContext) => c.campuses.find((x) => x.id === id)?.name ?? t('removedCampus')
const memberName = (id: string, c: AuditContext) => {
  const member = c.members.find((m) => m.id === id)
  if (member) return fullName(member)
  return c.membersInPart ? t('otherMember') : i18next.t('common:removedMember')
}
const ids = (value: string) => {
  const list = parsedJson(value) ?? value.split(', ')
  return Array.isArray(list) ? list.map(String) : []
}

/** Fields holding ids: the names they stand for, as the app lists them now. */
const BY_ID: Record<string, (value: string, c: AuditContext) => string> = {
  campusId: (id, c) => campusName(id, c),
  campusIds: (value, c) => (ids(value).length ? formatList(ids(value).map((id) => campusName(id, c))) : wholeChurch()),
  supervisorId: (id, c) => memberName(id, c),
  finalApproverIds: (value, c) => formatList(ids(value).map((id) => memberName(id, c))),
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/
/** Instants that stand for a day (the day billing renews), shown as that day. */
const DAY_INSTANTS = new Set(['currentPeriodEnd'])
const DAY_RANGE = /^(\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})(.*)$/
const TOKEN_EXPIRY = /^(.*), expires (\S+)$/

/** A date, a range of days ('Dec 24 – 26', an away's delegate after it) or an instant on the organization's clock. */
const dateText = (value: string, field: string, c: AuditContext) => {
  if (isCalendarDate(value)) return formatDate(value)
  const range = DAY_RANGE.exec(value)
  if (range) return `${formatDayRange(range[1]!, range[2]!)}${range[3]}`
  if (INSTANT.test(value)) return formatDate(value, DAY_INSTANTS.has(field) ? 'medium' : 'dateTime', '-', c.timeZone)
  return undefined
}

/** A token as recorded ('Payroll sync (members:read), expires 2026-12-31T05:59:00.000Z') with its last day. */
const tokenText = (value: string, c: AuditContext) => {
  const expiry = TOKEN_EXPIRY.exec(value)
  if (!expiry || !INSTANT.test(expiry[2]!)) return value
  const at = formatDate(expiry[2], 'medium', '-', c.timeZone)
  return `${expiry[1]} · ${i18next.t('supervisor:apiTokens.expiresOn', { at })}`
}

const yesNo = (value: boolean) => t(value ? 'yes' : 'no')

/** A list's or an object's parts in words: 'Monday, Tuesday and Friday', 'Day: Friday, Time: 16:00'. */
const jsonText = (json: unknown, field: string, c: AuditContext): string => {
  if (Array.isArray(json)) return json.length ? formatList(json.map((item) => partText(item, field, c))) : t('empty')
  if (json && typeof json === 'object')
    return Object.entries(json)
      .map(([key, part]) => `${fieldLabel(key)}: ${partText(part, key, c)}`)
      .join(', ')
  return partText(json, field, c)
}
const partText = (part: unknown, field: string, c: AuditContext): string =>
  part === null || typeof part === 'string' || typeof part === 'number' || typeof part === 'boolean'
    ? valueText(part, field, c)
    : jsonText(part, field, c)

/**
 * A recorded value as a person reads it (`field` says which field): never an id, JSON or a raw
 * instant. Names for ids, a day's time ranges, labels for stored words, dates on the
 * organization's clock, lists and objects in words.
 */
export const valueText = (value: AuditValue, field: string, c: AuditContext): string => {
  if (field === 'campusId' && (value === null || value === '')) return wholeChurch()
  if (value === null || value === '') return t('empty')
  if (typeof value === 'boolean' || value === 'true' || value === 'false') return yesNo(String(value) === 'true')
  if (typeof value === 'number') return String(value)
  const byId = BY_ID[field]
  if (byId) return byId(value, c)
  if (field === 'apiToken') return tokenText(value, c)
  const json = parsedJson(value)
  if (SPANS_FIELD.test(field) && Array.isArray(json)) return spansText(json as Span[]) || t('empty')
  if (json !== undefined) return jsonText(json, field, c)
  return labelled(value, field) ?? dateText(value, field, c) ?? value
}

/** The changes a record lists: a time-off request's id is not for people (its subject says whose days). */
export const changeLines = (changes: readonly AuditChange[], c: AuditContext): ChangeLine[] =>
  changes
    .filter((change) => change.field !== 'request')
    .flatMap(
      (change) =>
        policyLines(change) ?? [
          {
            key: change.field,
            label: fieldLabel(change.field),
            before: valueText(change.before, change.field, c),
            after: valueText(change.after, change.field, c),
          },
        ],
    )

/** A record's changes in one line of text (the CSV): 'Status: Pending Review → Approved; ...'. */
export const changesText = (changes: readonly AuditChange[], c: AuditContext) =>
  changeLines(changes, c)
    .map((line) => `${line.label}: ${line.before} → ${line.after}`)
    .join('; ')
