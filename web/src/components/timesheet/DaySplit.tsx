import { useTranslation } from 'react-i18next'
import { allocationsField, dayPaidMinutes, fillRemainder, type DayAllocation, type DayName } from '@app/core'
import { formatHours } from '../../lib/format.ts'
import { SplitEditor, SplitOpenButton, useSplitLines, type SplitProps } from './SplitEditor.tsx'
import { DaySplitSummary, useCodeName } from './SplitSummary.tsx'

/** Hours as the line's input shows them (two decimals at most). */
const hoursText = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100)

/** A line's typed hours in whole minutes (nothing, or anything not above zero, is none). */
const minutesOf = (hours: string) => {
  const n = Number(hours)
  return Number.isFinite(n) && n > 0 ? Math.round(n * 60) : 0
}

const sum = (list: readonly DayAllocation[]) => list.reduce((a, l) => a + l.minutes, 0)

const UNIT = 'hours'
/** Hours are typed as decimals of any precision (minutes are rounded). */
const HOURS_INPUT = { inputMode: 'decimal', min: 0, step: 'any', className: 'sm:w-24' } as const

/**
 * A day's compact "Split" among ministries and funds. The member types hours for other
 * codes; whatever the day's paid minutes leave goes to their default code (or 'Unallocated') as
 * they type. With no split the day shows only the Split button (and nothing when the organization
 * keeps no codes), so the form looks as it did; the day's field then carries nothing.
 */
export function DaySplit({
  day,
  days,
  onChange,
  idPrefix = '',
  readOnly,
  disabled,
  message,
}: SplitProps & {
  day: DayName
  /** The server's message on the day's allocations field. */
  message?: string
}) {
  const { t } = useTranslation('staff')
  const field = allocationsField(day)
  const stored = days[field]
  const paid = dayPaidMinutes(days, day)
  const split = useSplitLines<DayAllocation[]>({
    stored,
    amountText: (l) => hoursText(l.minutes),
    // The day's field as the typed lines make it: the rest into the default code, or nothing without a line.
    produce: (typed, defaultCode) => {
      const given = typed.map((l) => ({ code: l.code, minutes: minutesOf(l.amount) })).filter((l) => l.minutes > 0)
      return given.length ? fillRemainder(paid, given, defaultCode) : undefined
    },
    onChange: (value) => onChange(field, value),
    follow: paid,
  })
  const { fill } = split
  const nameOf = useCodeName()
  const shared = { split, id: `${idPrefix}${field}`, unit: UNIT, disabled }
  const dayName = t(`common:weekdays.${day}`)

  if (readOnly) return <DaySplitSummary allocations={stored} />
  if (!split.showing) {
    // A week split by percent has no day split (the server takes one or the other).
    if (split.active.length === 0 || paid <= 0 || (days.weekAllocationPercent?.length ?? 0) > 0) return null
    return <SplitOpenButton {...shared} label={t('split.open')} ariaLabel={t('split.openNamed', { day: dayName })} />
  }

  const given = split.produce(split.lines) ?? []
  // Before any hours are typed nothing is given away: the rest is the whole day.
  const restMinutes = given.length === 0 ? paid : (given.find((l) => l.code === fill)?.minutes ?? 0)
  const over = sum(given) - paid
  const problem =
    over > 0
      ? t('split.over', { over: formatHours(over / 60), paid: formatHours(paid / 60) })
      : paid <= 0 && given.length > 0
        ? t('split.noPaidTime')
        : null
  return (
    <SplitEditor
      {...shared}
      legend={t('split.legend', { day: dayName })}
      codeLabel={(n) => t('split.codeLabel', { day: dayName, n })}
      amountLabel={(n) => t('split.hoursLabel', { day: dayName, n })}
      amountInput={HOURS_INPUT}
      removeLabel={(name) => t('split.removeLine', { name, day: dayName })}
      inactiveLabel={(name) => t('split.inactive', { name })}
      live={t('split.rest', {
        name: nameOf(fill),
        hours: formatHours(restMinutes / 60),
        paid: formatHours(paid / 60),
      })}
      problem={problem}
      message={message}
      addLabel={t('split.addLine')}
      clearLabel={t('split.clear')}
      clearAriaLabel={t('split.clearNamed', { day: dayName })}
    />
  )
}
