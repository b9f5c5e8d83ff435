import { useTranslation } from 'react-i18next'
import { todayIn, type User } from '@app/core'
import { useOrgTimeZone } from '../../api/organization.ts'
import { useBalances, useTimeOffList } from '../../api/time-off.ts'
import { CardContent, RegionCard } from '../ui/Card.tsx'
import { LinkButton } from '../ui/LinkButton.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { BalancesList, requestDates, useKindName } from './time-off-parts.tsx'

/** On the staff dashboard: the member's balances and their next approved time off. */
export function TimeOffSummary({ user }: { user: User }) {
  const { t } = useTranslation('staff')
  const kindName = useKindName()
  const today = todayIn(useOrgTimeZone())
  const balances = useBalances()
  const list = useTimeOffList()
  const next = (list.data?.items ?? [])
    .filter((r) => r.employeeId === user.id && r.status === 'approved' && r.to >= today)
    .sort((a, b) => a.from.localeCompare(b.from))[0]
  return (
    <RegionCard
      titleId="time-off-summary-title"
      title={t('timeOff.dashboard.title')}
      aside={
        <LinkButton to="/time-off" size="sm" variant="outline">
          {t('timeOff.dashboard.open')}
        </LinkButton>
      }
    >
      <CardContent className="space-y-3">
        {balances.isError || list.isError ? (
          // A read that failed (offline at first, or the server) says so and offers to read again;
          // the reads are also asked again by themselves when the connection comes back.
          <ErrorState
            message={t('timeOff.loadError')}
            onRetry={() => {
              if (balances.isError) void balances.refetch()
              if (list.isError) void list.refetch()
            }}
          />
        ) : null}
        {balances.isPending && !balances.isError ? (
          <LoadingState label={t('timeOff.loading')} />
        ) : balances.data ? (
          <BalancesList balances={balances.data.balances} />
        ) : null}
        {list.data ? (
          <p className="text-sm text-slate-800">
            {next
              ? t('timeOff.dashboard.next', {
                  what: t('timeOff.mine.what', { kind: kindName(next.kind), dates: requestDates(next) }),
                })
              : t('timeOff.dashboard.noNext')}
          </p>
        ) : null}
      </CardContent>
    </RegionCard>
  )
}
