import { Flag } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { weekChecks, type WeekTimes } from '@app/core'
import { cn } from '../../lib/cn.ts'

/**
 * 'Check before approving' (issue 37): the days worth a second look, each said plainly (a day over
 * 12 hours, an end on the next day, a start without an end or an end without a start). Nothing
 * when there is none.
 */
export function WeekFlags({ week, className }: { week: WeekTimes; className?: string }) {
  const { t } = useTranslation('supervisor')
  const flags = weekChecks(week)
  if (!flags.length) return null
  return (
    <section
      aria-label={t('review.flags.title')}
      className={cn('space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950', className)}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Flag className="size-4 shrink-0" aria-hidden /> {t('review.flags.title')}
      </p>
      <ul className="list-disc space-y-0.5 pl-10">
        {flags.map(({ day, check }) => (
          <li key={`${day}-${check}`}>{t(`review.flags.${check}`, { day: t(`audit.day.${day}`) })}</li>
        ))}
      </ul>
    </section>
  )
}

/** The row's flag on the dashboard: how many days to look at, named for screen readers. */
export function RowFlag({ week }: { week: WeekTimes }) {
  const { t } = useTranslation('supervisor')
  const count = weekChecks(week).length
  if (!count) return null
  const label = t('review.flags.row', { count })
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-900" title={label}>
      <Flag className="size-3.5" aria-hidden />
      {label}
    </span>
  )
}
