import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  DEFAULT_HOLIDAY_HOURS,
  HolidayCalendar,
  PayType,
  TimeOffPolicies,
  todayIn,
  US_FEDERAL_HOLIDAYS,
  usFederalHolidays,
  type Accrual,
  type TimeOffPolicy,
} from '@app/core'
import { errorMessage } from '../../api/client.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { useHolidays, usePolicies, useUpdateHolidays, useUpdatePolicies } from '../../api/time-off.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/Card.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { LoadingState } from '../ui/LoadingState.tsx'
import { useKindName } from '../time-off/time-off-parts.tsx'
import { OpeningBalancesForm } from './OpeningBalancesForm.tsx'

/** Settings → Time off: the policies of the three kinds, then the holidays and blackout dates. */
export function TimeOffSettingsSection() {
  const { t } = useTranslation('supervisor')
  const policies = usePolicies()
  const holidays = useHolidays()
  return (
    <Card id="time-off" role="region" aria-labelledby="time-off-settings-title">
      <CardHeader>
        <CardTitle id="time-off-settings-title">{t('settings.timeOff.title')}</CardTitle>
        <CardDescription>{t('settings.timeOff.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {policies.isPending ? (
          <LoadingState label={t('settings.loading')} />
        ) : policies.data ? (
          <PoliciesForm key={JSON.stringify(policies.data)} saved={policies.data} />
        ) : (
          <ErrorState
            message={errorMessage(policies.error, t('settings.loadError'))}
            onRetry={() => void policies.refetch()}
          />
        )}
        {holidays.isPending ? (
          <LoadingState label={t('settings.loading')} />
        ) : holidays.data ? (
          <HolidaysForm key={JSON.stringify(holidays.data)} saved={holidays.data} />
        ) : (
          <ErrorState
            message={errorMessage(holidays.error, t('settings.loadError'))}
            onRetry={() => void holidays.refetch()}
          />
        )}
      </CardContent>
    </Card>
  )
}

// ---- policies ----------------------------------------------------------------------------------

type Method = Accrual['method']
const METHODS: readonly Method[] = ['none', 'perHoursWorked', 'perPayPeriod', 'yearly']

/** A policy as the form edits it: numbers as typed. */
interface PolicyDraft {
  kind: TimeOffPolicy['kind']
  name: string
  method: Method
  hours: string
  per: string
  on: string
  capHours: string
  carryoverHours: string
  allowNegative: boolean
  eligiblePayTypes: PayType[]
}

const toDraft = (p: TimeOffPolicy): PolicyDraft => ({
  kind: p.kind,
  name: p.name,
  method: p.accrual.method,
  hours: 'hours' in p.accrual ? String(p.accrual.hours) : '',
  per: p.accrual.method === 'perHoursWorked' ? String(p.accrual.per) : '',
  on: p.accrual.method === 'yearly' ? p.accrual.on : '01-01',
  capHours: p.capHours === null ? '' : String(p.capHours),
  carryoverHours: p.carryoverHours === null ? '' : String(p.carryoverHours),
  allowNegative: p.allowNegative,
  eligiblePayTypes: p.eligiblePayTypes,
})

/** A typed number, or what the schema refuses with its own message (text it cannot read). */
const num = (s: string): unknown => (s.trim() === '' ? undefined : Number(s))
const limit = (s: string): unknown => (s.trim() === '' ? null : Number(s))

const fromDraft = (d: PolicyDraft) => ({
  kind: d.kind,
  name: d.name,
  accrual:
    d.method === 'none'
      ? { method: 'none' }
      : d.method === 'perHoursWorked'
        ? { method: d.method, hours: num(d.hours), per: num(d.per) }
        : d.method === 'perPayPeriod'
          ? { method: d.method, hours: num(d.hours) }
          : { method: d.method, hours: num(d.hours), on: d.on },
  capHours: limit(d.capHours),
  carryoverHours: limit(d.carryoverHours),
  allowNegative: d.allowNegative,
  eligiblePayTypes: d.eligiblePayTypes,
})

