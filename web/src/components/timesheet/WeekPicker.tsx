import { addDays, formatDateRange, isWeekStart, type WeekStartDay } from '@app/core'
import { useMemo } from 'react'
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
  const options = useMemo(
    () =>
      weekChoices(thisWeek, value).map((week) => ({
        week,
        label: `${formatDateRange(week)}${week === thisWeek ? ' (this week)' : ''}${isWeekStart(week, weekStartDay) ? '' : ' (earlier week start)'}`,
      })),
    [thisWeek, value, weekStartDay],
  )
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
      {value === '' ? <option value="">Choose a week</option> : null}
      {options.map((o) => (
        <option key={o.week} value={o.week}>
          {o.label}
        </option>
      ))}
    </select>
  )
}
