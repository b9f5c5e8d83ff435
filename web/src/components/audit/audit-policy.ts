import i18next from 'i18next'
import { TIME_OFF_KINDS, TimeOffPolicy, type Accrual, type AuditChange, type AuditValue } from '@app/core'
import { formatLeaveHours, formatList, formatShortDate } from '../../lib/format.ts'

/** One line of a record's changes as a person reads it (a policy's change gives one a part). */
export interface ChangeLine {
  key: string
  label: string
  before: string
  after: string
}

const t = (key: string, options: Record<string, unknown> = {}) => i18next.t(`supervisor:audit.${key}`, options)
/** The policy form's own labels (Settings → Time off), so the record names each part as the form does. */
const form = (key: string) => i18next.t(`supervisor:settings.timeOff.${key}`)

/** A policy as recorded (JSON); null when there was none, undefined when it cannot be read. */
const policyOf = (value: AuditValue): TimeOffPolicy | null | undefined => {
  if (value === null) return null
  try {
    const parsed = TimeOffPolicy.safeParse(JSON.parse(String(value)))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

const accrualText = (a: Accrual) =>
  a.method === 'none'
    ? form('methods.none')
    : a.method === 'perHoursWorked'
      ? t('accrual.perHoursWorked', { hours: formatLeaveHours(a.hours), per: formatLeaveHours(a.per) })
      : a.method === 'perPayPeriod'
        ? t('accrual.perPayPeriod', { hours: formatLeaveHours(a.hours) })
        : // A month and day ('01-01'): 2024 is a leap year, so 02-29 reads too.
          t('accrual.yearly', { hours: formatLeaveHours(a.hours), on: formatShortDate(`2024-${a.on}`) })

const limitText = (hours: number | null) => (hours === null ? t('noLimit') : formatLeaveHours(hours))

/** Each part of a policy as the form labels it, and its value in words with its unit. */
const PARTS: [label: string, text: (p: TimeOffPolicy) => string][] = [
  ['name', (p) => p.name],
  ['accrual', (p) => accrualText(p.accrual)],
  ['cap', (p) => limitText(p.capHours)],
  ['carryover', (p) => limitText(p.carryoverHours)],
  ['allowNegative', (p) => t(p.allowNegative ? 'yes' : 'no')],
  [
    'eligible',
    (p) =>
      p.eligiblePayTypes.length
        ? formatList(p.eligiblePayTypes.map((pt) => i18next.t(`supervisor:payTypes.${pt}`)))
        : t('empty'),
  ],
]

/**
 * A kind's policy change (recorded as the whole policy before and after, as JSON) as the parts
 * that changed: 'Vacation · Accrual: Granted by a supervisor → 1 h for every 30 h worked'.
 * Undefined for a change that is not a policy's.
 */
export const policyLines = (change: AuditChange): ChangeLine[] | undefined => {
  const kind = TIME_OFF_KINDS.find((k) => k === change.field)
  if (!kind) return undefined
  const [before, after] = [policyOf(change.before), policyOf(change.after)]
  const textOf = (p: TimeOffPolicy | null | undefined, text: (p: TimeOffPolicy) => string) =>
    p === null ? t('empty') : p === undefined ? t('notShown') : text(p)
  return PARTS.map(([label, text]) => ({
    key: `${kind}.${label}`,
    label: t('policyField', { kind: form(`kinds.${kind}`), field: form(label) }),
    before: textOf(before, text),
    after: textOf(after, text),
  })).filter((line) => line.before !== line.after)
}
