import { useState, type FormEvent, type ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  currentWeekStart,
  DEFAULT_WEEK_START_DAY,
  dateOfDay,
  dayPaidMinutes,
  daysInWeekOrder,
  daysOfWeekStarting,
  isCalendarDate,
  isEditable,
  isWeekStart,
  nowHHMM,
  sentBack,
  spanFields,
  spansAfterClockIn,
  spansAfterClockOut,
  type DayName,
  TimesheetDays,
  type CurrentWeek,
  type WeekStartDay,
  type WeekTimesheetSave,
} from '@app/core'
import { errorFields } from '../api/client.ts'
import { useOrganizationSettings } from '../api/organization.ts'
import { NotSavedOffline, useCurrentWeekTimesheet, useSaveWeekDraft, useSubmitWeek } from '../api/timesheets.ts'
import { savedOnDevice } from '../offline/drafts.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { zoneOr } from '../components/timesheet/clock.ts'
import { formatHours, formatShortDate } from '../lib/format.ts'
import { TimesheetStatusBadge } from '../components/TimesheetStatusBadge.tsx'
import { WeekTotal } from '../components/timesheet/WeekTotal.tsx'
import { MyWeekLeave } from '../components/time-off/WeekLeave.tsx'
import { toastFailure } from '../lib/toast-failure.ts'
import {
  ConflictNotice,
  DayFields,
  NotesField,
  SaveAndSubmitButtons,
  SupervisorComments,
} from '../components/timesheet/TimesheetFields.tsx'
import { useTimesheetEditor } from '../components/timesheet/use-timesheet-editor.ts'
import { WeekPercentSplit } from '../components/timesheet/WeekPercentSplit.tsx'
import { Button } from '../components/ui/Button.tsx'
import { Card, CardContent, RegionCard } from '../components/ui/Card.tsx'
import { FieldMessage } from '../components/ui/FieldMessage.tsx'
import { Label } from '../components/ui/Label.tsx'
import { toast } from '../lib/toast.ts'
import { LinkButton } from '../components/ui/LinkButton.tsx'
import { OrgZoneNote } from '../components/OrgZoneNote.tsx'
import { WeekPicker } from '../components/timesheet/WeekPicker.tsx'
import { rejectionOf } from '../components/timesheet/rejection.ts'
import { CopyLastWeek, useLastWeek } from '../components/timesheet/CopyLastWeek.tsx'
import { formSpans, withOneSpan, withSpanTime } from '../lib/day-spans.ts'

/**
 * /submit-timesheet (spec section 2): the whole week on one page. Waits for this week's timesheet
 * so a draft can prefill the form; the form then owns the input (the 30 s refetch never overwrites it).
 */
export function SubmitTimesheetPage() {
  const current = useCurrentWeekTimesheet()
  const settings = useOrganizationSettings()

  const { t } = useTranslation('staff')
  if (current.isPending || settings.isPending) return <PageLoading label={t('panel.loading')} />

  return (
    <TimesheetForm
      current={current.data}
      timeZone={zoneOr(settings.data?.timeZone)}
      weekStartDay={settings.data?.weekStartDay ?? DEFAULT_WEEK_START_DAY}
    />
  )
}

/**
 * Draft (and rejected, which its employee may fix and resubmit) prefill the form; a locked week
 * (submitted, approved, or in a closed pay period) does not.
 */
const prefillOf = (timesheet: CurrentWeek | undefined) =>
  timesheet && isEditable(timesheet.status) && !timesheet.periodClosed ? timesheet : undefined

interface TimesheetFormProps {
  current: CurrentWeek | undefined
  timeZone: string
  weekStartDay: WeekStartDay
}

