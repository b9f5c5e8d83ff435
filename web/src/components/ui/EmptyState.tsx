import type { ComponentType, ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

/** A list with nothing in it: what is missing and, when there is one, what to do about it. */
export function EmptyState({
  title,
  hint,
  icon: Icon,
  className,
}: {
  title: ReactNode
  hint?: ReactNode
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>
  className?: string
}) {
  return (
    <div className={cn('flex flex-col items-center gap-2 py-6 text-center', className)}>
      {Icon ? <Icon className="size-10 text-slate-400" aria-hidden /> : null}
      <p className={cn(hint ? 'font-medium text-slate-900' : 'text-sm text-slate-600')}>{title}</p>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
    </div>
  )
}
