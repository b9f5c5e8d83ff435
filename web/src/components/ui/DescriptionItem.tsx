import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

const looks = {
  /** The name above its value. */
  stacked: { item: 'min-w-0 space-y-1', term: 'text-sm text-slate-600', value: 'text-slate-900' },
  /** A figure on a grey tile, as a card's totals show them. */
  tile: {
    item: 'rounded-md bg-slate-50 p-2',
    term: 'text-xs font-medium text-slate-600',
    value: 'font-semibold text-slate-900 tabular-nums',
  },
  /** A line of a list: the name on the left, its value on the right. */
  row: {
    item: 'flex items-center justify-between gap-4 py-2.5',
    term: 'text-sm text-slate-600',
    value: 'text-slate-900',
  },
} as const

/** One name and its value in a <dl>. */
export function DescriptionItem({
  label,
  look = 'stacked',
  className,
  valueClassName,
  children,
}: {
  label: ReactNode
  look?: keyof typeof looks
  className?: string
  valueClassName?: string
  children: ReactNode
}) {
  const { item, term, value } = looks[look]
  return (
    <div className={cn(item, className)}>
      <dt className={term}>{label}</dt>
      <dd className={cn(value, valueClassName)}>{children}</dd>
    </div>
  )
}
