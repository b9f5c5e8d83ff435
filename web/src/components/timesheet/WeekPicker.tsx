import { addDays, isWeekStart, type WeekStartDay } from '@app/core'
import { useTranslation } from 'react-i18next'
import { formatDateRange } from '../../lib/format.ts'
import { cn } from '../../lib/cn.ts'
import { inputClasses } from '../ui/Input.tsx'

/** Weeks offered: this one, the one after, and half a year back (late timesheets happen). */
const WEEKS_BACK = 26
const WEEKS_AHEAD = 1

/**
 * The weeks a timesheet may be for, newest first: only the organization's week-start days, so a
 * wrong day cannot be picked. A value outside the range (a prefilled old week) is kept as an option.
 */
export function weekChoices(thisWeek: string, value: string): string[] {
  const weeks = Array.from({ length: WEEKS_BACK + WEEKS_AHEAD + 1 }, (_, i) => addDays(thisWeek, 7 * (WEEKS_AHEAD - i)))
  return value && !weeks.includes(value) ? [value, ...weeks].sort().reverse() : weeks
}

export interface WeekPickerProps {
  id: string
  value: string
  thisWeek: string
  weekStartDay: WeekStartDay
  onChange: (weekStart: string) => void
  disabled?: boolean
  invalid?: boolean
  describedBy?: string
}

/** 'Week Starting' as a list of weeks ('Nov 16, 2026 - Nov 22, 2026'), with the rule in the hint. */
export function WeekPicker({
  id,
  value,
  thisWeek,
  weekStartDay,
  onChange,
  disabled,
  invalid,
  describedBy,
}: WeekPickerProps) {
  const { t } = useTranslation('staff')
  const options = weekChoices(thisWeek, value).map((week) => ({
    week,
    label: [
      formatDateRange(week),
      week === thisWeek ? t('weekPicker.thisWeek') : '',
      isWeekStart(week, weekStartDay) ? '' : t('weekPicker.earlierStart'),
    ]
      .filter(Boolean)
      .join(' '),
  }))
  return (
    <select
      id={id}
      name={id}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      className={cn(inputClasses, 'min-h-12 text-base sm:max-w-sm')}
    >
      {value === '' ? <option value="">{t('weekPicker.choose')}</option> : null}
      {options.map((o) => (
        <option key={o.week} value={o.week}>
          {o.label}
        </option>
      ))}
    </select>
  )
}
