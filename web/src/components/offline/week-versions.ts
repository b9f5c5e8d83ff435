import { dayLabel, daysOfWeekStarting, daySpans, spansField, TimesheetDays, type DayName } from '@app/core'
import { spansText } from '../../lib/day-spans.ts'

/**
 * Two versions of one week side by side, field by field. Built over every field of core's
 * TimesheetDays, so fields added there (breaks) are compared and shown without a change here.
 */
export interface DayComparison {
  day: DayName
  label: string
  /** Each field of the day that either version fills: its name after the day ('Start', 'End', 'Activity', ...). */
  fields: { name: string; mine: string; theirs: string }[]
  differs: boolean
}

const FIELDS = Object.keys(TimesheetDays.shape) as (keyof TimesheetDays)[]

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

/** A field's value as compared and shown; a day's spans as '08:00 - 12:00, 18:00 - 21:00' when split, else none. */
const valueOf = (week: TimesheetDays, day: DayName, field: keyof TimesheetDays) => {
  if (field !== spansField(day)) return text(week[field])
  const spans = daySpans(week, day)
  return spans.length > 1 ? spansText(spans) : ''
}

export function compareWeeks(weekStart: string, mine: TimesheetDays, theirs: TimesheetDays) {
  const days: DayComparison[] = daysOfWeekStarting(weekStart).map((day) => {
    const fields = FIELDS.filter((f) => f.startsWith(day)).map((f) => ({
      name: f.slice(day.length),
      mine: valueOf(mine, day, f),
      theirs: valueOf(theirs, day, f),
    }))
    return { day, label: dayLabel[day], fields, differs: fields.some((f) => f.mine !== f.theirs) }
  })
  const notes = { mine: mine.notes, theirs: theirs.notes, differs: mine.notes !== theirs.notes }
  return { days, notes }
}
