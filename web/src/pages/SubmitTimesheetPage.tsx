import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { ArrowLeft, CircleAlert, RefreshCw } from 'lucide-react'
import {
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
  nowHHMM,
  statusLabel,
  TimesheetDays,
  type DayName,
  type Timesheet,
  type WeekStartDay,
  type WeekTimesheetSave,
} from '@app/core'
import { errorFields, errorMessage, isUnauthorizedError } from '../api/client.ts'
import { useOrganizationSettings } from '../api/organization.ts'
import { isConflictError, useCreateTimesheet, useCurrentWeekTimesheet, useSaveWeekDraft } from '../api/timesheets.ts'
import { DocumentTitle } from '../components/DocumentTitle.tsx'
import { PageLoading } from '../components/PageLoading.tsx'
import { shortDate, zoneOr } from '../components/timesheet/clock.ts'
import { TimesheetStatusBadge } from '../components/TimesheetStatusBadge.tsx'
import { WeekTotal } from '../components/timesheet/WeekTotal.tsx'
import { Button } from '../components/ui/Button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/Card.tsx'
import { FieldMessage } from '../components/ui/FieldMessage.tsx'
import { Input } from '../components/ui/Input.tsx'
import { Label } from '../components/ui/Label.tsx'
import { Spinner } from '../components/ui/Spinner.tsx'
import { Textarea } from '../components/ui/Textarea.tsx'
import { toast } from '../lib/toast.ts'

const WEEK_START_REQUIRED = 'Week start date is required'

/**
 * /submit-timesheet (spec section 2): the whole week on one page. Waits for this week's timesheet
 * so a draft can prefill the form; the form then owns the input (the 30 s refetch never overwrites it).
 */
export function SubmitTimesheetPage() {
  const current = useCurrentWeekTimesheet()
  const settings = useOrganizationSettings()
  // Bumped by 'Reload latest version' after a conflict: the form starts again from the saved week.
  const [generation, setGeneration] = useState(0)

  if (current.isPending || settings.isPending) return <PageLoading label="Loading your timesheet..." />

  const timeZone = zoneOr(settings.data?.timeZone)
  const weekStartDay = settings.data?.weekStartDay ?? DEFAULT_WEEK_START_DAY
  const reload = async () => {
    await current.refetch()
    setGeneration((g) => g + 1)
  }
  return (
    <TimesheetForm
      key={generation}
      current={current.data}
      timeZone={timeZone}
      weekStartDay={weekStartDay}
      onReload={reload}
    />
  )
}

interface TimesheetFormProps {
  current: Timesheet | undefined
  timeZone: string
  weekStartDay: WeekStartDay
  onReload: () => Promise<void>
}

