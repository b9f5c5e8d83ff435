import { CircleAlert, RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { allocationsField, dayFields, TEXT_LIMITS, type DayName } from '@app/core'
import { cn } from '../../lib/cn.ts'
import { Button, type ButtonProps } from '../ui/Button.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { Label } from '../ui/Label.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { Textarea } from '../ui/Textarea.tsx'
import { useTextLimit } from '../ui/TextLimit.tsx'
import type { EditorBusy } from './use-timesheet-editor.ts'
import { DaySplit } from './DaySplit.tsx'
import { DayTimes, type BoundFields } from './DayTimes.tsx'

/** The text fields of a timesheet: the day's activity and the week's notes. */
type TextFieldName = `${DayName}Activity` | 'notes'

/** Binds a timesheet's text field to the form: its id, value, change and server message. */
function bindFields({ days, onChange, idPrefix = '', named, errors = {}, disabled, readOnly }: BoundFields) {
  return (name: TextFieldName) => {
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

/** One text area of a timesheet, labelled, counting down to its limit, with its server message when there is one. */
function TimesheetText({
  name,
  label,
  limit,
  rows,
  className,
  ...bound
}: BoundFields & { name: TextFieldName; label: string; limit: number; rows: number; className?: string }) {
  const field = bindFields(bound)(name)
  const counter = useTextLimit(field.control.id, bound.days[name], limit, field.control['aria-describedby'])
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={field.control.id}>{label}</Label>
      <Textarea
        {...field.control}
        aria-invalid={field.control['aria-invalid'] ?? counter.control['aria-invalid']}
        aria-describedby={counter.control['aria-describedby']}
        rows={rows}
      />
      {field.message}
      {counter.note}
    </div>
  )
}

/**
 * A day's times (its ranges and break, `DayTimes`), its split among ministries and funds and
 * 'What did you do today?' (spec section 2).
 */
export function DayFields({ day, ...bound }: BoundFields & { day: DayName }) {
  const { t } = useTranslation('staff')
  return (
    <>
      <DayTimes day={day} {...bound} />
      <DaySplit
        day={day}
        days={bound.days}
        onChange={bound.onChange}
        idPrefix={bound.idPrefix}
        readOnly={bound.readOnly}
        disabled={bound.disabled}
        message={bound.errors?.[allocationsField(day)]}
      />
      <TimesheetText
        {...bound}
        name={dayFields(day).activity}
        label={t('fields.activity')}
        limit={TEXT_LIMITS.activity}
        rows={2}
      />
    </>
  )
}

/** 'Notes (Optional)'. */
export function NotesField({ className, ...bound }: BoundFields & { className?: string }) {
  const { t } = useTranslation('staff')
  return (
    <TimesheetText
      {...bound}
      name="notes"
      label={t('fields.notes')}
      limit={TEXT_LIMITS.notes}
      rows={3}
      className={className}
    />
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
