import { useInfiniteQuery } from '@tanstack/react-query'
import { CalendarRange } from 'lucide-react'
import { useTranslation } from 'react-i18next'
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

const PAYROLL_DENIED_REDIRECT_MS = 500
/** A pay period card's height while loading. */
const PERIOD_SKELETON = 'h-40 w-full'

/** /payroll (supervisors): pay periods, who holds each up, its hours, closing and reopening, and the files payroll imports. */
export function PayrollPage() {
  const { t } = useTranslation('supervisor')
  const { user } = useAuth()
  if (!user) return <PageLoading />
  return (
    <SupervisorOnly user={user} message={t('payroll.denied')} redirectAfterMs={PAYROLL_DENIED_REDIRECT_MS}>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
        <DocumentTitle title={t('payroll.title')} />
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('payroll.title')}</h1>
            <p className="text-sm text-slate-600">{t('payroll.intro')}</p>
          </div>
          <LinkButton to="/settings#payroll" variant="outline">
            {t('payroll.settingsLink')}
          </LinkButton>
        </header>
        <PayPeriods />
      </div>
    </SupervisorOnly>
  )
}

function PayPeriods() {
  const { t } = useTranslation('supervisor')
  const periods = useInfiniteQuery(payPeriodsQuery)

  if (periods.isPending) return <LoadingState label={t('payroll.loading')} rows={3} rowClassName={PERIOD_SKELETON} />
  if (periods.isError) {
    return (
      <ErrorState
        message={errorMessage(periods.error, t('payroll.loadError'))}
        onRetry={() => void periods.refetch()}
      />
    )
  }

  const list = periods.data.pages.flatMap((page) => page.periods)
  if (list.length === 0) {
    return <EmptyState icon={CalendarRange} title={t('payroll.empty')} hint={t('payroll.emptyHint')} />
  }

  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label={t('payroll.listLabel')}>
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
            busyLabel={t('loading')}
          >
            {t('payroll.showEarlier')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
