import { useInfiniteQuery, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '@app/core'
import { useAuth } from '../api/auth.ts'
import { useCampusParam } from '../api/campuses.ts'
import { dashboardStatsFor } from '../api/dashboard.ts'
import { currentWeekQuery, organizationSettingsQuery, timesheetListQuery } from '../api/first-reads.ts'
import { balancesQuery, timeOffListQuery } from '../api/time-off.ts'
import { Badge } from '../components/ui/Badge.tsx'
import { PendingReviews } from '../components/dashboard/PendingReviews.tsx'
import { RecentTimesheets } from '../components/dashboard/RecentTimesheets.tsx'
import { StatCards, SupervisorActions } from '../components/dashboard/SupervisorOverview.tsx'
import { EmployeeDashboardPanel } from '../components/timesheet/EmployeeDashboardPanel.tsx'
import { CampusFilter } from '../components/CampusFilter.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { PageLayout } from '../components/PageLayout.tsx'
import { GettingStarted, isFirstRun } from '../components/dashboard/GettingStarted.tsx'
import { TimeOffSummary } from '../components/time-off/TimeOffSummary.tsx'
import { useInOrder } from '../lib/in-order.tsx'

/** Whether a read a section shows is still on its way: asked and not answered (not paused offline, not turned off). */
function useLoading<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, enabled = true) {
  return useQuery({ ...options, enabled, refetchInterval: false, notifyOnChangeProps: ['isLoading'] }).isLoading
}

function SupervisorSections({ user }: { user: CurrentUser }) {
  const firstRun = !user.demo && isFirstRun(user)
  const campusId = useCampusParam()
  const stats = useLoading(dashboardStatsFor(campusId))
  // What the getting-started card reads besides the stats (it shows once they are here).
  const settings = useLoading(organizationSettingsQuery, firstRun)
  const ownWeek = useLoading(currentWeekQuery, firstRun)
  const list = useInfiniteQuery({
    ...timesheetListQuery('all', campusId),
    notifyOnChangeProps: ['isLoading'],
  }).isLoading
  return useInOrder([
    ['start', firstRun ? <GettingStarted user={user} /> : null, firstRun && (stats || settings || ownWeek)],
    ['stats', <StatCards />, stats],
    ['recent', <RecentTimesheets user={user} />, list],
    // Below the list, so the list's place on the page (and its status menu) stays as it was.
    ['pending', <PendingReviews user={user} />, false],
  ])
}

function StaffSections({ user }: { user: CurrentUser }) {
  // A volunteer has no paid time off.
  const employee = user.role === 'employee'
  const week = useLoading(currentWeekQuery)
  const balances = useLoading(balancesQuery(null), employee)
  const timeOff = useLoading(timeOffListQuery, employee)
  return useInOrder([
    ['week', <EmployeeDashboardPanel />, week],
    ['time-off', employee ? <TimeOffSummary user={user} /> : null, balances || timeOff],
    ['recent', <RecentTimesheets user={user} />, false],
  ])
}

export function DashboardPage() {
  const { t } = useTranslation('supervisor')
  const { user } = useAuth()
  if (!user) return <PageLoading />
  const isSupervisor = user.role === 'supervisor'
  return (
    <PageLayout
      title={t('dashboard.title')}
      titleAside={
        <Badge variant="secondary" aria-label={t('dashboard.yourRole', { role: t(`roles.${user.role}`) })}>
          {t(`roles.${user.role}`)}
        </Badge>
      }
      actions={isSupervisor ? <SupervisorActions /> : null}
      headerClassName="flex flex-wrap items-center justify-between gap-4"
    >
      {isSupervisor ? (
        <>
          <CampusFilter className="mb-4" />
          <SupervisorSections user={user} />
        </>
      ) : (
        <StaffSections user={user} />
      )}
    </PageLayout>
  )
}