function TimesheetForm({ current, timeZone, weekStartDay }: TimesheetFormProps) {
  const { t } = useTranslation('staff')
  const navigate = useNavigate()
  const saveDraft = useSaveWeekDraft()
  const submitWeek = useSubmitWeek()
  // A reminder's link names its week (?week=YYYY-MM-DD): another week than this one starts empty.
  const asked = useSearchParams()[0].get('week')
  const askedWeek = asked && isCalendarDate(asked) && isWeekStart(asked, weekStartDay) ? asked : undefined
  const editor = useTimesheetEditor(askedWeek && askedWeek !== current?.weekStartDate ? undefined : prefillOf(current))
  const { days, base } = editor
  const thisWeek = () => currentWeekStart(timeZone, weekStartDay)
  const [weekStartDate, setWeekStartDate] = useState(() => askedWeek ?? base?.weekStartDate ?? thisWeek())
  const [weekError, setWeekError] = useState<string | null>(null)

  const busy = editor.busy !== null
  const lastError = submitWeek.error ?? saveDraft.error
  const serverFields = lastError ? errorFields(lastError) : {}
  const weekMessage = weekError ?? serverFields.weekStartDate
  const order = isCalendarDate(weekStartDate) ? daysOfWeekStarting(weekStartDate) : daysInWeekOrder(weekStartDay)
  const lockedCurrent = current && (!isEditable(current.status) || current.periodClosed) ? current : undefined
  // A submitted or approved week opens read-only: no form offers to edit what cannot be edited.
  const viewingLocked = lockedCurrent?.weekStartDate === weekStartDate ? lockedCurrent : undefined
  // Sent back by its supervisor: said (with the comment) until the week is submitted again.
  const declined = base && base.weekStartDate === weekStartDate && sentBack(base) ? base : undefined
  const declinedComment = declined ? rejectionOf(declined) : null

  // Copy last week (issue 34) fills the form; Save or Submit then keeps it like anything typed (offline too).
  const lastWeek = useLastWeek(weekStartDate, viewingLocked === undefined ? 'fetch' : 'no')

  /** The body of both calls; the version guards the prefilled draft against an overwrite. */
  const payload = (): WeekTimesheetSave => ({
    ...days,
    weekStartDate,
    version: base && base.weekStartDate === weekStartDate ? base.version : undefined,
  })

  const validate = (): boolean => {
    if (weekStartDate.trim()) return true
    setWeekError(t('submitPage.weekRequired'))
    document.getElementById('weekStartDate')?.focus()
    return false
  }

  const onFailure = (error: unknown, fallback: string) => toastFailure(t('common:error'), error, fallback)

  const onSave = () => {
    if (!validate() || editor.refuseTooLong()) return
    void editor.runAs('save', async () => {
      let onDevice = false
      try {
        const saved = saveDraft.mutateAsync(payload())
        await editor.track(saved.then((r) => r.timesheet))
        onDevice = (await saved).onDevice
      } catch (error) {
        // Neither the server nor this device has it: said plainly, and the form keeps what was typed.
        if (error instanceof NotSavedOffline)
          toast({ variant: 'destructive', title: t('offline.notSavedTitle'), description: error.message })
        else onFailure(error, t('toast.failedToSave'))
        return
      }
      toast(onDevice ? { title: savedOnDevice() } : { title: t('toast.saved'), description: t('toast.savedForLater') })
      navigate('/')
    })
  }

  /** POST /api/timesheets: the server saves the week and submits it in one step. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!validate()) return
    void editor.saveAndSubmit({
      submit: () => submitWeek.mutateAsync(payload()),
      submitFailed: t('common:error'),
      submitted: () => {
        toast({ title: t('toast.submitted'), description: t('toast.weekSubmittedForApproval') })
        editor.reset()
        navigate('/')
      },
    })
  }

  const reload = async () => {
    const form = await editor.reload(prefillOf)
    setWeekStartDate(form?.weekStartDate ?? thisWeek())
    setWeekError(null)
  }

  const bound = viewingLocked
    ? { days: TimesheetDays.parse(viewingLocked), onChange: () => {}, readOnly: true }
    : {
        days,
        onChange: editor.setField,
        named: true,
        errors: { ...editor.unfinishedFields, ...serverFields },
        disabled: busy,
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

      {lockedCurrent ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700">
          <TimesheetStatusBadge status={lockedCurrent.status} />
          <span>
            {isEditable(lockedCurrent.status)
              ? t('submitPage.periodClosed')
              : t('submitPage.locked', { status: t(`common:status.${lockedCurrent.status}`) })}
          </span>
        </div>
      ) : null}

      {declined ? (
        <div
          role="region"
          aria-label={t('submitPage.declinedRegion')}
          className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <div className="flex flex-wrap items-center gap-2">
            <TimesheetStatusBadge status={declined.status} />
            <span>{t('submitPage.declined')}</span>
          </div>
          <SupervisorComments comments={declinedComment} />
        </div>
      ) : null}

      <ConflictNotice
        message={editor.conflict}
        reloading={editor.reloading}
        disabled={busy}
        onReload={() => void reload()}
      />

      <form noValidate onSubmit={onSubmit} aria-label={t('submitPage.form')} className="space-y-4">
        <Card>
          <CardContent className="space-y-1.5 pt-4 sm:pt-6">
            <Label htmlFor="weekStartDate">{t('submitPage.weekStarting')}</Label>
            <WeekPicker
              id="weekStartDate"
              value={weekStartDate}
              thisWeek={thisWeek()}
              weekStartDay={weekStartDay}
              onChange={(week) => {
                setWeekStartDate(week)
                setWeekError(null)
              }}
              disabled={busy}
              invalid={weekMessage !== undefined && weekMessage !== null}
              describedBy={weekMessage ? 'weekStartDate-error weekStartDate-hint' : 'weekStartDate-hint'}
            />
            <p id="weekStartDate-hint" className="text-sm text-slate-600">
              {t('submitPage.weeksStartOn', { day: t(`common:weekdays.${weekStartDay}`) })}
            </p>
            {weekMessage ? <FieldMessage id="weekStartDate-error">{weekMessage}</FieldMessage> : null}
          </CardContent>
        </Card>

        {viewingLocked ? null : (
          <CopyLastWeek
            days={days}
            lastWeek={lastWeek}
            disabled={busy}
            onCopy={async (patch) => {
              editor.fill(patch)
              return { onDevice: false }
            }}
            onUndo={async (restore) => {
              editor.fill(restore)
              return true
            }}
          />
        )}

        {order.map((day) => (
          <DayCard
            key={day}
            day={day}
            date={isCalendarDate(weekStartDate) ? formatShortDate(dateOfDay(weekStartDate, day)) : null}
            days={bound.days}
            disabled={busy}
            locked={viewingLocked !== undefined}
            timeZone={timeZone}
            onFill={editor.fill}
          >
            <DayFields day={day} {...bound} />
          </DayCard>
        ))}

        <WeekPercentSplit className="bg-white" {...bound} />

        <Card>
          <CardContent className="pt-4 sm:pt-6">
            <NotesField {...bound} />
          </CardContent>
        </Card>

        <WeekTotal days={bound.days} />
        <MyWeekLeave weekStartDate={weekStartDate} timeZone={timeZone} />

        {viewingLocked ? (
          <div className="flex justify-end">
            <LinkButton to="/" size="lg">
              {t('submitPage.back')}
            </LinkButton>
          </div>
        ) : (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <LinkButton to="/" variant="ghost" size="lg">
              {t('common:cancel')}
            </LinkButton>
            <SaveAndSubmitButtons busy={editor.busy} onSave={onSave} submitLabel={t('submitPage.submit')} size="lg" />
          </div>
        )}
      </form>
    </div>
  )
}

interface DayCardProps {
  day: DayName
  date: string | null
  days: TimesheetDays
  disabled: boolean
  /** A submitted or approved week is only shown: no quick times offer to change it. */
  locked: boolean
  timeZone: string
  onFill: (values: Partial<TimesheetDays>) => void
  children: ReactNode
}

