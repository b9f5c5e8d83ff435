import { useState, type ReactNode } from 'react'
import { Button } from '../ui/Button.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'

const SCOPES = ['mine', 'everyone'] as const
export type PendingScope = (typeof SCOPES)[number]

/**
 * What waits for a decision (weeks, time off), opening on "Waiting for me" (routed to me, or to a
 * supervisor I stand in for) with "Everyone" one click away: any supervisor may decide any of them.
 */
export function usePendingScope<T extends { waitingForMe?: boolean }>(items: readonly T[]) {
  const [scope, setScope] = useState<PendingScope>('mine')
  const mine = items.filter((item) => item.waitingForMe)
  return {
    scope,
    setScope,
    rows: scope === 'mine' ? mine : items,
    count: { mine: mine.length, everyone: items.length },
  }
}

/** The two buttons that choose between "Waiting for me" and "Everyone", each with its count. */
export function PendingScopeButtons({
  pending,
  label,
  text,
  className = 'flex gap-2',
}: {
  pending: Pick<ReturnType<typeof usePendingScope>, 'scope' | 'setScope' | 'count'>
  label: string
  /** A button's words, with its count. */
  text: (scope: PendingScope, count: number) => string
  className?: string
}) {
  return (
    <div role="group" aria-label={label} className={className}>
      {SCOPES.map((s) => (
        <Button
          key={s}
          size="sm"
          variant={pending.scope === s ? 'primary' : 'outline'}
          aria-pressed={pending.scope === s}
          onClick={() => pending.setScope(s)}
        >
          {text(s, pending.count[s])}
        </Button>
      ))}
    </div>
  )
}

/** The rows of the chosen scope, a line each, or what is said when there are none. */
export function PendingList<T>({
  rows,
  empty,
  before,
  children,
}: {
  rows: readonly T[]
  empty: string
  /** Above the list when it has rows (the bulk actions). */
  before?: ReactNode
  children: (row: T) => ReactNode
}) {
  if (rows.length === 0) return <EmptyState title={empty} />
  return (
    <>
      {before}
      <ul className="divide-y divide-slate-100">{rows.map(children)}</ul>
    </>
  )
}
