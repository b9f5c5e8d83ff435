import { useState, type FormEvent, type ReactNode } from 'react'
import { RotateCcw } from 'lucide-react'
import { dayLabel, PayPeriodFrequency, PayrollSettingsUpdate, WeekStartDay, type PayrollSettings } from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { usePayrollSettings, useUpdatePayrollSettings } from '../../api/payroll.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { FieldMessage } from '../ui/FieldMessage.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { Label } from '../ui/Label.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'

type Field = keyof PayrollSettings
/** The form as typed: every value a string, as its input holds it. */
type Draft = Record<Field, string>

/** The form's fields in the order a person meets them (the first invalid one gets the focus). */
const FIELD_ORDER: readonly Field[] = [
  'weekStartDay',
  'weeklyOvertimeHours',
  'dailyOvertimeHours',
  'dailyDoubleTimeHours',
  'payPeriodFrequency',
  'payPeriodAnchor',
  'adpCompanyCode',
  'adpBatchId',
  'volunteerHourlyRate',
]

export const frequencyLabel: Record<PayPeriodFrequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  semimonthly: 'Twice a month (1st and 16th)',
  monthly: 'Monthly',
}

const text = (value: string | number | null) => (value === null ? '' : String(value))

const toDraft = (s: PayrollSettings): Draft =>
  Object.fromEntries(FIELD_ORDER.map((field) => [field, text(s[field])])) as Draft

/** A typed number: '' is "not given" (null for the optional rules), anything else must read as a number. */
const number = (typed: string) => (typed.trim() === '' ? null : Number(typed))
const required = (typed: string) => number(typed) ?? Number.NaN

/** The draft as the API takes it; the schema of packages/core says what is wrong with it. */
const toUpdate = (d: Draft) => ({
  weekStartDay: d.weekStartDay,
  weeklyOvertimeHours: required(d.weeklyOvertimeHours),
  dailyOvertimeHours: number(d.dailyOvertimeHours),
  dailyDoubleTimeHours: number(d.dailyDoubleTimeHours),
  payPeriodFrequency: d.payPeriodFrequency,
  payPeriodAnchor: d.payPeriodAnchor,
  adpCompanyCode: d.adpCompanyCode,
  adpBatchId: d.adpBatchId,
  volunteerHourlyRate: required(d.volunteerHourlyRate),
})

/** Only what changed is sent: the workweek start is shared with the organization's own form. */
const changes = (update: PayrollSettingsUpdate, saved: PayrollSettings): PayrollSettingsUpdate =>
  Object.fromEntries(
    Object.entries(update).filter(([field, value]) => value !== saved[field as Field]),
  ) as PayrollSettingsUpdate

export const PAYROLL_SETTINGS_SAVED = 'Payroll settings have been updated.'

/** Settings → Payroll: loads the settings, then the form (started again from each saved answer). */
export function PayrollSettingsSection() {
  const settings = usePayrollSettings()
  if (settings.isPending) return <LoadingState label="Loading payroll settings..." rows={3} />
  if (settings.isError) {
    return (
      <ErrorState
        message={errorMessage(settings.error, 'Could not load the payroll settings.')}
        onRetry={() => void settings.refetch()}
      />
    )
  }
  return <PayrollSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
}