function TimesheetForm({ current, timeZone, weekStartDay, onReload }: TimesheetFormProps) {
  const navigate = useNavigate()
  const saveDraft = useSaveWeekDraft()
  const create = useCreateTimesheet()
  // Draft (and rejected, which its employee may fix and resubmit) prefill the form.
  const prefill = current && isEditable(current.status) ? current : undefined
  const [weekStartDate, setWeekStartDate] = useState(
    () => prefill?.weekStartDate ?? currentWeekStart(timeZone, weekStartDay),
  )
  const [days, setDays] = useState(() => TimesheetDays.parse(prefill ?? {}))
  const [weekError, setWeekError] = useState<string | null>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const [reloading, setReloading] = useState(false)

  const busy = saveDraft.isPending || create.isPending
  const lastError = create.error ?? saveDraft.error
  const serverFields = lastError ? errorFields(lastError) : {}
  const weekMessage = weekError ?? serverFields.weekStartDate
  const order = isCalendarDate(weekStartDate) ? daysOfWeekStarting(weekStartDate) : daysInWeekOrder(weekStartDay)
  const lockedCurrent = current && !isEditable(current.status) ? current : undefined

  const setField = (field: keyof TimesheetDays, value: string) => setDays((d) => ({ ...d, [field]: value }))

  /** The body of both calls; the version guards the prefilled draft against an overwrite. */
  const payload = (): WeekTimesheetSave => ({
    ...days,
    weekStartDate,
    version: prefill && prefill.weekStartDate === weekStartDate ? prefill.version : undefined,
  })

  const validate = (): boolean => {
    if (weekStartDate.trim()) return true
    setWeekError(WEEK_START_REQUIRED)
    document.getElementById('weekStartDate')?.focus()
    return false
  }

  const onFailure = (error: unknown, fallback: string) => {
    if (isUnauthorizedError(error)) return
    if (isConflictError(error)) setConflict(errorMessage(error, fallback))
    toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, fallback) })
  }

  const onSave = () => {
    if (!validate()) return
    saveDraft.mutate(payload(), {
      onSuccess: () => {
        toast({
          title: 'Timesheet Saved',
          description: 'Your timesheet has been saved. You can continue working on it later.',
        })
        navigate('/')
      },
      onError: (error) => onFailure(error, 'Failed to save timesheet'),
    })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!validate()) return
    create.mutate(payload(), {
      onSuccess: () => {
        toast({ title: 'Timesheet Submitted', description: 'Your weekly timesheet has been submitted for approval.' })
        setDays(TimesheetDays.parse({}))
        navigate('/')
      },
      onError: (error) => onFailure(error, 'Failed to submit timesheet'),
    })
  }

  const reload = async () => {
    setReloading(true)
    try {
      await onReload()
    } catch (error) {
      onFailure(error, 'Could not load the latest timesheet')
      setReloading(false)
    }
  }

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

      {conflict ? (
        <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="flex gap-2 text-amber-950">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{conflict}</span>
          </p>
          <p className="text-amber-900">Your entries are still here. Reloading replaces them with the saved version.</p>
          <Button variant="outline" onClick={() => void reload()} disabled={reloading || busy}>
            {reloading ? <Spinner /> : <RefreshCw aria-hidden />} Reload latest version
          </Button>
        </div>
      ) : null}

      <form noValidate onSubmit={onSubmit} aria-label="Weekly timesheet" className="space-y-4">
        <Card>
          <CardContent className="space-y-1.5 pt-4 sm:pt-6">
            <Label htmlFor="weekStartDate">Week Starting</Label>
            <Input
              id="weekStartDate"
              name="weekStartDate"
              type="date"
              required
              className="min-h-12 text-base sm:max-w-xs"
              value={weekStartDate}
              onChange={(e) => {
                setWeekStartDate(e.target.value)
                setWeekError(null)
              }}
              aria-invalid={weekMessage ? true : undefined}
              aria-describedby={weekMessage ? 'weekStartDate-error weekStartDate-hint' : 'weekStartDate-hint'}
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
            date={isCalendarDate(weekStartDate) ? shortDate(dateOfDay(weekStartDate, day)) : null}
            days={days}
            errors={serverFields}
            disabled={busy}
            timeZone={timeZone}
            onChange={setField}
            onFill={(values) => setDays((d) => ({ ...d, ...values }))}
          />
        ))}

        <Card>
          <CardContent className="space-y-1.5 pt-4 sm:pt-6">
            <Label htmlFor="notes">Notes (Optional)</Label>
            <Textarea
              id="notes"
              name="notes"
              rows={3}
              value={days.notes}
              disabled={busy}
              onChange={(e) => setField('notes', e.target.value)}
              aria-invalid={serverFields.notes ? true : undefined}
              aria-describedby={serverFields.notes ? 'notes-error' : undefined}
            />
            {serverFields.notes ? <FieldMessage id="notes-error">{serverFields.notes}</FieldMessage> : null}
          </CardContent>
        </Card>

        <WeekTotal days={days} />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost" size="lg">
            <Link to="/">Cancel</Link>
          </Button>
          <Button variant="outline" size="lg" onClick={onSave} disabled={busy}>
            {saveDraft.isPending ? (
              <>
                <Spinner /> Saving...
              </>
            ) : (
              'Save Timesheet'
            )}
          </Button>
          <Button type="submit" size="lg" disabled={busy}>
            {create.isPending ? (
              <>
                <Spinner /> Submitting...
              </>
            ) : (
              'Submit Timesheet'
            )}
          </Button>
        </div>
      </form>
    </div>
  )
}

interface DayCardProps {
  day: DayName
  date: string | null
  days: TimesheetDays
  errors: Record<string, string>
  disabled: boolean
  timeZone: string
  onChange: (field: keyof TimesheetDays, value: string) => void
  onFill: (values: Partial<TimesheetDays>) => void
}

/** One day: a quick time helper, Start Time, End Time and 'What did you do today?'. */
function DayCard({ day, date, days, errors, disabled, timeZone, onChange, onFill }: DayCardProps) {
  const f = dayFields(day)
  const label = dayLabel[day]
  const titleId = `${day}-title`
  const hours = dayHours(days[f.start], days[f.end])
  const field = (name: keyof TimesheetDays) => ({
    id: name,
    name,
    value: days[name],
    disabled,
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  })
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
        <div className="grid grid-cols-2 gap-3">
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={f.start}>Start Time</Label>
            <Input {...field(f.start)} type="time" step={60} className="min-h-12 text-base" />
            {errors[f.start] ? <FieldMessage id={`${f.start}-error`}>{errors[f.start]}</FieldMessage> : null}
          </div>
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={f.end}>End Time</Label>
            <Input {...field(f.end)} type="time" step={60} className="min-h-12 text-base" />
            {errors[f.end] ? <FieldMessage id={`${f.end}-error`}>{errors[f.end]}</FieldMessage> : null}
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={f.activity}>What did you do today?</Label>
          <Textarea {...field(f.activity)} rows={2} />
          {errors[f.activity] ? <FieldMessage id={`${f.activity}-error`}>{errors[f.activity]}</FieldMessage> : null}
        </div>
      </CardContent>
    </Card>
  )
}
