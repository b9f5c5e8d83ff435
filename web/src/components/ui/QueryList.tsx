import type { ReactNode } from 'react'
import { errorMessage } from '../../api/client.ts'
import { ErrorState } from './ErrorState.tsx'
import { LoadingState } from './LoadingState.tsx'

/**
 * A list read from the server with its four states: loading, failed (with a way to try again),
 * empty, and its items. Settings' API tokens, kiosks and webhooks and the profile's phones show their
 * lists through it, so each says the same things in the same places.
 */
export function QueryList<T>({
  query,
  items,
  label,
  loading,
  empty,
  loadError,
  children,
}: {
  query: { isLoading: boolean; error: unknown; refetch: () => unknown }
  /** The query's items, once read. */
  items: readonly T[] | undefined
  /** The list's accessible name. */
  label?: string
  loading: string
  empty: string
  /** What is said when the read failed and the server gave no message. */
  loadError: string
  /** One item: a `ListRow` (or an `li` of its own). */
  children: (item: T) => ReactNode
}) {
  if (items) {
    if (!items.length) return <p className="text-sm text-slate-600">{empty}</p>
    return (
      <ul className="divide-y divide-slate-100" aria-label={label}>
        {items.map(children)}
      </ul>
    )
  }
  if (query.isLoading) return <LoadingState label={loading} />
  return <ErrorState message={errorMessage(query.error, loadError)} onRetry={() => void query.refetch()} />
}

/**
 * A `QueryList`'s texts from one catalogue group of a namespace's `t`: its `listLabel` (the list's
 * name), `loading`, `none` and `loadError`.
 */
export const listTexts = (t: (key: string) => string, group: string) => ({
  label: t(`${group}.listLabel`),
  loading: t(`${group}.loading`),
  empty: t(`${group}.none`),
  loadError: t(`${group}.loadError`),
})

/** One item of a `QueryList`: what it is on the left, its buttons on the right, and anything it opens below. */
export function ListRow({ actions, below, children }: { actions: ReactNode; below?: ReactNode; children: ReactNode }) {
  return (
    <li className="space-y-3 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-0.5 text-sm">{children}</div>
        {actions}
      </div>
      {below}
    </li>
  )
}

/**
 * One thing read from the server with its three states: loading, failed (with a way to try again),
 * and, once read, what `children` makes of it (a form keyed by what it starts from).
 */
export function QueryContent<T>({
  query,
  loading,
  loadError,
  rows,
  children,
}: {
  query: { isPending: boolean; data: T | undefined; error: unknown; refetch: () => unknown }
  loading: string
  /** What is said when the read failed and the server gave no message. */
  loadError: string
  /** Grey rows that hold the data's place while it loads (`LoadingState`). */
  rows?: number
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <LoadingState label={loading} rows={rows} />
  if (query.data !== undefined) return children(query.data)
  return <ErrorState message={errorMessage(query.error, loadError)} onRetry={() => void query.refetch()} />
}
