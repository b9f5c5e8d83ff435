import { useInfiniteQuery } from '@tanstack/react-query'
import { CalendarRange } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { wholeChurch } from '@app/core'
import { errorMessage } from '../api/client.ts'
import { useCampusParam } from '../api/campuses.ts'
import { payPeriodsFor } from '../api/payroll.ts'
import { CampusFilter } from '../components/CampusFilter.tsx'
import { SupervisorPage } from '../components/members/SupervisorOnly.tsx'
import { PageLayout } from '../components/PageLayout.tsx'
import { PayPeriodCard } from '../components/payroll/PayPeriodCard.tsx'
import { EmptyState } from '../components/ui/EmptyState.tsx'
import { LoadMoreButton } from '../components/ui/LoadMoreButton.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'
import { LoadingState } from '../components/ui/LoadingState.tsx'
import { LinkButton } from '../components/ui/LinkButton.tsx'

/** /payroll (supervisors): pay periods, who holds each up, its hours, closing and reopening, and the files payroll imports. */
export function PayrollPage() {
  const { t } = useTranslation('supervisor')
  return (
    <SupervisorPage message={t('payroll.denied')}>
      {(user) => {
        // A campus admin neither closes periods nor changes the payroll settings (the whole
        // church's): they are told who does, and not sent to a settings page they cannot use.
        const whole = wholeChurch(user)
        return (
          <PageLayout
            title={t('payroll.title')}
            intro={t(whole ? 'payroll.intro' : 'payroll.campusIntro')}
            actions={
              whole ? (
                <LinkButton to="/settings/payroll" variant="outline">
                  {t('payroll.settingsLink')}
                </LinkButton>
              ) : undefined
            }
          >
            <CampusFilter className="mb-4" />
            <PayPeriods whole={whole} />
          </PageLayout>
        )
      }}
    </SupervisorPage>
  )
}

function PayPeriods({ whole }: { whole: boolean }) {
  const { t } = useTranslation('supervisor')
  const periods = useInfiniteQuery(payPeriodsFor(useCampusParam()))

  if (periods.isPending) return <LoadingState label={t('payroll.loading')} rows={3} rowClassName="h-40 w-full" />
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
    return (
      <EmptyState
        icon={CalendarRange}
        title={t('payroll.empty')}
        hint={t(whole ? 'payroll.emptyHint' : 'payroll.campusEmptyHint')}
      />
    )
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
      <LoadMoreButton list={periods} label={t('payroll.showEarlier')} />
    </div>
  )
}
