import { useState, type ReactNode } from 'react'
import { RotateCcw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PayPeriodFrequency, PayrollSettingsUpdate, WeekStartDay, type PayrollSettings } from '@app/core'
import { usePayrollSettings, useUpdatePayrollSettings } from '../../api/payroll.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { DayOptions, Options } from '../ui/Options.tsx'
import { fieldDescription, FormField } from '../ui/FormField.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { SavedForm } from '../ui/Remounted.tsx'

/** leave payroll items and ADP codes are set through the API (not yet a field of this form). */
type Field = Exclude<keyof PayrollSettings, 'leavePayItems' | 'adpLeaveCodes'>
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

/** The fields that have a hint under them (settings.payrollForm.{field}.hint). */
const HINTED: ReadonlySet<Field> = new Set(FIELD_ORDER.filter((f) => f !== 'payPeriodFrequency'))

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

/** Settings → Payroll: loads the settings, then the form (started again from each saved answer). */
export function PayrollSettingsSection() {
  const { t } = useTranslation('supervisor')
  const settings = usePayrollSettings()
  return (
    <SavedForm
      query={settings}
      loading={t('settings.payrollForm.loading')}
      loadError={t('settings.payrollForm.loadError')}
      rows={3}
    >
      {(saved) => <PayrollSettingsForm saved={saved} />}
    </SavedForm>
  )
}

/** Overtime rules, workweek start, pay periods, ADP codes and the volunteer hour's value; Reset and Save. */
export function PayrollSettingsForm({ saved }: { saved: PayrollSettings }) {
  const { t } = useTranslation('supervisor')
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

  // The saved answer starts the form again (a new key), so the outcome is said from the promise,
  // which settles even when this form is no longer mounted.
  const onSubmit = errors.onSubmit(PayrollSettingsUpdate, toUpdate(draft), (checked) =>
    update.mutateAsync(changes(checked, saved)).then(
      () => toast({ title: t('settings.form.savedTitle'), description: t('settings.payrollForm.saved') }),
      (error: unknown) => toastFailure(t('members.error'), error, t('settings.payrollForm.saveFailed')),
    ),
  )

  /** The props every control shares: its name, value, message and hint wiring. */
  const control = (name: Field) => ({
    id: `payroll-${name}`,
    name,
    value: draft[name],
    disabled: busy,
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    'aria-invalid': shown[name] ? true : undefined,
    'aria-describedby': fieldDescription(`payroll-${name}`, { hint: HINTED.has(name), message: shown[name] }),
  })

  const hours = { type: 'number', inputMode: 'decimal' as const, min: 0.25, step: 0.25 }
  const field = Object.fromEntries(FIELD_ORDER.map((name) => [name, control(name)])) as Record<
    Field,
    ReturnType<typeof control>
  >

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label={t('settings.payrollForm.label')}>
      <Group legend={t('settings.payrollForm.overtime')}>
        <Row name="weekStartDay" message={shown.weekStartDay}>
          <select {...field.weekStartDay} className={inputClasses}>
            <DayOptions days={WeekStartDay.options} />
          </select>
        </Row>
        <Row name="weeklyOvertimeHours" message={shown.weeklyOvertimeHours}>
          <Input {...field.weeklyOvertimeHours} {...hours} required />
        </Row>
        <Row name="dailyOvertimeHours" message={shown.dailyOvertimeHours}>
          <Input {...field.dailyOvertimeHours} {...hours} />
        </Row>
        <Row name="dailyDoubleTimeHours" message={shown.dailyDoubleTimeHours}>
          <Input {...field.dailyDoubleTimeHours} {...hours} />
        </Row>
      </Group>

      <Group legend={t('settings.payrollForm.payPeriods')}>
        <Row name="payPeriodFrequency" message={shown.payPeriodFrequency}>
          <select {...field.payPeriodFrequency} className={inputClasses}>
            <Options
              values={PayPeriodFrequency.options}
              label={(frequency) => t(`settings.payrollForm.frequency.${frequency}`)}
            />
          </select>
        </Row>
        <Row name="payPeriodAnchor" message={shown.payPeriodAnchor}>
          <Input {...field.payPeriodAnchor} type="date" required />
        </Row>
      </Group>

      <Group legend={t('settings.payrollForm.adp')}>
        <Row name="adpCompanyCode" message={shown.adpCompanyCode}>
          <Input {...field.adpCompanyCode} autoComplete="off" maxLength={3} />
        </Row>
        <Row name="adpBatchId" message={shown.adpBatchId}>
          <Input {...field.adpBatchId} autoComplete="off" maxLength={20} />
        </Row>
        <Row name="volunteerHourlyRate" message={shown.volunteerHourlyRate}>
          <Input {...field.volunteerHourlyRate} type="number" inputMode="decimal" min={0} step={0.01} required />
        </Row>
      </Group>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={reset} disabled={busy || (!changed && Object.keys(shown).length === 0)}>
          <RotateCcw aria-hidden /> {t('settings.form.reset')}
        </Button>
        <Button type="submit" busy={busy} busyLabel={t('members.edit.saving')}>
          {t('settings.payrollForm.save')}
        </Button>
      </div>
    </form>
  )
}

/** A part of the form: its legend over its fields, two side by side from sm up. */
const Group = ({ legend, children }: { legend: string; children: ReactNode }) => (
  <fieldset className="min-w-0 space-y-4">
    <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
    <div className="grid gap-4 sm:grid-cols-2">{children}</div>
  </fieldset>
)

/** A label, its control, its hint (when it has one) and the field's message. */
function Row({ name, message, children }: { name: Field; message?: string; children: ReactNode }) {
  const { t } = useTranslation('supervisor')
  return (
    <FormField
      id={`payroll-${name}`}
      className="min-w-0"
      label={t(`settings.payrollForm.${name}.label`)}
      hint={HINTED.has(name) ? t(`settings.payrollForm.${name}.hint`) : null}
      message={message}
    >
      {children}
    </FormField>
  )
}