function PoliciesForm({ saved }: { saved: TimeOffPolicies }) {
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
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`settings.timeOff.methods.${m}`)}
              </option>
            ))}
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
      <label className="flex items-center gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          className="size-4"
          checked={d.allowNegative}
          onChange={(e) => onChange({ allowNegative: e.target.checked })}
        />
        {t('settings.timeOff.allowNegative')}
      </label>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">{t('settings.timeOff.eligible')}</legend>
        {PayType.options.map((pt) => (
          <label key={pt} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4"
              checked={d.eligiblePayTypes.includes(pt)}
              onChange={(e) =>
                onChange({
                  eligiblePayTypes: e.target.checked
                    ? [...d.eligiblePayTypes, pt]
                    : d.eligiblePayTypes.filter((x) => x !== pt),
                })
              }
            />
            {t(`payTypes.${pt}`)}
          </label>
        ))}
        <p className="text-sm text-slate-600">{t('settings.timeOff.volunteersNever')}</p>
      </fieldset>
    </fieldset>
  )
}

// ---- holidays and blackout dates ---------------------------------------------------------------

interface HolidayRow {
  key: number
  date: string
  name: string
  hours: string
}
interface BlackoutRow {
  key: number
  date: string
  reason: string
}
let nextKey = 0
const key = () => ++nextKey

