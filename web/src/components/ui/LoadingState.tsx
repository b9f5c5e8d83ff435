import i18next from 'i18next'
import { cn } from '../../lib/cn.ts'
import { Skeleton } from './Skeleton.tsx'
import { Spinner } from './Spinner.tsx'

/**
 * What a place shows while its data loads, announced politely: a spinner and the label, or with
 * `rows`, the label above grey blocks that hold roughly the space the data will take.
 */
export function LoadingState({
  label = i18next.t('common:loading'),
  rows,
  rowClassName = 'h-12 w-full',
  className,
}: {
  label?: string
  rows?: number
  rowClassName?: string
  className?: string
}) {
  if (!rows) {
    return (
      <p role="status" className={cn('flex items-center gap-2 text-sm text-slate-600', className)}>
        <Spinner /> {label}
      </p>
    )
  }
  return (
    <div role="status" aria-live="polite" className={cn('space-y-3', className)}>
      <p className="text-sm text-slate-600">{label}</p>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  )
}
