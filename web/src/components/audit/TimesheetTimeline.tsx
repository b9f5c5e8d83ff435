import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ChevronRight } from 'lucide-react'
import { historyQuery } from '../../api/audit.ts'
import { cn } from '../../lib/cn.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { AuditEntryItem } from './AuditEntryItem.tsx'
import { useAuditContext } from './use-audit-context.ts'

interface TimelineProps {
  timesheetId: number
  /** The timesheet's version: a newer one reads the history again. */
  version: number
  className?: string
}

/**
 * A timesheet's history, oldest first: who created, saved, submitted and decided it, with what
 * changed each time (the review dialog under 'Previous Comments', and the member's weekly dialog).
 * Folded until asked for, so a dialog opens with its own content and reads the history only then.
 */
export function TimesheetTimeline({ timesheetId, version, className }: TimelineProps) {
  const { t } = useTranslation('supervisor')
  const [open, setOpen] = useState(false)
  return (
    <details className={cn('group/history', className)} onToggle={(e) => setOpen(e.currentTarget.open)}>
      {/* A flex summary loses the browser's own triangle: the chevron says the heading opens,
          turning down while it is open. */}
      <summary className="flex min-h-11 cursor-pointer items-center gap-1 rounded-md focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none">
        <ChevronRight
          className="size-5 shrink-0 text-slate-500 group-open/history:rotate-90 motion-safe:transition-transform"
          aria-hidden
        />
        <h3 className="font-semibold text-slate-900">{t('audit.history')}</h3>
      </summary>
      {open ? <Timeline timesheetId={timesheetId} version={version} /> : null}
    </details>
  )
}

function Timeline({ timesheetId, version }: TimelineProps) {
  const { t } = useTranslation('supervisor')
  const history = useQuery(historyQuery(timesheetId, version))
  const context = useAuditContext({ names: false })
  if (history.isPending) return <LoadingState label={t('audit.loadingHistory')} />
  if (history.isError) return <ErrorState message={t('audit.historyError')} onRetry={() => void history.refetch()} />
  if (history.data.length === 0) return <EmptyState title={t('audit.noHistory')} className="py-2" />
  return (
    <ol className="space-y-2" aria-label={t('audit.historyLabel')}>
      {history.data.map((entry) => (
        <AuditEntryItem key={entry.id} entry={entry} context={context} />
      ))}
    </ol>
  )
}
