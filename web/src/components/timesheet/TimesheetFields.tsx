import { CircleAlert, RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  allocationsField,
  breakField,
  breaksLongerThanShift,
  dayChecks,
  dayFields,
  LONG_DAY_MINUTES,
  MAX_BREAK_MINUTES,
  TEXT_LIMITS,
  type DayName,
  type AllocationFieldName,
  type TimesheetDays,
} from '@app/core'
import { cn } from '../../lib/cn.ts'
import { Button, type ButtonProps } from '../ui/Button.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { Input } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { Textarea } from '../ui/Textarea.tsx'
import { useTextLimit } from '../ui/TextLimit.tsx'
import type { EditorBusy } from './use-timesheet-editor.ts'
import { DaySplit } from './DaySplit.tsx'

/** How the day fields and notes of both timesheet forms are bound to the editor's days. */
interface BoundFields {
  days: TimesheetDays
  onChange: (field: keyof TimesheetDays, value: TimesheetDays[keyof TimesheetDays]) => void
  /** Prefixes the ids, so the dialog's fields never share an id with the page's. */
  idPrefix?: string
  /** Gives each input a `name` (the page's form posts them by name). */
  named?: boolean
  /** The server's messages by field name (a 400's `fields`). */
  errors?: Record<string, string>
  disabled?: boolean
  readOnly?: boolean
}

/** One input or text area of a timesheet, labelled, with its server message when there is one. */
function bindFields({ days, onChange, idPrefix = '', named, errors = {}, disabled, readOnly }: BoundFields) {
  return (name: Exclude<keyof TimesheetDays, AllocationFieldName>) => {
    const id = `${idPrefix}${name}`
    const message = errors[name]
    return {
      control: {
        id,
        name: named ? name : undefined,
        value: days[name],
        disabled,
        readOnly,
        onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
        'aria-invalid': message ? true : undefined,
        'aria-describedby': message ? `${id}-error` : undefined,
      },
      message: message ? <FieldMessage id={`${id}-error`}>{message}</FieldMessage> : null,
    }
  }
}

/** A typed break: empty is no break; the schema of packages/core judges the rest (whole minutes, 0 to 720). */
const minutesOf = (typed: string): number => (typed.trim() === '' ? 0 : Number(typed))

/**
 * A day's 'Start Time', 'End Time' and 'What did you do today?' (spec section 2), and its unpaid
 * break in minutes (issue 19), which says at once when it is longer than the shift.
 */
export function DayFields({ day, ...bound }: BoundFields & { day: DayName }) {
  const { t } = useTranslation('staff')
  const f = dayFields(day)
  const field = bindFields(bound)
  const start = field(f.start)
  const end = field(f.end)
  const activity = field(f.activity)
  const activityLimit = useTextLimit(
    activity.control.id,
    bound.days[f.activity],
    TEXT_LIMITS.activity,
    activity.control['aria-describedby'],
  )
  const breakName = breakField(day)
  const minutes = bound.days[breakName]
  const tooLong = breaksLongerThanShift({
    [f.start]: bound.days[f.start],
    [f.end]: bound.days[f.end],
    [breakName]: minutes,
  })
  const breakInput = bindFields({
    ...bound,
    errors: { ...(tooLong.length > 0 ? { [breakName]: t('fields.breakTooLong') } : {}), ...bound.errors },
  })(breakName)
  // Allowed as the spec counts them, but said: an end on the next day, and a day over 12 hours.
  const checks = dayChecks(bound.days[f.start], bound.days[f.end])
  const nextDayId = `${end.control.id}-next-day`
  const longDayId = `${bound.idPrefix ?? ''}${day}-long-day`
  const nextDay = checks.includes('endsNextDay')
  const longDay = checks.includes('longDay')
  const endDescribedBy =
    [end.control['aria-describedby'], nextDay ? nextDayId : undefined, longDay ? longDayId : undefined]
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor={start.control.id}>{t('fields.startTime')}</Label>
          <Input {...start.control} type="time" step={60} className="min-h-12 text-base" />
          {start.message}
        </div>
        <div className="min-w-0 space-y-1.5">
          <div className="flex items-baseline justify-between gap-2">
            <Label htmlFor={end.control.id}>{t('fields.endTime')}</Label>
            {nextDay ? (
              <span id={nextDayId} className="text-xs font-semibold whitespace-nowrap text-indigo-800">
                {t('fields.nextDay')}
              </span>
            ) : null}
          </div>
          <Input
            {...end.control}
            aria-describedby={endDescribedBy}
            type="time"
            step={60}
            className="min-h-12 text-base"
          />
          {end.message}
        </div>
        <div className="col-span-2 min-w-0 space-y-1.5 sm:col-span-1">
          <Label htmlFor={breakInput.control.id}>{t('fields.break')}</Label>
          <Input
            {...breakInput.control}
            value={minutes ? String(minutes) : ''}
            onChange={(e) => bound.onChange(breakName, minutesOf(e.target.value))}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_BREAK_MINUTES}
            step={1}
            placeholder="0"
            className="min-h-12 text-base"
          />
          {breakInput.message}
        </div>
      </div>
      {longDay ? (
        <p id={longDayId} className="flex gap-2 text-sm text-amber-900">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t('fields.longDay', { hours: LONG_DAY_MINUTES / 60 })}</span>
        </p>
      ) : null}
      <DaySplit
        day={day}
        days={bound.days}
        onChange={bound.onChange}
        idPrefix={bound.idPrefix}
        readOnly={bound.readOnly}
        disabled={bound.disabled}
        message={bound.errors?.[allocationsField(day)]}
      />
      <div className="space-y-1.5">
        <Label htmlFor={activity.control.id}>{t('fields.activity')}</Label>
        <Textarea
          {...activity.control}
          aria-invalid={activity.control['aria-invalid'] ?? activityLimit.control['aria-invalid']}
          aria-describedby={activityLimit.control['aria-describedby']}
          rows={2}
        />
        {activity.message}
        {activityLimit.note}
      </div>
    </>
  )
}

