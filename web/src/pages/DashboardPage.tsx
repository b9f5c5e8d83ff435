import { useTranslation } from 'react-i18next'
import { useAuth } from '../api/auth.ts'
import { Badge } from '../components/ui/Badge.tsx'
import { RecentTimesheets } from '../components/dashboard/RecentTimesheets.tsx'
import { StatCards, SupervisorActions } from '../components/dashboard/SupervisorOverview.tsx'
import { EmployeeDashboardPanel } from '../components/timesheet/EmployeeDashboardPanel.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { GettingStarted, isFirstRun } from '../components/dashboard/GettingStarted.tsx'

export function DashboardPage() {
  const { t } = useTranslation('supervisor')
  const { user } = useAuth()
  if (!user) return <PageLoading />
  const isSupervisor = user.role === 'supervisor'
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
      <DocumentTitle title={t('dashboard.title')} />
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('dashboard.title')}</h1>
          <Badge variant="secondary" aria-label={t('dashboard.yourRole', { role: t(`roles.${user.role}`) })}>
            {t(`roles.${user.role}`)}
          </Badge>
        </div>
        {isSupervisor ? <SupervisorActions /> : null}
      </header>
      {isSupervisor && !user.demo && isFirstRun(user) ? <GettingStarted user={user} /> : null}
      {isSupervisor ? <StatCards /> : <EmployeeDashboardPanel />}
      <RecentTimesheets user={user} />
    </div>
  )
}
