import { dayLabel, daysOfWeekStarting, TimesheetDays, type DayName } from '@app/core'

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

export function compareWeeks(weekStart: string, mine: TimesheetDays, theirs: TimesheetDays) {
  const days: DayComparison[] = daysOfWeekStarting(weekStart).map((day) => {
    const fields = FIELDS.filter((f) => f.startsWith(day)).map((f) => ({
      name: f.slice(day.length),
      mine: text(mine[f]),
      theirs: text(theirs[f]),
    }))
    return { day, label: dayLabel[day], fields, differs: fields.some((f) => f.mine !== f.theirs) }
  })
  const notes = { mine: mine.notes, theirs: theirs.notes, differs: mine.notes !== theirs.notes }
  return { days, notes }
}