/** Overtime rules, workweek start, pay periods, ADP codes and the volunteer hour's value; Reset and Save. */
export function PayrollSettingsForm({ saved }: { saved: PayrollSettings }) {
  const update = useUpdatePayrollSettings()
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved))
  const errors = useFieldErrors(FIELD_ORDER, update.error)
  const shown = errors.shown
  const busy = update.isPending
  const changed = JSON.stringify(draft) !== JSON.stringify(toDraft(saved))

  const set = (name: Field, value: string) => {
    setDraft((d) => ({ ...d, [name]: value }))
    errors.clear(name)
  }

  const reset = () => {
    setDraft(toDraft(saved))
    errors.clear()
    update.reset()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = errors.check(PayrollSettingsUpdate, toUpdate(draft), event.currentTarget)
    if (!checked) return
    // The saved answer starts the form again (a new key), so the outcome is said from the promise,
    // which settles even when this form is no longer mounted.
    update.mutateAsync(changes(checked, saved)).then(
      () => toast({ title: 'Settings Saved', description: PAYROLL_SETTINGS_SAVED }),
      (error: unknown) => toastFailure('Error', error, 'Failed to update payroll settings'),
    )
  }

  /** The props every control shares: its name, value, message and hint wiring. */
  const control = (name: Field, hint?: boolean) => ({
    id: `payroll-${name}`,
    name,
    value: draft[name],
    disabled: busy,
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    'aria-invalid': shown[name] ? true : undefined,
    'aria-describedby':
      [hint ? `payroll-${name}-hint` : null, shown[name] ? `payroll-${name}-error` : null].filter(Boolean).join(' ') ||
      undefined,
  })

  const hours = { type: 'number', inputMode: 'decimal' as const, min: 0.25, step: 0.25 }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label="Payroll settings">
      <fieldset className="min-w-0 space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Overtime</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Row
            name="weekStartDay"
            label="Workweek starts on"
            message={shown.weekStartDay}
            hint="Overtime is counted per workweek. This is the organization’s week start, the same as above."
          >
            <select {...control('weekStartDay', true)} className={inputClasses}>
              {WeekStartDay.options.map((day) => (
                <option key={day} value={day}>
                  {dayLabel[day]}
                </option>
              ))}
            </select>
          </Row>
          <Row
            name="weeklyOvertimeHours"
            label="Weekly overtime after (hours)"
            message={shown.weeklyOvertimeHours}
            hint="Non-exempt staff earn overtime for hours over this in a workweek (FLSA: 40)."
          >
            <Input {...control('weeklyOvertimeHours', true)} {...hours} required />
          </Row>
          <Row
            name="dailyOvertimeHours"
            label="Daily overtime after (hours, optional)"
            message={shown.dailyOvertimeHours}
            hint="Leave empty for no daily rule. California uses 8."
          >
            <Input {...control('dailyOvertimeHours', true)} {...hours} />
          </Row>
          <Row
            name="dailyDoubleTimeHours"
            label="Daily double time after (hours, optional)"
            message={shown.dailyDoubleTimeHours}
            hint="Leave empty for no double time. California uses 12."
          >
            <Input {...control('dailyDoubleTimeHours', true)} {...hours} />
          </Row>
        </div>
      </fieldset>

      <fieldset className="min-w-0 space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Pay periods</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Row name="payPeriodFrequency" label="Pay period" message={shown.payPeriodFrequency}>
            <select {...control('payPeriodFrequency')} className={inputClasses}>
              {PayPeriodFrequency.options.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {frequencyLabel[frequency]}
                </option>
              ))}
            </select>
          </Row>
          <Row
            name="payPeriodAnchor"
            label="First day of a pay period"
            message={shown.payPeriodAnchor}
            hint="Any period’s first day; the others follow from it."
          >
            <Input {...control('payPeriodAnchor', true)} type="date" required />
          </Row>
        </div>
      </fieldset>

      <fieldset className="min-w-0 space-y-4">
        <legend className="text-sm font-semibold text-slate-900">ADP and volunteers</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Row
            name="adpCompanyCode"
            label="ADP company code (optional)"
            message={shown.adpCompanyCode}
            hint="Co Code in the ADP paydata file."
          >
            <Input {...control('adpCompanyCode', true)} autoComplete="off" maxLength={3} />
          </Row>
          <Row
            name="adpBatchId"
            label="ADP batch ID (optional)"
            message={shown.adpBatchId}
            hint="Batch ID in the ADP paydata file."
          >
            <Input {...control('adpBatchId', true)} autoComplete="off" maxLength={20} />
          </Row>
          <Row
            name="volunteerHourlyRate"
            label="Volunteer hour value (USD)"
            message={shown.volunteerHourlyRate}
            hint="Values volunteer hours in the Reports page, for grant reports."
          >
            <Input
              {...control('volunteerHourlyRate', true)}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              required
            />
          </Row>
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={reset} disabled={busy || (!changed && Object.keys(shown).length === 0)}>
          <RotateCcw aria-hidden /> Reset
        </Button>
        <Button type="submit" disabled={busy} busy={busy} busyLabel="Saving...">
          Save Payroll Settings
        </Button>
      </div>
    </form>
  )
}

/** A label, its control, an optional hint and the field's message. */
function Row({
  name,
  label,
  hint,
  message,
  children,
}: {
  name: Field
  label: string
  hint?: string
  message?: string
  children: ReactNode
}) {
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={`payroll-${name}`}>{label}</Label>
      {children}
      {hint ? (
        <p id={`payroll-${name}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {message ? <FieldMessage id={`payroll-${name}-error`}>{message}</FieldMessage> : null}
    </div>
  )
}
