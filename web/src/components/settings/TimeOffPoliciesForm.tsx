import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PayType, TimeOffPolicies } from '@app/core'
import { useUpdatePolicies } from '../../api/time-off.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { CheckboxRow, FormField } from '../ui/FormField.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { useKindName } from '../time-off/time-off-parts.tsx'
import { OpeningBalancesForm } from './OpeningBalancesForm.tsx'
import { fromDraft, METHODS, toDraft, type Method, type PolicyDraft } from './policy-draft.ts'
import { Options } from '../ui/Options.tsx'

/** Settings → Time off: the policies of the three kinds, then (once saved) their opening balances. */
export function PoliciesForm({ saved }: { saved: TimeOffPolicies }) {
  const { t } = useTranslation('supervisor')
  const update = useUpdatePolicies()
  const [drafts, setDrafts] = useState(() => saved.policies.map(toDraft))
  // Every balance starts at 0: once the policies are saved, opening balances are offered.
  const [opening, setOpening] = useState(false)
  const errors = useFieldErrors(['policies'] as const, update.error)
  const change = (kind: PolicyDraft['kind'], patch: Partial<PolicyDraft>) => {
    setDrafts((ds) => ds.map((d) => (d.kind === kind ? { ...d, ...patch } : d)))
    errors.clear()
  }
  const onSubmit = errors.onSubmit(TimeOffPolicies, { policies: drafts.map(fromDraft) }, (policies) =>
    update.mutate(policies, {
      onSuccess: () => {
        toast({ title: t('settings.timeOff.savedTitle'), description: t('settings.timeOff.saved') })
        setOpening(true)
      },
      onError: (error) => toastFailure(t('settings.timeOff.failedTitle'), error, t('settings.timeOff.failed')),
    }),
  )
  return (
    <>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="time-off-policies-title">
        <h3 id="time-off-policies-title" className="font-semibold text-slate-900">
          {t('settings.timeOff.policiesTitle')}
        </h3>
        <FormAlert message={errors.shown.policies ?? errors.formError(t('settings.timeOff.failed'))} />
        {drafts.map((d) => (
          <PolicyFields key={d.kind} draft={d} onChange={(patch) => change(d.kind, patch)} />
        ))}
        <Button type="submit" busy={update.isPending}>
          {t('settings.timeOff.savePolicies')}
        </Button>
        {opening ? null : (
          <Button variant="outline" className="ml-2" onClick={() => setOpening(true)}>
            {t('settings.timeOff.opening.open')}
          </Button>
        )}
      </form>
      {opening ? <OpeningBalancesForm onDone={() => setOpening(false)} /> : null}
    </>
  )
}

function PolicyFields({ draft: d, onChange }: { draft: PolicyDraft; onChange: (patch: Partial<PolicyDraft>) => void }) {
  const { t } = useTranslation('supervisor')
  const kindName = useKindName()
  const id = useId()
  const fid = (name: string) => `${id}-${name}`
  const number = (name: 'hours' | 'per' | 'capHours' | 'carryoverHours', label: string, hint?: string) => (
    <FormField id={fid(name)} label={label} hint={hint}>
      <Input
        id={fid(name)}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={d[name]}
        onChange={(e) => onChange({ [name]: e.target.value })}
        aria-describedby={hint ? `${fid(name)}-hint` : undefined}
      />
    </FormField>
  )
  const hours = {
    perHoursWorked: number('hours', t('settings.timeOff.accruedHours')),
    per: number('per', t('settings.timeOff.perHoursWorked')),
    perPayPeriod: number('hours', t('settings.timeOff.perPeriodHours')),
    yearly: number('hours', t('settings.timeOff.yearlyHours')),
    cap: number('capHours', t('settings.timeOff.cap'), t('settings.timeOff.noLimitHint')),
    carryover: number('carryoverHours', t('settings.timeOff.carryover'), t('settings.timeOff.noLimitHint')),
  }
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 font-medium text-slate-900">{t(`settings.timeOff.kinds.${d.kind}`)}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={fid('name')} label={t('settings.timeOff.name')}>
          <Input
            id={fid('name')}
            value={d.name}
            maxLength={60}
            placeholder={kindName(d.kind)}
            onChange={(e) => onChange({ name: e.target.value })}
          />
        </FormField>
        <FormField id={fid('method')} label={t('settings.timeOff.accrual')}>
          <select
            id={fid('method')}
            className={inputClasses}
            value={d.method}
            onChange={(e) => onChange({ method: e.target.value as Method })}
          >
            <Options values={METHODS} label={(m) => t(`settings.timeOff.methods.${m}`)} />
          </select>
        </FormField>
        {d.method === 'perHoursWorked' ? (
          <>
            {hours.perHoursWorked}
            {hours.per}
          </>
        ) : null}
        {d.method === 'perPayPeriod' ? hours.perPayPeriod : null}
        {d.method === 'yearly' ? (
          <>
            {hours.yearly}
            <FormField id={fid('on')} label={t('settings.timeOff.on')} hint={t('settings.timeOff.onHint')}>
              <Input
                id={fid('on')}
                value={d.on}
                placeholder="01-01"
                maxLength={5}
                onChange={(e) => onChange({ on: e.target.value })}
                aria-describedby={`${fid('on')}-hint`}
              />
            </FormField>
          </>
        ) : null}
        {hours.cap}
        {hours.carryover}
      </div>
      <CheckboxRow
        id={fid('allowNegative')}
        checked={d.allowNegative}
        onChange={(allowNegative) => onChange({ allowNegative })}
        label={t('settings.timeOff.allowNegative')}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('settings.timeOff.eligible')}</legend>
        {/* A row 44 px high each: the box's 44 px target reaches to its neighbours' and no further. */}
        {PayType.options.map((pt) => (
          <div key={pt} className="flex min-h-11 items-center">
            <CheckboxRow
              id={fid(`eligible-${pt}`)}
              checked={d.eligiblePayTypes.includes(pt)}
              onChange={(on) =>
                onChange({
                  eligiblePayTypes: on ? [...d.eligiblePayTypes, pt] : d.eligiblePayTypes.filter((x) => x !== pt),
                })
              }
              label={t(`payTypes.${pt}`)}
            />
          </div>
        ))}
        <p className="text-sm text-slate-600">{t('settings.timeOff.volunteersNever')}</p>
      </fieldset>
    </fieldset>
  )
}
