import { useTranslation } from 'react-i18next'
import { UNALLOCATED, type DayAllocation, type TimesheetDays } from '@app/core'
import { useAllocationCodes } from '../../api/allocation.ts'
import { cn } from '../../lib/cn.ts'
import { formatHours } from '../../lib/format.ts'

/**
 * A week's split among ministries and funds as read-only views show it: the member's weekly
 * dialog and submit page on a locked week, and the supervisor's review dialog.
 */

/** A code's name as the organization keeps it (inactive ones too), 'Unallocated' for the rest. */
export function useCodeName() {
  const { t } = useTranslation('staff')
  const codes = useAllocationCodes().data?.codes ?? []
  return (code: string) =>
    code === UNALLOCATED ? t('split.unallocated') : (codes.find((c) => c.id === code)?.name ?? code)
}

/** A day's split: 'Split: Youth 2.0 hours · Administration 6.0 hours'; nothing for a day without one. */
export function DaySplitSummary({ allocations }: { allocations: readonly DayAllocation[] | null | undefined }) {
  // The codes are read only when there is a split to name.
  return allocations?.length ? <DayLines allocations={allocations} /> : null
}

function DayLines({ allocations }: { allocations: readonly DayAllocation[] }) {
  const { t } = useTranslation('staff')
  const nameOf = useCodeName()
  return (
    <p className="text-sm text-slate-700">
      <span className="font-medium">{t('split.readOnly')}</span>{' '}
      {allocations.map((l) => `${nameOf(l.code)} ${formatHours(l.minutes / 60)}`).join(' · ')}
    </p>
  )
}

type WeekPercent = NonNullable<TimesheetDays['weekAllocationPercent']>

/** A week split by percent: 'Week split: Youth 40 % · Administration 60 %'; nothing for a week without one. */
export function WeekSplitSummary({
  percents,
  className,
}: {
  percents: WeekPercent | null | undefined
  className?: string
}) {
  return percents?.length ? <WeekLines percents={percents} className={className} /> : null
}

function WeekLines({ percents, className }: { percents: WeekPercent; className?: string | undefined }) {
  const { t } = useTranslation('staff')
  const nameOf = useCodeName()
  return (
    <p className={cn('text-sm text-slate-700', className)}>
      <span className="font-medium">{t('weekSplit.readOnly')}</span>{' '}
      {percents.map((l) => t('weekSplit.line', { name: nameOf(l.code), percent: l.percent })).join(' · ')}
    </p>
  )
}
