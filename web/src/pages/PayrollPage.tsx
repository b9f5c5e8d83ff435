import { useInfiniteQuery } from '@tanstack/react-query'
import { CalendarRange } from 'lucide-react'
import { useAuth } from '../api/auth.ts'
import { errorMessage } from '../api/client.ts'
import { payPeriodsQuery } from '../api/payroll.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { SupervisorOnly } from '../components/members/SupervisorOnly.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { PayPeriodCard } from '../components/payroll/PayPeriodCard.tsx'
import { Button } from '../components/ui/Button.tsx'
import { EmptyState } from '../components/ui/EmptyState.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'
import { LoadingState } from '../components/ui/LoadingState.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

const PAYROLL_DENIED_MESSAGE = 'Only supervisors can see payroll.'
const PAYROLL_DENIED_REDIRECT_MS = 500

/** /payroll (supervisors): pay periods, who holds each up, its hours, closing and reopening, and the files payroll imports. */
export function PayrollPage() {
  const { user } = useAuth()
  if (!user) return <PageLoading />
  return (
    <SupervisorOnly user={user} message={PAYROLL_DENIED_MESSAGE} redirectAfterMs={PAYROLL_DENIED_REDIRECT_MS}>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
        <DocumentTitle title="Payroll" />
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Payroll</h1>
            <p className="text-sm text-slate-600">
              Approved hours per pay period, split into regular and overtime. Close a period when every timesheet in it
              is approved, then export it for your payroll provider.
            </p>
          </div>
          <LinkButton to="/settings#payroll" variant="outline">
            Payroll settings
          </LinkButton>
        </header>
        <PayPeriods />
      </div>
    </SupervisorOnly>
  )
}

function PayPeriods() {
  const periods = useInfiniteQuery(payPeriodsQuery)

  if (periods.isPending) return <LoadingState label="Loading pay periods..." rows={3} rowClassName="h-40 w-full" />
  if (periods.isError) {
    return (
      <ErrorState
        message={errorMessage(periods.error, 'Could not load the pay periods.')}
        onRetry={() => void periods.refetch()}
      />
    )
  }

  const list = periods.data.pages.flatMap((page) => page.periods)
  if (list.length === 0) {
    return (
      <EmptyState
        icon={CalendarRange}
        title="No pay periods yet"
        hint="Set the pay-period frequency and its first day under Settings → Payroll."
      />
    )
  }

  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label="Pay periods">
        {list.map((period) => (
          <li key={period.start}>
            <PayPeriodCard period={period} />
          </li>
        ))}
      </ul>
      {periods.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void periods.fetchNextPage()}
            disabled={periods.isFetchingNextPage}
            busy={periods.isFetchingNextPage}
            busyLabel="Loading..."
          >
            Show earlier periods
          </Button>
        </div>
      ) : null}
    </div>
  )
}
