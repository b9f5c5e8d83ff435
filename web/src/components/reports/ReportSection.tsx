import type { ReactNode, Ref } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { LucideIcon } from 'lucide-react'
import { errorMessage } from '../../api/client.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { StackedCell } from '../ui/Table.tsx'

export interface ReportSectionProps<T> {
  /** The title's id: the section is a region named by its title. */
  id: string
  icon: LucideIcon
  title: string
  description: ReactNode
  /** Buttons beside the title (Print, Export CSV). */
  actions?: ReactNode
  query: UseQueryResult<T>
  loadingLabel: string
  /** Shown when the server's answer has no message of its own. */
  errorFallback: string
  emptyTitle: string
  isEmpty: (data: T) => boolean
  children: (data: T) => ReactNode
  ref?: Ref<HTMLDivElement>
}

/**
 * One of the Reports page's extra reports (payroll hours, volunteer hours): a titled region that
 * shows its query's loading, error and empty states, and the report once it has data.
 */
export function ReportSection<T>({
  id,
  icon: Icon,
  title,
  description,
  actions,
  query,
  loadingLabel,
  errorFallback,
  emptyTitle,
  isEmpty,
  children,
  ref,
}: ReportSectionProps<T>) {
  return (
    <Card ref={ref} role="region" aria-labelledby={id}>
      <CardHeader className={actions ? 'gap-3 sm:flex-row sm:items-start sm:justify-between' : undefined}>
        <div className="space-y-1.5">
          <CardTitle id={id} className="flex items-center gap-2">
            <Icon className="size-5 text-indigo-600 print:hidden" aria-hidden /> {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {actions ? <div className="flex gap-2 print:hidden">{actions}</div> : null}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingState label={loadingLabel} />
        ) : query.isError ? (
          <ErrorState message={errorMessage(query.error, errorFallback)} onRetry={() => void query.refetch()} />
        ) : isEmpty(query.data) ? (
          <EmptyState title={emptyTitle} />
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  )
}

/** A figure in a report's table, its digits aligned. */
export const NumberCell = ({ label, children }: { label: string; children: ReactNode }) => (
  <StackedCell label={label} className="tabular-nums">
    {children}
  </StackedCell>
)
