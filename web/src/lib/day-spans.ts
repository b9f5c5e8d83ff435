import {
  DAYS,
  daySpans,
  MAX_SPANS,
  rangesText,
  spanFields,
  spansField,
  type DayName,
  type Span,
  type TimesheetDays,
  type WeekTimes,
} from '@app/core'

/**
 * Split shifts in the web. The forms hold a day as the server stores it: its start and
 * end are the first start and the last end, and it carries `{day}Spans` only with two spans or
 * more. Every change of a day's times goes through `spanFields`, so a save always carries the spans
 * of a split day (a save without them would make it one span) and never a stale list beside
 * changed times.
 */

/** A day's spans as the form shows them: at least one (empty) range, so Start Time and End Time always show. */
export const formSpans = (days: WeekTimes, day: DayName): Span[] => {
  const spans = daySpans(days, day)
  return spans.length ? spans : [{ start: '', end: '' }]
}

/**
 * The days as the forms hold them: a day's spans only when it has two or more (`timesheetDays`
 * reads an answer so; a copy of last week's answer may still list `[]` or one span for a day that
 * is not split, which its start and end already say).
 */
export const spansOnlyWhenSplit = <T extends Partial<TimesheetDays>>(days: T): T => {
  const held: Record<string, unknown> = { ...days }
  for (const day of DAYS) {
    const field = spansField(day)
    const spans = held[field] as Span[] | null | undefined
    if (field in held && !(spans && spans.length > 1)) held[field] = undefined
  }
  return held as T
}

/** The day's fields after one time of one range changed. */
export const withSpanTime = (days: WeekTimes, day: DayName, index: number, part: keyof Span, value: string) =>
  spanFields(
    day,
    formSpans(days, day).map((span, i) => (i === index ? { ...span, [part]: value } : span)),
  )

/** The day's fields with one more (empty) range at the end, when it may have one more. */
export const withSpanAdded = (days: WeekTimes, day: DayName) => {
  const spans = formSpans(days, day)
  return spanFields(day, spans.length < MAX_SPANS ? [...spans, { start: '', end: '' }] : spans)
}

/** The day's fields without one range. */
export const withSpanRemoved = (days: WeekTimes, day: DayName, index: number) =>
  spanFields(
    day,
    formSpans(days, day).filter((_, i) => i !== index),
  )

/** The day's fields with these times as its only range (a quick time), or none when both are empty. */
export const withOneSpan = (day: DayName, start: string, end: string) =>
  spanFields(day, start || end ? [{ start, end }] : [])

/** A day's times as read-only views show them: '08:00 - 12:00, 18:00 - 21:00' ('--:--' for a missing time). */
export const spansText = (spans: readonly Span[]) => rangesText(spans, { dash: ' - ' })
