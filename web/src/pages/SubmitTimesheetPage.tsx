import { useState, type FormEvent, type ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { ArrowLeft } from 'lucide-react'
import {
  breakField,
  currentWeekStart,
  DEFAULT_WEEK_START_DAY,
  dateOfDay,
  dayFields,
  dayHours,
  dayLabel,
  daysInWeekOrder,
  daysOfWeekStarting,
  formatHours,
  isCalendarDate,
  isEditable,
  isWeekStart,
  nowHHMM,
  statusLabel,
  type DayName,
  TimesheetDays,
  type TimesheetAnswer,
  type WeekStartDay,
  type WeekTimesheetSave,
} from '@app/core'
import { errorFields } from '../api/client.ts'
import { useOrganizationSettings } from '../api/organization.ts'
import { useCurrentWeekTimesheet, useSaveWeekDraft, useSubmitWeek } from '../api/timesheets.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { zoneOr } from '../components/timesheet/clock.ts'
import { formatDate } from '../lib/format.ts'
import { TimesheetStatusBadge } from '../components/TimesheetStatusBadge.tsx'
import { WeekTotal } from '../components/timesheet/WeekTotal.tsx'
import { toastFailure } from '../lib/toast-failure.ts'
import { ConflictNotice, DayFields, NotesField } from '../components/timesheet/TimesheetFields.tsx'
import { useTimesheetEditor } from '../components/timesheet/use-timesheet-editor.ts'
import { Button } from '../components/ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/Card.tsx'
import { FieldMessage } from '../components/ui/FieldMessage.tsx'
import { Label } from '../components/ui/Label.tsx'
import { toast } from '../lib/toast.ts'
import { LinkButton } from '../components/ui/LinkButton.tsx'
import { OrgZoneNote } from '../components/OrgZoneNote.tsx'
import { WeekPicker } from '../components/timesheet/WeekPicker.tsx'
import { rejectionOf } from '../components/timesheet/rejection.ts'

const WEEK_START_REQUIRED = 'Week start date is required'

/**
 * /submit-timesheet (spec section 2): the whole week on one page. Waits for this week's timesheet
 * so a draft can prefill the form; the form then owns the input (the 30 s refetch never overwrites it).
 */
export function SubmitTimesheetPage() {
  const current = useCurrentWeekTimesheet()
  const settings = useOrganizationSettings()

  if (current.isPending || settings.isPending) return <PageLoading label="Loading your timesheet..." />

  return (
    <TimesheetForm
      current={current.data}
      timeZone={zoneOr(settings.data?.timeZone)}
      weekStartDay={settings.data?.weekStartDay ?? DEFAULT_WEEK_START_DAY}
    />
  )
}

/** Draft (and rejected, which its employee may fix and resubmit) prefill the form; a locked week does not. */
const prefillOf = (timesheet: TimesheetAnswer | undefined) =>
  timesheet && isEditable(timesheet.status) ? timesheet : undefined

interface TimesheetFormProps {
  current: TimesheetAnswer | undefined
  timeZone: string
  weekStartDay: WeekStartDay
}

function TimesheetForm({ current, timeZone, weekStartDay }: TimesheetFormProps) {
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
  const lockedCurrent = current && !isEditable(current.status) ? current : undefined
  // A submitted or approved week opens read-only: no form offers to edit what cannot be edited.
  const viewingLocked = lockedCurrent?.weekStartDate === weekStartDate ? lockedCurrent : undefined
  const declined = base?.status === 'rejected' && base.weekStartDate === weekStartDate ? base : undefined
  const declinedComment = declined ? rejectionOf(declined) : null

  /** The body of both calls; the version guards the prefilled draft against an overwrite. */
  const payload = (): WeekTimesheetSave => ({
    ...days,
    weekStartDate,
    version: base && base.weekStartDate === weekStartDate ? base.version : undefined,
  })

  const validate = (): boolean => {
    if (weekStartDate.trim()) return true
    setWeekError(WEEK_START_REQUIRED)
    document.getElementById('weekStartDate')?.focus()
    return false
  }

  const onFailure = (error: unknown, fallback: string) => toastFailure('Error', error, fallback)

  const onSave = () => {
    if (!validate()) return
    void editor.runAs('save', async () => {
      try {
        await editor.track(saveDraft.mutateAsync(payload()))
      } catch (error) {
        onFailure(error, 'Failed to save timesheet')
        return
      }
      toast({
        title: 'Timesheet Saved',
        description: 'Your timesheet has been saved. You can continue working on it later.',
      })
      navigate('/')
    })
  }

  /** POST /api/timesheets: the server saves the week and submits it in one step. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!validate()) return
    void editor.saveAndSubmit({
      submit: () => submitWeek.mutateAsync(payload()),
      submitFailed: 'Error',
      submitted: () => {
        toast({
          title: 'Timesheet Submitted',
          description: 'Your weekly timesheet has been submitted for approval.',
        })
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
    : { days, onChange: editor.setField, named: true, errors: serverFields, disabled: busy }

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <DocumentTitle title="Submit Timesheet" />
      <div className="space-y-2">
        <Link
          to="/"
          className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          <ArrowLeft className="size-4" aria-hidden /> Back to Dashboard
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Submit Weekly Timesheet</h1>
        <p className="text-slate-600">Enter your work hours for each day of the week</p>
        <OrgZoneNote timeZone={timeZone} />
      </div>

      {lockedCurrent ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700">
          <TimesheetStatusBadge status={lockedCurrent.status} />
          <span>
            This week’s timesheet is {statusLabel[lockedCurrent.status]} and can no longer be changed. You can still
            enter another week.
          </span>
        </div>
      ) : null}

      {declined ? (
        <div
          role="region"
          aria-label="Declined timesheet"
          className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <div className="flex flex-wrap items-center gap-2">
            <TimesheetStatusBadge status={declined.status} />
            <span>Your supervisor sent this week back. Make the changes below and submit it again.</span>
          </div>
          {declinedComment ? (
            <div>
              <p className="font-semibold">Supervisor’s comments</p>
              <p className="break-words whitespace-pre-line">{declinedComment}</p>
            </div>
          ) : null}
        </div>
      ) : null}

      <ConflictNotice
        message={editor.conflict}
        reloading={editor.reloading}
        disabled={busy}
        onReload={() => void reload()}
      />

      <form noValidate onSubmit={onSubmit} aria-label="Weekly timesheet" className="space-y-4">
        <Card>
          <CardContent className="space-y-1.5 pt-4 sm:pt-6">
            <Label htmlFor="weekStartDate">Week Starting</Label>
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
              Weeks start on {dayLabel[weekStartDay]}.
            </p>
            {weekMessage ? <FieldMessage id="weekStartDate-error">{weekMessage}</FieldMessage> : null}
          </CardContent>
        </Card>

        {order.map((day) => (
          <DayCard
            key={day}
            day={day}
            date={isCalendarDate(weekStartDate) ? formatDate(dateOfDay(weekStartDate, day), 'short') : null}
            days={bound.days}
            disabled={busy || viewingLocked !== undefined}
            timeZone={timeZone}
            onFill={editor.fill}
          >
            <DayFields day={day} {...bound} />
          </DayCard>
        ))}

        <Card>
          <CardContent className="pt-4 sm:pt-6">
            <NotesField {...bound} />
          </CardContent>
        </Card>

        <WeekTotal days={bound.days} />

        {viewingLocked ? (
          <div className="flex justify-end">
            <LinkButton to="/" size="lg">
              Back to Dashboard
            </LinkButton>
          </div>
        ) : (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <LinkButton to="/" variant="ghost" size="lg">
              Cancel
            </LinkButton>
            <Button
              variant="outline"
              size="lg"
              onClick={onSave}
              disabled={busy}
              busy={editor.busy === 'save'}
              busyLabel="Saving..."
            >
              Save Timesheet
            </Button>
            <Button type="submit" size="lg" disabled={busy} busy={editor.busy === 'submit'} busyLabel="Submitting...">
              Submit Timesheet
            </Button>
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
  timeZone: string
  onFill: (values: Partial<TimesheetDays>) => void
  children: ReactNode
}

/** One day: a quick time helper, then its fields (Start Time, End Time and 'What did you do today?'). */
function DayCard({ day, date, days, disabled, timeZone, onFill, children }: DayCardProps) {
  const f = dayFields(day)
  const label = dayLabel[day]
  const titleId = `${day}-title`
  const hours = dayHours(days[f.start], days[f.end], days[breakField(day)])
  const now = () => nowHHMM(new Date(), timeZone)
  const quick = [
    { text: '9–5', name: `${label} from 09:00 to 17:00`, fill: { [f.start]: '09:00', [f.end]: '17:00' } },
    { text: 'Start now', name: `${label} starts at the current time`, fill: () => ({ [f.start]: now() }) },
    { text: 'End now', name: `${label} ends at the current time`, fill: () => ({ [f.end]: now() }) },
    { text: 'Clear', name: `clear ${label}’s times`, fill: { [f.start]: '', [f.end]: '' } },
  ]
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-3 sm:pb-3">
        <div className="flex items-baseline justify-between gap-2">
          <CardTitle id={titleId} className="text-base">
            {label}
          </CardTitle>
          <span className="text-sm text-slate-600">
            {date ? <span>{date} · </span> : null}
            {formatHours(hours)}
          </span>
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        <div role="group" aria-label={`Quick times for ${label}`} className="flex flex-wrap gap-2">
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
        {children}
      </CardContent>
    </Card>
  )
}
