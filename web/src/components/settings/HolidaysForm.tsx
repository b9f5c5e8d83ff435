import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_HOLIDAY_HOURS, HolidayCalendar, todayIn, US_FEDERAL_HOLIDAYS, usFederalHolidays } from '@app/core'
import { useCampuses } from '../../api/campuses.ts'
import { useOrgTimeZone } from '../../api/organization.ts'
import { useUpdateHolidays } from '../../api/time-off.ts'
import { useFieldErrors } from '../../lib/field-errors.ts'
import { toast } from '../../lib/toast.ts'
import { toastFailure } from '../../lib/toast-failure.ts'
import { Button } from '../ui/Button.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Input, inputClasses } from '../ui/Input.tsx'
import { dayHoursInput, TextField } from '../ui/TextField.tsx'
import { num } from './policy-draft.ts'
import { ItemOptions } from '../ui/Options.tsx'

interface HolidayRow {
  key: number
  date: string
  name: string
  hours: string
  /** A campus's own holiday; '' is the whole church's. */
  campusId: string
}
interface BlackoutRow {
  key: number
  date: string
  reason: string
}
/** A row's Remove button, named for its row (`label`). */
function RemoveButton({ label, className, onClick }: { label: string; className?: string; onClick: () => void }) {
  const { t } = useTranslation('supervisor')
  return (
    <Button type="button" variant="outline" className={className} aria-label={label} onClick={onClick}>
      {t('settings.timeOff.remove')}
    </Button>
  )
}

/** The rows' text columns. */
type TextColumn = 'date' | 'hours' | 'name' | 'reason'
let nextKey = 0
const key = () => ++nextKey

/** Settings → Time off: the organization's paid holidays (with the US federal ones a click away) and blackout dates. */
export function HolidaysForm({ saved }: { saved: HolidayCalendar }) {
  const { t } = useTranslation('supervisor')
  const timeZone = useOrgTimeZone()
  const update = useUpdateHolidays()
  const id = useId()
  // A church with campuses gives each holiday its campus: the whole church's, or one campus's own.
  const campuses = useCampuses().data?.campuses ?? []
  const [holidays, setHolidays] = useState<HolidayRow[]>(() =>
    saved.holidays.map((h) => ({
      key: key(),
      date: h.date,
      name: h.name,
      hours: String(h.hours),
      campusId: h.campusId ?? '',
    })),
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
  /** A holiday's or a blackout's text field `field`: its id, value and edit. */
  const control = <Row extends HolidayRow | BlackoutRow>(row: Row, field: keyof Row & TextColumn) => {
    const holiday = 'hours' in row
    return {
      id: `${id}-${holiday ? 'h' : 'b'}${row.key}-${field}`,
      value: row[field] as string,
      onChange: (e: { target: { value: string } }) =>
        holiday
          ? editHoliday(row.key, { [field]: e.target.value })
          : editBlackout(row.key, { [field]: e.target.value }),
    }
  }
  const addFederal = () => {
    const names = Object.fromEntries(US_FEDERAL_HOLIDAYS.map((h) => [h, t(`settings.timeOff.federal.${h}`)])) as Record<
      (typeof US_FEDERAL_HOLIDAYS)[number],
      string
    >
    const taken = new Set(holidays.filter((h) => !h.campusId).map((h) => h.date))
    const added = usFederalHolidays(year, names)
      .filter((h) => !taken.has(h.date))
      .map((h) => ({ key: key(), date: h.date, name: h.name, hours: String(h.hours), campusId: '' }))
    setHolidays((hs) => [...hs, ...added].sort((a, b) => a.date.localeCompare(b.date)))
    toast({ title: t('settings.timeOff.federalAdded', { count: added.length, year }) })
  }
  const values = {
    holidays: holidays.map((h) => ({
      date: h.date,
      name: h.name,
      hours: num(h.hours),
      ...(h.campusId ? { campusId: h.campusId } : {}),
    })),
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
            <li
              key={h.key}
              className={
                campuses.length
                  ? 'grid grid-cols-2 gap-2 sm:grid-cols-[10rem_1fr_10rem_6rem_auto] sm:items-end'
                  : 'grid grid-cols-2 gap-2 sm:grid-cols-[10rem_1fr_6rem_auto] sm:items-end'
              }
            >
              <TextField {...control(h, 'date')} label={t('settings.timeOff.date')} type="date" />
              <TextField
                {...control(h, 'hours')}
                label={t('settings.timeOff.holidayHours')}
                fieldClassName="sm:order-3"
                {...dayHoursInput(0)}
              />
              <TextField
                {...control(h, 'name')}
                label={t('settings.timeOff.holidayName')}
                fieldClassName="col-span-2 sm:order-2 sm:col-span-1"
                maxLength={80}
              />
              {campuses.length ? (
                <FormField
                  id={`${id}-h${h.key}-campus`}
                  label={t('settings.timeOff.holidayCampus')}
                  className="col-span-2 sm:order-2 sm:col-span-1"
                >
                  <select
                    id={`${id}-h${h.key}-campus`}
                    className={inputClasses}
                    value={h.campusId}
                    onChange={(e) => editHoliday(h.key, { campusId: e.target.value })}
                  >
                    <option value="">{t('campuses.filter.all')}</option>
                    <ItemOptions items={campuses.filter((c) => c.active || c.id === h.campusId)} />
                  </select>
                </FormField>
              ) : null}
              <RemoveButton
                className="col-span-2 sm:order-4 sm:col-span-1"
                label={t('settings.timeOff.removeHoliday', { name: h.name || String(i + 1) })}
                onClick={() => setHolidays((hs) => hs.filter((x) => x.key !== h.key))}
              />
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-end gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              setHolidays((hs) => [
                ...hs,
                { key: key(), date: '', name: '', hours: String(DEFAULT_HOLIDAY_HOURS), campusId: '' },
              ])
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
          <Button type="button" variant="outline" wrap disabled={!(year >= 2000 && year <= 2100)} onClick={addFederal}>
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
              <TextField {...control(b, 'date')} label={t('settings.timeOff.date')} type="date" />
              <TextField {...control(b, 'reason')} label={t('settings.timeOff.reason')} maxLength={200} />
              <RemoveButton
                label={t('settings.timeOff.removeBlackout', { name: b.reason || String(i + 1) })}
                onClick={() => setBlackouts((bs) => bs.filter((x) => x.key !== b.key))}
              />
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
      <Button type="submit" wrap busy={update.isPending}>
        {t('settings.timeOff.saveHolidays')}
      </Button>
    </form>
  )
}
