import { DAYS, daysOfWeekStarting, isCalendarDate, type DayName } from './week.ts'
import type { TimesheetDays } from './timesheet.ts'

/**
 * Copy last week: each day of this week that has no start, end or activity takes the
 * same weekday of the member's previous week (its times, break and activity; never the notes).
 * A day already filled is never changed. The one rule, used by the server's
 * POST /api/timesheets/{id}/copy-last-week and by the staff app offline (then saved like any save).
 */

/** What one day copies: every field of the day (its split among ministries and funds, And its spans), never the week's notes. */
export const copiedDayFields = (day: DayName) =>
  [`${day}Start`, `${day}End`, `${day}Activity`, `${day}BreakMinutes`, `${day}Allocations`, `${day}Spans`] as const

/**
 * The same fields of a day, emptied: its times and ranges, break, activity and split. Clearing a day
 * leaves nothing of it behind (a break or split left on a day without times is refused on save).
 */
export const clearedDayFields = (day: DayName): Partial<TimesheetDays> => ({
  [`${day}Start`]: '',
  [`${day}End`]: '',
  [`${day}Activity`]: '',
  [`${day}BreakMinutes`]: 0,
  [`${day}Allocations`]: [],
  [`${day}Spans`]: undefined,
})

/** The day-field values either week may hold (a stored week uses null for "not filled"). */
type WeekValues = Partial<Record<string, unknown>>

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== ''

/** A day counts as filled when it has a start, an end or an activity. */
export const dayIsFilled = (week: WeekValues, day: DayName) =>
  filled(week[`${day}Start`]) || filled(week[`${day}End`]) || filled(week[`${day}Activity`])

/** The order of a week's days: from its start day when the week says its start date. */
const weekOrder = (week: WeekValues): readonly DayName[] => {
  const start = week.weekStartDate
  return typeof start === 'string' && isCalendarDate(start) ? daysOfWeekStarting(start) : DAYS
}

/** The days `copyLastWeek` would fill, in the week's own order: empty this week, filled last week. */
export const daysToCopy = (current: WeekValues, previous: WeekValues | null | undefined): DayName[] =>
  previous ? weekOrder(previous).filter((day) => !dayIsFilled(current, day) && dayIsFilled(previous, day)) : []

/** This week with last week's days copied into its empty days, and which days those were. */
export const copyLastWeek = <W extends TimesheetDays>(
  current: W,
  previous: WeekValues | null | undefined,
): { days: W; copied: DayName[] } => {
  const copied = daysToCopy(current, previous)
  const days = { ...current }
  for (const day of copied)
    for (const field of copiedDayFields(day)) {
      const value = previous![field]
      if (field.endsWith('Allocations') || field.endsWith('Spans')) {
        // A day without a split goes to the member's default code: no split is copied as none.
        // A day without spans is its start and end.
        if (Array.isArray(value)) (days as Record<string, unknown>)[field] = value
        else delete (days as Record<string, unknown>)[field]
        continue
      }
      ;(days as Record<string, unknown>)[field] = field.endsWith('BreakMinutes')
        ? typeof value === 'number'
          ? value
          : 0
        : typeof value === 'string'
          ? value
          : ''
    }
  return { days, copied }
}

/** The 409 of a week with nothing to copy. */
export const NOTHING_TO_COPY_MESSAGE =
  'Nothing to copy: last week has no day with times or an activity for a day that is empty this week'
