import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { DashboardStats } from '@app/core'
import { CheckCircle2, Clock, Download, FileText, Users, UsersRound, type LucideIcon } from 'lucide-react'
import { useCampusParam } from '../../api/campuses.ts'
import { dashboardStatsFor } from '../../api/dashboard.ts'
import { bulkReportUrl } from '../../api/reports.ts'
import { Button } from '../ui/Button.tsx'
import { Card } from '../ui/Card.tsx'
import { cn } from '../../lib/cn.ts'
import { ErrorState } from '../ui/ErrorState.tsx'
import { LinkButton } from '../ui/LinkButton.tsx'

/** The supervisor's buttons beside the title: the payroll report (a new tab) and the staff page. */
export function SupervisorActions() {
  const { t } = useTranslation('supervisor')
  const campusId = useCampusParam()
  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
      <Button asChild variant="outline">
        <a href={bulkReportUrl(undefined, '', campusId)} target="_blank" rel="noopener">
          <Download aria-hidden /> {t('dashboard.downloadReport')}
        </a>
      </Button>
      <LinkButton to="/employees" icon={UsersRound}>
        {t('dashboard.manageStaff')}
      </LinkButton>
    </div>
  )
}

interface StatProps {
  label: string
  value: number | undefined
  /** A second line under the count (how many of the pending wait for me). */
  detail?: string
  icon: LucideIcon
  tone: string
  /** Where a click on the card goes, if anywhere. */
  to?: string
}

function Stat({ label, value, icon: Icon, tone, to, detail }: StatProps) {
  const body: ReactNode = (
    <>
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block text-sm text-slate-600">{label}</span>
        <span className="block text-2xl font-bold text-slate-900 tabular-nums">{value ?? '–'}</span>
        {detail ? <span className="block text-xs text-slate-600">{detail}</span> : null}
      </span>
    </>
  )
  const classes = 'flex items-center gap-3 p-4'
  return (
    <Card className={cn(to && 'transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-indigo-500')}>
      {to ? (
        <Link to={to} className={cn(classes, 'rounded-lg focus:outline-none')}>
          {body}
        </Link>
      ) : (
        <div className={classes}>{body}</div>
      )}
    </Card>
  )
}

/** The stat row's cards: which count each shows, and where it leads. */
const STATS: (Omit<StatProps, 'value' | 'label'> & { key: keyof DashboardStats })[] = [
  { key: 'pending', icon: Clock, tone: 'bg-amber-100 text-amber-800', to: '/reports' },
  { key: 'approved', icon: CheckCircle2, tone: 'bg-green-100 text-green-800' },
  { key: 'totalTimesheets', icon: FileText, tone: 'bg-indigo-100 text-indigo-800' },
  { key: 'activeEmployees', icon: Users, tone: 'bg-sky-100 text-sky-800', to: '/employees' },
]

/** The supervisor's stat row (spec section 2). Total Timesheets counts approved plus pending. */
export function StatCards() {
  const { t } = useTranslation('supervisor')
  const stats = useQuery(dashboardStatsFor(useCampusParam()))
  const data = stats.data
  // The pending card's second line is held while the counts load, so the row under it does not move when they come.
  const waitingForMe = (counts: DashboardStats | undefined) =>
    counts === undefined
      ? '\u00a0'
      : counts.waitingForMe === undefined
        ? undefined
        : t('dashboard.stats.waitingForMe', { count: counts.waitingForMe })
  return (
    <section aria-label={t('dashboard.stats.label')} aria-busy={stats.isLoading}>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {STATS.map(({ key, ...stat }) => (
          <Stat
            key={key}
            {...stat}
            label={t(`dashboard.stats.${key}`)}
            value={data?.[key]}
            detail={key === 'pending' ? waitingForMe(data) : undefined}
          />
        ))}
      </div>
      {stats.isError ? <ErrorState className="mt-2" message={t('dashboard.stats.loadError')} /> : null}
    </section>
  )
}
