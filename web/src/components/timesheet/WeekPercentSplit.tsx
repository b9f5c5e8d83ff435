import { useTranslation } from 'react-i18next'
import { allocatesByPercent, allocationsField, DAYS, fillPercentRemainder, type TimesheetDays } from '@app/core'
import { SplitEditor, SplitOpenButton, useSplitLines, type SplitProps } from './SplitEditor.tsx'
import { useCodeName, WeekSplitSummary } from './SplitSummary.tsx'

type WeekPercent = NonNullable<TimesheetDays['weekAllocationPercent']>

const FIELD = 'weekAllocationPercent'
const UNIT = 'percent'
/** Percents are whole numbers from 1 to 100. */
const PERCENT_INPUT = { inputMode: 'numeric', min: 1, max: 100, step: 1 } as const

/** A line's typed percent (nothing, or anything not above zero, is none; a fraction stays, for the check to say). */
const percentOf = (typed: string) => {
  const n = Number(typed)
  return Number.isFinite(n) && n > 0 ? n : 0
}

/** The server's message on the week's percents (on the list, or on one of its lines). */
const messageOf = (errors: Record<string, string> | undefined) =>
  Object.entries(errors ?? {}).find(([field]) => field === FIELD || field.startsWith(`${FIELD}.`))?.[1]

/**
 * An exempt member's or minister's week split by percent among ministries and funds
 * (`weekAllocationPercent`), instead of per day. The member types percents for other codes; what
 * they leave of 100 goes to their default code (or 'Unallocated') as they type, and a live check
 * says whether it adds up to 100. Offered only to exempt members and ministers, only while no day
 * is split (the server takes one or the other); with nothing chosen the form looks as it did and
 * the field carries nothing.
 */
export function WeekPercentSplit({
  days,
  onChange,
  idPrefix = '',
  readOnly,
  disabled,
  errors,
  className,
}: SplitProps & {
  /** The server's messages by field (a 400's `fields`). */
  errors?: Record<string, string>
  className?: string
}) {
  const { t } = useTranslation('staff')
  const stored = days.weekAllocationPercent
  const split = useSplitLines<WeekPercent>({
    stored,
    amountText: (l) => String(l.percent),
    // The field as the typed lines make it: the rest into the default code, or nothing without a line.
    produce: (typed, defaultCode) => {
      const given = typed.map((l) => ({ code: l.code, percent: percentOf(l.amount) })).filter((l) => l.percent > 0)
      return given.length ? fillPercentRemainder(given, defaultCode) : undefined
    },
    onChange: (value) => onChange(FIELD, value),
  })
  const { user, fill } = split
  const nameOf = useCodeName()
  const shared = { split, id: `${idPrefix}${FIELD}`, unit: UNIT, disabled, className }

  if (readOnly) return <WeekSplitSummary percents={stored} className={className} />
  if (!split.showing) {
    // Only exempt members and ministers allocate by percent, and only a week with no day split.
    const daySplit = DAYS.some((day) => (days[allocationsField(day)]?.length ?? 0) > 0)
    if (!user || !allocatesByPercent(user.payType) || daySplit || split.active.length === 0) return null
    return <SplitOpenButton {...shared} label={t('weekSplit.open')} />
  }

  const given = split.produce(split.lines) ?? []
  const rest = given.find((l) => l.code === fill)?.percent ?? 0
  const total = given.reduce((a, l) => a + l.percent, 0)
  const typed = split.lines.map((l) => percentOf(l.amount)).filter((p) => p > 0)
  const problem = typed.some((p) => !Number.isInteger(p) || p > 100)
    ? t('weekSplit.whole')
    : total > 100
      ? t('weekSplit.over', { total })
      : null
  return (
    <SplitEditor
      {...shared}
      legend={t('weekSplit.legend')}
      hint={t('weekSplit.hint')}
      codeLabel={(n) => t('weekSplit.codeLabel', { n })}
      amountLabel={(n) => t('weekSplit.percentLabel', { n })}
      amountInput={PERCENT_INPUT}
      suffix="%"
      removeLabel={(name) => t('weekSplit.removeLine', { name })}
      inactiveLabel={(name) => t('split.inactive', { name })}
      live={
        <>
          {rest > 0 ? t('weekSplit.rest', { name: nameOf(fill), percent: rest }) : null}{' '}
          {total === 100 ? t('weekSplit.addsUp') : null}
        </>
      }
      problem={problem}
      message={messageOf(errors)}
      addLabel={t('weekSplit.addLine')}
      clearLabel={t('weekSplit.clear')}
    />
  )
}
