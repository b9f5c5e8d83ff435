import { useTranslation } from 'react-i18next'
import { useAuth } from '../api/auth.ts'
import { Badge } from '../components/ui/Badge.tsx'
import { PendingReviews } from '../components/dashboard/PendingReviews.tsx'
import { RecentTimesheets } from '../components/dashboard/RecentTimesheets.tsx'
import { StatCards, SupervisorActions } from '../components/dashboard/SupervisorOverview.tsx'
import { EmployeeDashboardPanel } from '../components/timesheet/EmployeeDashboardPanel.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { PageLayout } from '../components/PageLayout.tsx'
import { GettingStarted, isFirstRun } from '../components/dashboard/GettingStarted.tsx'
import { TimeOffSummary } from '../components/time-off/TimeOffSummary.tsx'

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
      {isSupervisor && !user.demo && isFirstRun(user) ? <GettingStarted user={user} /> : null}
      {isSupervisor ? <StatCards /> : <EmployeeDashboardPanel />}
      {/* Issue 32: a volunteer has no paid time off. */}
      {user.role === 'employee' ? <TimeOffSummary user={user} /> : null}
      <RecentTimesheets user={user} />
      {/* Issue 31: below the list, so the list's place on the page (and its status menu) stays as it was. */}
      {isSupervisor ? <PendingReviews user={user} /> : null}
    </PageLayout>
  )
}
