import { useTranslation } from 'react-i18next'
import { weekTotalHours, type WeekTimes } from '@app/core'
import { cn } from '../../lib/cn.ts'
import { formatHours } from '../../lib/format.ts'

/** 'Total Hours This Week' with the sum of spec section 5, one decimal. */
export function WeekTotal({ days, className }: { days: WeekTimes; className?: string }) {
  const { t } = useTranslation('staff')
  return (
    <dl className={cn('flex items-center justify-between gap-2 rounded-md bg-slate-50 p-3', className)}>
      <dt className="text-sm font-medium text-slate-700">{t('weekTotal')}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="week-total">
        {formatHours(weekTotalHours(days))}
      </dd>
    </dl>
  )
}
