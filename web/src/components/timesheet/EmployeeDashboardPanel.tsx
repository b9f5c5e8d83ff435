import { Suspense, useState } from 'react'
import { Link } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { Play } from 'lucide-react'
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import {
  addDays,
  dateOfDay,
  dayFields,
  DAYS,
  isEditable,
  runningStart,
  timesheetDays,
  todayIn,
  type Timesheet,
  type TimesheetDays,
} from '@app/core'
import { formatDate } from '../../lib/format.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { timesheetKeys } from '../../api/keys.ts'
import { isConflictError, useCurrentWeekTimesheet, useUpdateDraft } from '../../api/timesheets.ts'
import { Button } from '../ui/Button.tsx'
import { mayRun, paidHoursOf, timerView } from './clock.ts'
import { ClockOutBanner } from './ClockOutBanner.tsx'
import { CurrentWeekCard } from './CurrentWeekCard.tsx'
import { DayTimer } from './DayTimer.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { runTimerAction, saveDayActivity, type TimerAction } from './timer-actions.ts'
import { ActivityPrompt } from './ActivityPrompt.tsx'
import { useNow } from './use-now.ts'
import { lazyDialog } from '../ui/lazy-dialog.ts'
import { ErrorState } from '../ui/ErrorState.tsx'
import { OrgZoneNote } from '../OrgZoneNote.tsx'
import { rejectionOf } from './rejection.ts'

const WeeklyTimesheetDialog = lazyDialog(() =>
  import('./WeeklyTimesheetDialog.tsx').then((m) => m.WeeklyTimesheetDialog),
)

/**
 * What a staff member or volunteer sees on the dashboard: one 'Current Week Timesheet' card with
 * the week's status, the supervisor's comments, today's clock and one primary action, and the
 * weekly dialog it opens. 'Start Timesheet' already shows while the week loads.
 */
export function EmployeeDashboardPanel() {
  const { t } = useTranslation('staff')
  const current = useCurrentWeekTimesheet()
  const timeZone = useOrgTimeZone()
  const [dialogOpen, setDialogOpen] = useState(false)
  const dialogMounted = WeeklyTimesheetDialog.useMounted(dialogOpen)
  const sheet = current.data

  return (
    <section aria-labelledby="my-week-title" className="space-y-4">
      <h2 id="my-week-title" className="sr-only">
        {t('panel.heading')}
      </h2>
      {!sheet ? (
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to="/submit-timesheet">
            <Play aria-hidden /> {t('card.start')}
          </Link>
        </Button>
      ) : null}
      {current.isPending ? <LoadingState label={t('panel.loading')} /> : null}

      {current.isError && !sheet ? (
        <ErrorState
          className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900"
          message={t('panel.loadError')}
          onRetry={() => void current.refetch()}
        />
      ) : null}

      {/* A day whose timer ran past the organization's limit asks 'Still working?'. */}
      {sheet ? <ClockOutBanner /> : null}

      {sheet ? (
        <CurrentWeekCard
          timesheet={sheet}
          status={statusText(sheet, timeZone)}
          comments={rejectionOf(sheet)}
          onOpen={() => setDialogOpen(true)}
          periodClosed={sheet.periodClosed}
        >
          {isEditable(sheet.status) && !sheet.periodClosed ? (
            <>
              <TodayClock sheet={sheet} timeZone={timeZone} />
              <OrgZoneNote timeZone={timeZone} />
            </>
          ) : null}
        </CurrentWeekCard>
      ) : null}

      {sheet && dialogMounted ? (
        <Suspense fallback={null}>
          <WeeklyTimesheetDialog.Component
            timesheet={sheet}
            timeZone={timeZone}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
          />
        </Suspense>
      ) : null}
    </section>
  )
}

const statusText = (sheet: Timesheet, timeZone: string): string => {
  const t = i18next.t
  if (sheet.status === 'pending' && sheet.submittedAt)
    return t('staff:panel.status.submittedOn', { date: formatDate(sheet.submittedAt, 'medium', '-', timeZone) })
  return t(`staff:panel.status.${sheet.status === 'pending' ? 'submitted' : sheet.status}`)
}

/**
 * Today's timer, right on the dashboard: one tap to clock in on a phone. Yesterday's card is
 * shown instead while a shift started yesterday still runs past midnight.
 */
function TodayClock({ sheet, timeZone }: { sheet: Timesheet; timeZone: string }) {
  const { t } = useTranslation('staff')
  const queryClient = useQueryClient()
  const updateDraft = useUpdateDraft()
  const days = timesheetDays(sheet)
  const now = useNow(mayRun(days) ? 1000 : 30_000)
  const today = todayIn(timeZone, now)
  const inWeek = (date: string) => DAYS.find((d) => dateOfDay(sheet.weekStartDate, d) === date)
  const todayName = inWeek(today)
  const yesterdayName = inWeek(addDays(today, -1))

  // After a Clock Out, 'What did you do?' (for that day, while it is still the card's).
  const [asking, setAsking] = useState<(typeof DAYS)[number] | null>(null)
  const [savingActivity, setSavingActivity] = useState(false)

  const viewOf = (day: (typeof DAYS)[number]) =>
    timerView({ date: dateOfDay(sheet.weekStartDate, day), week: days, day, now, timeZone, editable: true })
  const day = yesterdayName && viewOf(yesterdayName).running ? yesterdayName : todayName
  if (!day) return null
  const view = viewOf(day)

  const persist = async (next: TimesheetDays) => {
    try {
      return (await updateDraft.mutateAsync({ id: sheet.id, days: next, version: sheet.version })).timesheet
    } catch (error) {
      // Nothing typed here to keep: show the latest saved week instead.
      if (isConflictError(error)) void queryClient.invalidateQueries({ queryKey: timesheetKeys.currentWeek })
      throw error
    }
  }
  const onTimer = async (action: TimerAction) => {
    const saved = await runTimerAction({ action, days, day, timeZone, persist })
    setAsking(saved && action === 'clockOut' ? day : null)
  }
  const onActivity = async (activity: string) => {
    setSavingActivity(true)
    try {
      return await saveDayActivity({ days, day, activity, persist })
    } finally {
      setSavingActivity(false)
    }
  }
  const timer = {
    onClockIn: () => void onTimer('clockIn'),
    onClockOut: () => void onTimer('clockOut'),
    onReset: () => void onTimer('reset'),
  }

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">
        {day === todayName ? t('common:today') : t('panel.stillClockedIn')} · {t(`common:days.${day}`)},{' '}
        {formatDate(dateOfDay(sheet.weekStartDate, day))}
      </p>
      <DayTimer
        id="today-timer"
        dayLabel={t(`common:days.${day}`)}
        dayInSentence={t(`common:weekdays.${day}`)}
        start={runningStart(days, day) ?? ''}
        view={view}
        paidHours={paidHoursOf(days, day)}
        busy={updateDraft.isPending}
        {...timer}
      />
      {asking === day ? (
        <ActivityPrompt
          dayInSentence={t(`common:weekdays.${day}`)}
          activity={days[dayFields(day).activity]}
          busy={savingActivity}
          onSave={onActivity}
          onClose={() => setAsking(null)}
          timerId="today-timer"
        />
      ) : null}
    </div>
  )
}
