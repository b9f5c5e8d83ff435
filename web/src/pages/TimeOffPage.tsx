import { useTranslation } from 'react-i18next'
import type { User } from '@app/core'
import { useAuth } from '../api/auth.ts'
import { errorMessage } from '../api/client.ts'
import { useBalances, useTimeOffList } from '../api/time-off.ts'
import { PageLayout } from '../components/PageLayout.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { MemberBalances } from '../components/time-off/MemberBalances.tsx'
import { MyTimeOffRequests } from '../components/time-off/MyTimeOffRequests.tsx'
import { PendingTimeOff } from '../components/time-off/PendingTimeOff.tsx'
import { WhoIsOff } from '../components/time-off/WhoIsOff.tsx'
import { RequestTimeOffForm } from '../components/time-off/RequestTimeOffForm.tsx'
import { BalancesList } from '../components/time-off/time-off-parts.tsx'
import { CardContent, RegionCard } from '../components/ui/Card.tsx'
import type { ReactNode } from 'react'
import { ErrorState } from '../components/ui/ErrorState.tsx'
import { LoadingState } from '../components/ui/LoadingState.tsx'

/**
 * Time off. Every member sees their balances, asks for time off and follows (or cancels)
 * their requests; a supervisor also decides the requests waiting and looks after a member's balance.
 */
export function TimeOffPage() {
  const { t } = useTranslation('staff')
  const { user } = useAuth()
  if (!user) return <PageLoading />
  return (
    <PageLayout title={t('timeOff.title')} intro={t('timeOff.intro')} className="max-w-4xl">
      <TimeOffContent user={user} />
    </PageLayout>
  )
}

function TimeOffContent({ user }: { user: User }) {
  const { t } = useTranslation('staff')
  const balances = useBalances()
  const list = useTimeOffList()
  const isSupervisor = user.role === 'supervisor'
  const mine = (list.data?.items ?? []).filter((r) => r.employeeId === user.id)
  const loadError = (error: unknown, retry: () => unknown) => (
    <ErrorState message={errorMessage(error, t('timeOff.loadError'))} onRetry={() => void retry()} />
  )
  return (
    <>
      {isSupervisor ? (
        <Region id="time-off-pending-title" title={t('supervisor:timeOff.pending.title')}>
          {list.isPending ? (
            <LoadingState label={t('timeOff.loading')} />
          ) : list.data ? (
            <PendingTimeOff user={user} requests={list.data.items} />
          ) : (
            loadError(list.error, list.refetch)
          )}
        </Region>
      ) : null}
      <Region id="time-off-balances-title" title={t('timeOff.balances.title')}>
        {balances.isPending ? (
          <LoadingState label={t('timeOff.loading')} />
        ) : balances.data ? (
          <BalancesList balances={balances.data.balances} />
        ) : (
          loadError(balances.error, balances.refetch)
        )}
      </Region>
      <Region id="time-off-request-title" title={t('timeOff.request.title')}>
        {balances.data ? <RequestTimeOffForm balances={balances.data.balances} /> : null}
      </Region>
      <Region id="time-off-mine-title" title={t('timeOff.mine.title')}>
        {list.isPending ? (
          <LoadingState label={t('timeOff.loading')} />
        ) : list.data ? (
          <MyTimeOffRequests requests={mine} />
        ) : (
          loadError(list.error, list.refetch)
        )}
      </Region>
      {isSupervisor ? (
        <Region id="time-off-calendar-title" title={t('supervisor:timeOff.calendar.title')}>
          <WhoIsOff />
        </Region>
      ) : null}
      {isSupervisor ? (
        <Region id="time-off-members-title" title={t('supervisor:timeOff.balances.title')}>
          <MemberBalances />
        </Region>
      ) : null}
    </>
  )
}

const Region = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <RegionCard titleId={id} title={title}>
    <CardContent>{children}</CardContent>
  </RegionCard>
)