function HolidaysForm({ saved }: { saved: HolidayCalendar }) {
  const { t } = useTranslation('supervisor')
  const timeZone = useOrgTimeZone()
  const update = useUpdateHolidays()
  const id = useId()
  const [holidays, setHolidays] = useState<HolidayRow[]>(() =>
    saved.holidays.map((h) => ({ key: key(), date: h.date, name: h.name, hours: String(h.hours) })),
  )
  const [blackouts, setBlackouts] = useState<BlackoutRow[]>(() =>
    saved.blackouts.map((b) => ({ key: key(), date: b.date, reason: b.reason })),
  )
  const [year, setYear] = useState(() => Number(todayIn(timeZone).slice(0, 4)))
  const errors = useFieldErrors(['holidays', 'blackouts'] as const, update.error)
  const editHoliday = (k: number, patch: Partial<HolidayRow>) => {
    setHolidays((hs) => hs.map((h) => (h.key === k ? { ...h, ...patch } : h)))
    errors.clear()
  }
  const editBlackout = (k: number, patch: Partial<BlackoutRow>) => {
    setBlackouts((bs) => bs.map((b) => (b.key === k ? { ...b, ...patch } : b)))
    errors.clear()
  }
  const addFederal = () => {
    const names = Object.fromEntries(US_FEDERAL_HOLIDAYS.map((h) => [h, t(`settings.timeOff.federal.${h}`)])) as Record<
      (typeof US_FEDERAL_HOLIDAYS)[number],
      string
    >
    const taken = new Set(holidays.map((h) => h.date))
    const added = usFederalHolidays(year, names)
      .filter((h) => !taken.has(h.date))
      .map((h) => ({ key: key(), date: h.date, name: h.name, hours: String(h.hours) }))
    setHolidays((hs) => [...hs, ...added].sort((a, b) => a.date.localeCompare(b.date)))
    toast({ title: t('settings.timeOff.federalAdded', { count: added.length, year }) })
  }
  const values = {
    holidays: holidays.map((h) => ({ date: h.date, name: h.name, hours: num(h.hours) })),
    blackouts: blackouts.map((b) => ({ date: b.date, reason: b.reason })),
  }
  const onSubmit = errors.onSubmit(HolidayCalendar, values, (calendar) =>
    update.mutate(calendar, {
      onSuccess: () =>
        toast({ title: t('settings.timeOff.savedTitle'), description: t('settings.timeOff.holidaysSaved') }),
      onError: (error) => toastFailure(t('settings.timeOff.failedTitle'), error, t('settings.timeOff.failed')),
    }),
  )
  const message = errors.shown.holidays ?? errors.shown.blackouts ?? errors.formError(t('settings.timeOff.failed'))
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-labelledby="holidays-title">
      <h3 id="holidays-title" className="font-semibold text-slate-900">
        {t('settings.timeOff.holidaysTitle')}
      </h3>
      <FormAlert message={message} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t('settings.timeOff.holidays')}</legend>
        {holidays.length === 0 ? <p className="text-sm text-slate-600">{t('settings.timeOff.noHolidays')}</p> : null}
        <ul className="space-y-3">
          {holidays.map((h, i) => (
            <li key={h.key} className="grid grid-cols-2 gap-2 sm:grid-cols-[10rem_1fr_6rem_auto] sm:items-end">
              <FormField id={`${id}-h${h.key}-date`} label={t('settings.timeOff.date')}>
                <Input
                  id={`${id}-h${h.key}-date`}
                  type="date"
                  value={h.date}
                  onChange={(e) => editHoliday(h.key, { date: e.target.value })}
                />
              </FormField>
              <FormField id={`${id}-h${h.key}-hours`} label={t('settings.timeOff.holidayHours')} className="sm:order-3">
                <Input
                  id={`${id}-h${h.key}-hours`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={24}
                  step="any"
                  value={h.hours}
                  onChange={(e) => editHoliday(h.key, { hours: e.target.value })}
                />
              </FormField>
              <FormField
                id={`${id}-h${h.key}-name`}
                label={t('settings.timeOff.holidayName')}
                className="col-span-2 sm:order-2 sm:col-span-1"
              >
                <Input
                  id={`${id}-h${h.key}-name`}
                  value={h.name}
                  maxLength={80}
                  onChange={(e) => editHoliday(h.key, { name: e.target.value })}
                />
              </FormField>
              <Button
                type="button"
                variant="outline"
                className="col-span-2 sm:order-4 sm:col-span-1"
                aria-label={t('settings.timeOff.removeHoliday', { name: h.name || String(i + 1) })}
                onClick={() => setHolidays((hs) => hs.filter((x) => x.key !== h.key))}
              >
                {t('settings.timeOff.remove')}
              </Button>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-end gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              setHolidays((hs) => [...hs, { key: key(), date: '', name: '', hours: String(DEFAULT_HOLIDAY_HOURS) }])
            }
          >
            {t('settings.timeOff.addHoliday')}
          </Button>
          <FormField id={`${id}-year`} label={t('settings.timeOff.year')} className="w-28">
            <Input
              id={`${id}-year`}
              type="number"
              min={2000}
              max={2100}
              value={year}
              onChange={(e) => setYear(Number(e.target.value))}
            />
          </FormField>
          <Button type="button" variant="outline" disabled={!(year >= 2000 && year <= 2100)} onClick={addFederal}>
            {t('settings.timeOff.addFederal', { year })}
          </Button>
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t('settings.timeOff.blackouts')}</legend>
        <p className="text-sm text-slate-600">{t('settings.timeOff.blackoutsHint')}</p>
        <ul className="space-y-3">
          {blackouts.map((b, i) => (
            <li key={b.key} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
              <FormField id={`${id}-b${b.key}-date`} label={t('settings.timeOff.date')}>
                <Input
                  id={`${id}-b${b.key}-date`}
                  type="date"
                  value={b.date}
                  onChange={(e) => editBlackout(b.key, { date: e.target.value })}
                />
              </FormField>
              <FormField id={`${id}-b${b.key}-reason`} label={t('settings.timeOff.reason')}>
                <Input
                  id={`${id}-b${b.key}-reason`}
                  value={b.reason}
                  maxLength={200}
                  onChange={(e) => editBlackout(b.key, { reason: e.target.value })}
                />
              </FormField>
              <Button
                type="button"
                variant="outline"
                aria-label={t('settings.timeOff.removeBlackout', { name: b.reason || String(i + 1) })}
                onClick={() => setBlackouts((bs) => bs.filter((x) => x.key !== b.key))}
              >
                {t('settings.timeOff.remove')}
              </Button>
            </li>
          ))}
        </ul>
        <Button
          type="button"
          variant="outline"
          onClick={() => setBlackouts((bs) => [...bs, { key: key(), date: '', reason: '' }])}
        >
          {t('settings.timeOff.addBlackout')}
        </Button>
      </fieldset>
      <Button type="submit" busy={update.isPending}>
        {t('settings.timeOff.saveHolidays')}
      </Button>
    </form>
  )
}
