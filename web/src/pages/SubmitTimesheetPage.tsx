import { Link, useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { currentWeekStart, DEFAULT_WEEK_START_DAY, isCalendarDate, isWeekStart } from '@app/core'
import { useOrganizationSettings } from '../api/organization.ts'
import { useCurrentWeekTimesheet, weekQuery } from '../api/timesheets.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { OrgZoneNote } from '../components/OrgZoneNote.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { zoneOr } from '../components/timesheet/clock.ts'
import { SubmitWeekForm } from '../components/timesheet/SubmitWeekForm.tsx'
import { ErrorState } from '../components/ui/ErrorState.tsx'

/**
 * /submit-timesheet (spec section 2): the whole week on one page. Opens this week (its draft
 * prefills the form), or the week a link names (?week=YYYY-MM-DD, a reminder's or a declined
 * week's Edit and Resubmit) with that week's own saved entries; the form then owns the input (the
 * 30 s refetch never overwrites it).
 */
export function SubmitTimesheetPage() {
  const { t } = useTranslation('staff')
  const current = useCurrentWeekTimesheet()
  const settings = useOrganizationSettings()
  const weekStartDay = settings.data?.weekStartDay ?? DEFAULT_WEEK_START_DAY
  const timeZone = zoneOr(settings.data?.timeZone)
  const asked = useSearchParams()[0].get('week')
  const ready = !current.isPending && !settings.isPending
  const askedWeek = ready && asked && isCalendarDate(asked) && isWeekStart(asked, weekStartDay) ? asked : undefined
  // Another week than this one is read first, so the form opens on its own entries.
  const other = askedWeek && askedWeek !== current.data?.weekStartDate ? askedWeek : undefined
  const first = useQuery({ ...weekQuery(other ?? ''), enabled: other !== undefined })

  if (!ready || (other && (first.isFetching || !first.isFetchedAfterMount)))
    return <PageLoading label={t('panel.loading')} />

  const body = () => {
    if (other && first.isError)
      return <ErrorState message={t('submitPage.weekLoadError')} onRetry={() => void first.refetch()} />
    return (
      <SubmitWeekForm
        current={current.data}
        start={{
          week: askedWeek ?? current.data?.weekStartDate ?? currentWeekStart(timeZone, weekStartDay),
          saved: other ? first.data : undefined,
        }}
        timeZone={timeZone}
        weekStartDay={weekStartDay}
      />
    )
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <DocumentTitle title={t('submitPage.title')} />
      <div className="space-y-2">
        <Link
          to="/"
          className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <ArrowLeft className="size-4" aria-hidden /> {t('submitPage.back')}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('submitPage.heading')}</h1>
        <p className="text-slate-600">{t('submitPage.intro')}</p>
        <OrgZoneNote timeZone={timeZone} />
      </div>
      {body()}
    </div>
  )
}