/** One day: a quick time helper, then its fields (Start Time, End Time and 'What did you do today?'). */
function DayCard({ day, date, days, disabled, locked, timeZone, onFill, children }: DayCardProps) {
  const { t } = useTranslation('staff')
  const label = t(`common:days.${day}`)
  // Mid-sentence a day is written as the language writes it there ('el lunes', not 'el Lunes').
  const inSentence = t(`common:weekdays.${day}`)
  const titleId = `${day}-title`
  // Issue 34: the spans' sum minus the break.
  const hours = dayPaidMinutes(days, day) / 60
  const now = () => nowHHMM(new Date(), timeZone)
  // 'Start now' and 'End now' work as the timer's Clock In and Clock Out when they can (a second
  // range after a finished one, the running range's end), else set the first start or the last end.
  const startNow = () => {
    const spans = spansAfterClockIn(days, day, now())
    return spans ? spanFields(day, spans) : withSpanTime(days, day, 0, 'start', now())
  }
  const endNow = () => {
    const spans = spansAfterClockOut(days, day, now())
    return spans ? spanFields(day, spans) : withSpanTime(days, day, formSpans(days, day).length - 1, 'end', now())
  }
  const quick = [
    {
      text: t('quick.nineToFive'),
      name: t('quick.nineToFiveName', { day: inSentence }),
      fill: withOneSpan(day, '09:00', '17:00'),
    },
    { text: t('quick.startNow'), name: t('quick.startNowName', { day: inSentence }), fill: startNow },
    { text: t('quick.endNow'), name: t('quick.endNowName', { day: inSentence }), fill: endNow },
    { text: t('quick.clear'), name: t('quick.clearName', { day: inSentence }), fill: withOneSpan(day, '', '') },
  ]
  return (
    <RegionCard
      titleId={titleId}
      title={label}
      headerClassName="pb-3 sm:pb-3"
      lineClassName="flex items-baseline justify-between gap-2"
      titleClassName="text-base"
      aside={
        <span className="text-sm text-slate-600">
          {date ? <span>{date} · </span> : null}
          {formatHours(hours)}
        </span>
      }
    >
      <CardContent className="space-y-3">
        {locked ? null : (
          <div role="group" aria-label={t('quick.group', { day: inSentence })} className="flex flex-wrap gap-2">
            {quick.map((q) => (
              <Button
                key={q.text}
                variant="secondary"
                size="sm"
                className="min-h-11"
                disabled={disabled}
                aria-label={`${q.text}: ${q.name}`}
                onClick={() => onFill(typeof q.fill === 'function' ? q.fill() : q.fill)}
              >
                {q.text}
              </Button>
            ))}
          </div>
        )}
        {children}
      </CardContent>
    </RegionCard>
  )
}
