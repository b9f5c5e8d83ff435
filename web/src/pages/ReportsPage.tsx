import { useEffect, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { BarChart3, FileDown, ShieldAlert } from 'lucide-react'
import { addDays, DEFAULT_WEEK_START_DAY, type ReportItem } from '@app/core'
import { employeeName, formatDate, formatNumber, zoneOr } from '../lib/format.ts'
import { useAuth } from '../api/auth.ts'
import { useCampusParam } from '../api/campuses.ts'
import { useOrganizationSettings, useOrgTimeZone } from '../api/organization.ts'
import {
  reportPeriod,
  reportPeriodLabel,
  reportQuery,
  type ReportPeriod,
  type ReportPeriodName,
  type WeekSettings,
} from '../api/reports.ts'
import { CampusFilter } from '../components/CampusFilter.tsx'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { PageLayout } from '../components/PageLayout.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { TimesheetStatusBadge } from '../components/TimesheetStatusBadge.tsx'
import { StackedCell, StackedRow, StackedTable } from '../components/ui/Table.tsx'
import { downloadText } from '../components/dashboard/download.ts'
import {
  barWidthPercent,
  hoursByMember,
  hoursByWeek,
  quickStats,
  reportCsv,
  reportFileName,
  sheetsLabel,
  weeklySummary,
} from '../components/dashboard/report-summary.ts'
import { Button } from '../components/ui/Button.tsx'
import { HoursChart } from '../components/dashboard/HoursChart.tsx'
import { Card, CardContent, CardHeader, CardTitle, TitledCard } from '../components/ui/Card.tsx'
import { IconCard } from '../components/ui/IconCard.tsx'
import { ChoiceSelect } from '../components/ui/Select.tsx'
import { LoadingState } from '../components/ui/LoadingState.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'
import { EmptyState } from '../components/ui/EmptyState.tsx'
import { PayrollSummarySection } from '../components/reports/PayrollSummarySection.tsx'
import { AllocationSection } from '../components/reports/AllocationSection.tsx'
import { VolunteerHoursSection } from '../components/reports/VolunteerHoursSection.tsx'
import { DescriptionItem } from '../components/ui/DescriptionItem.tsx'

export const ACCESS_DENIED_REDIRECT_MS = 500
const PERIODS = Object.keys(reportPeriodLabel) as ReportPeriodName[]

export function ReportsPage() {
  const { user } = useAuth()
  if (!user) return <PageLoading />
  return user.role === 'supervisor' ? <Reports /> : <AccessDenied />
}

/** Non-supervisors: a clear refusal, then back to the dashboard after 500 ms (spec sections 6 and 9). */
function AccessDenied() {
  const { t } = useTranslation('supervisor')
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), ACCESS_DENIED_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <DocumentTitle title={t('accessDenied.title')} />
      <Card role="alert" className="border-red-200">
        <CardHeader className="flex-row items-center gap-3">
          <ShieldAlert className="size-6 text-red-600" aria-hidden />
          <CardTitle>{t('accessDenied.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-slate-700">{t('reports.denied')}</p>
        </CardContent>
      </Card>
    </div>
  )
}

function Reports() {
  const { t } = useTranslation('supervisor')
  const [periodName, setPeriodName] = useState<ReportPeriodName>('this-week')
  const settings = useOrganizationSettings()
  // Weeks follow the organization's start day and zone (DESIGN.md section 5).
  const week: WeekSettings | undefined = settings.isPending
    ? undefined
    : {
        timeZone: zoneOr(settings.data?.timeZone),
        weekStartDay: settings.data?.weekStartDay ?? DEFAULT_WEEK_START_DAY,
      }
  const period = week ? reportPeriod(periodName, week) : undefined
  const campusId = useCampusParam()
  const report = useQuery({
    ...reportQuery(period ?? { start: '', end: '' }, campusId),
    enabled: period !== undefined,
  })
  const items = report.data

  return (
    <PageLayout
      title={t('reports.title')}
      intro={
        period
          ? t('reports.weeksStarting', { start: formatDate(period.start), end: formatDate(period.end) })
          : t('loading')
      }
      headerClassName="flex flex-wrap items-end justify-between gap-4"
      actions={
        <div className="flex w-full gap-2 sm:w-auto">
          <ChoiceSelect
            className="min-w-0 flex-1 sm:w-40 sm:flex-none"
            label={t('reports.periodLabel')}
            value={periodName}
            choices={PERIODS}
            choiceLabel={(p) => t(`reports.period.${p}`)}
            onChange={setPeriodName}
          />
          <Button
            variant="outline"
            disabled={!items || !period}
            onClick={() =>
              items &&
              period &&
              week &&
              downloadText(reportCsv(items, week.timeZone, week.weekStartDay), reportFileName(period.start, period.end))
            }
          >
            <FileDown aria-hidden /> {t('reports.export')}
          </Button>
        </div>
      }
    >
      <CampusFilter className="mb-4" />
      {report.isError ? (
        <ErrorState
          className="rounded-md bg-red-50 p-4"
          message={t('reports.loadError')}
          onRetry={() => void report.refetch()}
        />
      ) : !items || !period ? (
        <LoadingState label={t('reports.loading')} />
      ) : (
        <ReportBody items={items} period={period} />
      )}

      {period ? (
        <>
          <PayrollSummarySection from={period.start} to={period.end} />
          <VolunteerHoursSection from={period.start} to={period.end} />
          {/* Read through the last week's days; named by the period itself. */}
          <AllocationSection from={period.start} to={period.end} through={addDays(period.end, 6)} />
        </>
      ) : null}
    </PageLayout>
  )
}

function ReportBody({ items, period }: { items: ReportItem[]; period: ReportPeriod }) {
  const { t } = useTranslation('supervisor')
  const weeks = weeklySummary(items)
  const stats = quickStats(items)
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <IconCard className="lg:col-span-2" icon={BarChart3} title={t('reports.weeklySummary')}>
          {weeks.length === 0 ? (
            <EmptyState title={t('reports.noneSubmitted')} />
          ) : (
            <ul className="space-y-3">
              {weeks.map((w) => (
                <li key={w.weekStartDate} className="space-y-1">
                  <div className="flex justify-between gap-2 text-sm">
                    <span className="font-medium text-slate-800">
                      {t('reports.weekOf', { date: formatDate(w.weekStartDate) })}
                    </span>
                    <span className="text-slate-600">{sheetsLabel(w.count)}</span>
                  </div>
                  <div className="h-2.5 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden>
                    <div
                      data-testid={`bar-${w.weekStartDate}`}
                      className="h-full rounded-full bg-indigo-600"
                      style={{ width: `${barWidthPercent(w.count)}%` }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </IconCard>

        <TitledCard title={t('reports.quickStats.title')}>
          <dl className="divide-y divide-slate-100">
            <QuickStat label={t('reports.quickStats.total')}>{stats.total}</QuickStat>
            <QuickStat label={t('reports.quickStats.approved')}>{stats.approved}</QuickStat>
            <QuickStat label={t('reports.quickStats.pending')}>{stats.pending}</QuickStat>
            <QuickStat label={t('reports.quickStats.approvalRate')}>
              {t('reports.quickStats.percent', { value: formatNumber(stats.approvalRate) })}
            </QuickStat>
          </dl>
        </TitledCard>
      </div>

      {items.length > 0 ? (
        <TitledCard title={t('reports.hours')} contentClassName="grid gap-8 lg:grid-cols-2">
          <HoursChart
            title={t('reports.hoursPerWeek')}
            rowHeader={t('reports.week')}
            rows={hoursByWeek(items, (week) => t('reports.weekOf', { date: formatDate(week) }))}
          />
          <HoursChart title={t('reports.hoursPerMember')} rowHeader={t('reports.member')} rows={hoursByMember(items)} />
        </TitledCard>
      ) : null}

      <TitledCard title={t('reports.detailed.title')}>
        {items.length === 0 ? (
          <EmptyState
            title={t('reports.detailed.empty', { start: formatDate(period.start), end: formatDate(period.end) })}
          />
        ) : (
          <DetailedTable items={items} />
        )}
      </TitledCard>
    </>
  )
}

const QuickStat = ({ label, children }: { label: string; children: ReactNode }) => (
  <DescriptionItem look="row" valueClassName="text-lg font-semibold tabular-nums" label={label}>
    {children}
  </DescriptionItem>
)

const approverName = (approver: ReportItem['approver']) =>
  approver ? `${approver.firstName} ${approver.lastName}`.trim() : '-'

const submittedOn = (at: string | null, timeZone: string) => formatDate(at, 'medium', '-', timeZone)

const COLUMNS = ['employee', 'weekStarting', 'submitted', 'notes', 'status', 'approvedBy'] as const

function ReportCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <StackedCell label={label} className="items-start">
      <span className="min-w-0 text-right break-words md:text-left">{children}</span>
    </StackedCell>
  )
}

/** A table on wide screens; on a phone every row stacks into a card with its column names. */
function DetailedTable({ items }: { items: ReportItem[] }) {
  const { t } = useTranslation('supervisor')
  const col = Object.fromEntries(COLUMNS.map((c) => [c, t(`reports.detailed.columns.${c}`)])) as Record<
    (typeof COLUMNS)[number],
    string
  >
  const timeZone = useOrgTimeZone()
  return (
    <StackedTable columns={COLUMNS.map((c) => col[c])}>
      {items.map((item: ReportItem) => (
        <StackedRow key={item.id}>
          <ReportCell label={col.employee}>{employeeName(item.employee)}</ReportCell>
          <ReportCell label={col.weekStarting}>{formatDate(item.weekStartDate)}</ReportCell>
          <ReportCell label={col.submitted}>{submittedOn(item.submittedAt, timeZone)}</ReportCell>
          <ReportCell label={col.notes}>{item.notes || t('reports.detailed.noNotes')}</ReportCell>
          <ReportCell label={col.status}>
            <TimesheetStatusBadge status={item.status} />
          </ReportCell>
          <ReportCell label={col.approvedBy}>{approverName(item.approver)}</ReportCell>
        </StackedRow>
      ))}
    </StackedTable>
  )
}
