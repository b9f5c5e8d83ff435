import { breakField, dayPaidMinutes, daySpans, spansField, type Span, type WeekTimes } from './hours.ts'
import type { DayAllocation } from './allocation.ts'
import type { Timesheet, TimesheetDays, TimesheetStatus } from './timesheet.ts'
import { DAYS, type DayName } from './week.ts'

/**
 * A timesheet's days read without zod: the dashboards' first script uses these, and
 * timesheet.ts keeps the schemas that parse them.
 */

/** The badge texts (spec section 4). */
export const statusLabel: Record<TimesheetStatus, string> = {
  draft: 'Draft',
  pending: 'Pending Review',
  approved: 'Approved',
  rejected: 'Rejected',
}

export interface DayFields {
  start: `${DayName}Start`
  end: `${DayName}End`
  activity: `${DayName}Activity`
}

export const dayFields = <D extends DayName>(
  day: D,
): { start: `${D}Start`; end: `${D}End`; activity: `${D}Activity` } => ({
  start: `${day}Start`,
  end: `${day}End`,
  activity: `${day}Activity`,
})

/** The day fields of a timesheet, whether parsed, stored (null for empty) or half-built in a form. */
export type DayValues = Partial<Record<DayFields[keyof DayFields], string | null | undefined>> & WeekTimes

export interface DayEntry {
  day: DayName
  start: string
  end: string
  activity: string
  /** The day's spans (one for the spec's day, none for an empty one). */
  spans: Span[]
  /** Paid hours: the spans' sum minus the day's break. */
  hours: number
  /** The day's unpaid break, in minutes (0 for none). */
  breakMinutes: number
}

/** One entry per day in the order asked for (DAYS, or `daysInWeekOrder(...)` for display). */
export const daysOf = (timesheet: DayValues, order: readonly DayName[] = DAYS): DayEntry[] =>
  order.map((day) => {
    const fields = dayFields(day)
    const start = timesheet[fields.start] ?? ''
    const end = timesheet[fields.end] ?? ''
    const hours = dayPaidMinutes(timesheet, day) / 60
    const activity = timesheet[fields.activity] ?? ''
    const breakMinutes = timesheet[breakField(day)] ?? 0
    return { day, start, end, activity, spans: daySpans(timesheet, day), hours, breakMinutes }
  })

/** Whether any day has a start or end time: the dashboard then offers 'Continue Timesheet' (spec section 2). */
export const hasAnyTime = (timesheet: DayValues): boolean =>
  DAYS.some((day) => Boolean(timesheet[`${day}Start`] || timesheet[`${day}End`]))

/** Draft and rejected timesheets may be edited by their employee; pending and approved are locked. */
export const isEditable = (status: TimesheetStatus) => status === 'draft' || status === 'rejected'

/**
 * A week its supervisor sent back, while its member fixes it: from the decline until it is
 * submitted again. Saving makes it a draft, and it stays sent back (with the decline's comment,
 * null when there was none) until then; null for any other week.
 */
export const sentBack = (
  sheet: Pick<Timesheet, 'status' | 'comments' | 'commentHistory'>,
): { comment: string | null } | null => {
  if (!isEditable(sheet.status)) return null
  const last = sheet.commentHistory.at(-1)
  if (last) return last.status === 'rejected' ? { comment: last.comment || null } : null
  // Declined before the history was kept: the status alone says it.
  return sheet.status === 'rejected' ? { comment: sheet.comments } : null
}

/** A stored or half-built week as `timesheetDays` reads it: its days, notes, splits and spans. */
export type StoredDays = DayValues & { notes?: string | null } & Partial<
    Record<`${DayName}Allocations`, readonly DayAllocation[] | null | undefined>
  > & { weekAllocationPercent?: readonly { code: string; percent: number }[] | null }

/**
 * A stored timesheet's days and notes exactly as `TimesheetDays` parses them (empty as '', no break
 * as 0, a split only where there is one), without zod: what the dashboard's timer saves back, so it
 * keeps the week's splits too. Its test holds the two together.
 */
export const timesheetDays = (sheet: StoredDays): TimesheetDays => {
  const days: Record<string, unknown> = {}
  for (const day of DAYS) {
    const fields = dayFields(day)
    days[fields.start] = sheet[fields.start]?.trim() ?? ''
    days[fields.end] = sheet[fields.end]?.trim() ?? ''
    days[fields.activity] = sheet[fields.activity]?.trim() ?? ''
    days[breakField(day)] = sheet[breakField(day)] ?? 0
    const split = sheet[`${day}Allocations`]
    if (split) days[`${day}Allocations`] = split.map(({ code, minutes }) => ({ code, minutes }))
    // Only a split day's, as stored: a one-span day is its start and end (an answer lists every day's).
    const spans = sheet[spansField(day)]
    if (spans && spans.length > 1)
      days[spansField(day)] = spans.map(({ start, end }) => ({ start: start.trim(), end: end.trim() }))
  }
  days.notes = sheet.notes?.trim() ?? ''
  if (sheet.weekAllocationPercent)
    days.weekAllocationPercent = sheet.weekAllocationPercent.map(({ code, percent }) => ({ code, percent }))
  return days as TimesheetDays
}