/** 'Notes (Optional)'. */
export function NotesField({ className, ...bound }: BoundFields & { className?: string }) {
  const { t } = useTranslation('staff')
  const notes = bindFields(bound)('notes')
  const limit = useTextLimit(notes.control.id, bound.days.notes, TEXT_LIMITS.notes, notes.control['aria-describedby'])
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={notes.control.id}>{t('fields.notes')}</Label>
      <Textarea
        {...notes.control}
        aria-invalid={notes.control['aria-invalid'] ?? limit.control['aria-invalid']}
        aria-describedby={limit.control['aria-describedby']}
        rows={3}
      />
      {notes.message}
      {limit.note}
    </div>
  )
}

/** After a 409: why the save was refused, that nothing typed is lost, and the reload on offer. */
export function ConflictNotice({
  message,
  reloading,
  disabled,
  onReload,
  className,
}: {
  message: string | null
  reloading: boolean
  disabled: boolean
  onReload: () => void
  className?: string
}) {
  const { t } = useTranslation('staff')
  if (!message) return null
  return (
    <div role="alert" className={cn('space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm', className)}>
      <p className="flex gap-2 text-amber-950">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{message}</span>
      </p>
      <p className="text-amber-900">{t('fields.entriesKept')}</p>
      <Button variant="outline" onClick={onReload} disabled={reloading || disabled}>
        {reloading ? <Spinner /> : <RefreshCw aria-hidden />} {t('fields.reload')}
      </Button>
    </div>
  )
}

/** The supervisor's comment on a declined week; `boxed` when it stands alone (not in a red box already). */
export function SupervisorComments({
  comments,
  boxed = false,
  className,
}: {
  comments: string | null | undefined
  boxed?: boolean
  className?: string
}) {
  const { t } = useTranslation('staff')
  if (!comments) return null
  return (
    <div className={cn(boxed && 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900', className)}>
      <p className="font-semibold">{t('weeklyDialog.supervisorComments')}</p>
      <p className="break-words whitespace-pre-line">{comments}</p>
    </div>
  )
}

/** Save and Submit of both timesheet forms: both held while anything runs, the running one busy. */
export function SaveAndSubmitButtons({
  busy,
  onSave,
  onSubmit,
  submitLabel,
  size,
}: {
  busy: EditorBusy
  onSave: () => void
  /** Without it, Submit submits the form. */
  onSubmit?: () => void
  submitLabel: string
  size?: ButtonProps['size']
}) {
  const { t } = useTranslation('staff')
  return (
    <>
      <Button
        variant="outline"
        size={size}
        onClick={onSave}
        disabled={busy !== null}
        busy={busy === 'save'}
        busyLabel={t('common:saving')}
      >
        {t('weeklyDialog.save')}
      </Button>
      <Button
        type={onSubmit ? 'button' : 'submit'}
        size={size}
        onClick={onSubmit}
        disabled={busy !== null}
        busy={busy === 'submit'}
        busyLabel={t('weeklyDialog.submitting')}
      >
        {submitLabel}
      </Button>
    </>
  )
}
