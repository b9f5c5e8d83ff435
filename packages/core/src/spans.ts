import { daySpans, isTime, spansField, type Span, type WeekTimes } from './hours.ts'
import { DAYS, dayLabel, type DayName } from './week.ts'

/**
 * Split shifts: the rules of a day's spans, without zod (the timer, the kiosk, the
 * editors and the offline save use them; the schema is in timesheet.ts). A day with spans keeps the
 * spec's `{day}Start` and `{day}End` as its first start and last end, and carries `{day}Spans` only
 * when it has two or more: a day of one span is stored exactly as the spec's.
 */

/** At most this many spans in one day. */
export const MAX_SPANS = 4

export const spansMessages = {
  tooMany: (day: DayName) => `${dayLabel[day]} may have at most ${MAX_SPANS} time ranges`,
  needsStart: (day: DayName, n: number) => `${dayLabel[day]} time range ${n} needs a start time like 09:00`,
  needsEnd: (day: DayName, n: number) => `${dayLabel[day]} time range ${n} needs an end time like 17:00`,
  order: (day: DayName) => `${dayLabel[day]} time ranges must be in order and must not overlap`,
  disagree: (day: DayName) =>
    `${dayLabel[day]} start and end must be the first time range's start and the last one's end`,
  overDay: (day: DayName) =>
    `${dayLabel[day]} time ranges cannot add up to more than 24 hours: the last one must end by the first one's start`,
} as const

/**
 * Why a day's spans are refused, or undefined when they are fine: each has a start; each but the
 * last has an end after its start (only the last may still run, or run past midnight); each starts
 * no earlier than the one before it ended; and a last one past midnight ends by the day's first
 * start, so the day holds at most 24 hours (else 00:00-23:58 and 23:58-23:57 would pay 47.95).
 */
export const spansProblem = (day: DayName, spans: readonly Span[]): string | undefined => {
  if (spans.length > MAX_SPANS) return spansMessages.tooMany(day)
  for (const [i, span] of spans.entries()) {
    const last = i === spans.length - 1
    if (!isTime(span.start)) return spansMessages.needsStart(day, i + 1)
    if (!isTime(span.end) && !(last && span.end === '')) return spansMessages.needsEnd(day, i + 1)
    if (!last && span.end <= span.start) return spansMessages.order(day)
    if (i > 0 && span.start < spans[i - 1]!.end) return spansMessages.order(day)
    if (last && i > 0 && span.end !== '' && span.end < span.start && span.end > spans[0]!.start)
      return spansMessages.overDay(day)
  }
  return undefined
}

/**
 * The spans a save gives a day, if any. One span beside a start or end is the spec's day, its start
 * and end: a client that knows only those fields may send back the one span it was answered with
 * after changing them, and must get what it typed.
 */
const givenSpans = (week: WeekTimes, day: DayName): readonly Span[] | undefined => {
  const spans = week[spansField(day)]
  if (!spans?.length) return undefined
  if (spans.length === 1 && (week[`${day}Start`] || week[`${day}End`])) return undefined
  return spans
}

/** Whether a save's start or end (when given) differs from the first start or last end of its two or more spans. */
export const spansDisagree = (week: WeekTimes, day: DayName): boolean => {
  const spans = givenSpans(week, day)
  if (!spans) return false
  const start = week[`${day}Start`]
  const end = week[`${day}End`]
  return Boolean((start && start !== spans[0]!.start) || (end && end !== spans.at(-1)!.end))
}

/** Every problem of a week's spans, by day, in DAYS order. */
export const weekSpanProblems = (week: WeekTimes): { day: DayName; message: string }[] =>
  DAYS.flatMap((day) => {
    const spans = givenSpans(week, day)
    if (!spans) return []
    const problem = spansProblem(day, spans) ?? (spansDisagree(week, day) ? spansMessages.disagree(day) : undefined)
    return problem ? [{ day, message: problem }] : []
  })

/** A day's fields holding these spans: the first start, the last end, and the spans when two or more. */
export const spanFields = <D extends DayName>(day: D, spans: readonly Span[]) =>
  ({
    [`${day}Start`]: spans[0]?.start ?? '',
    [`${day}End`]: spans.at(-1)?.end ?? '',
    [spansField(day)]: spans.length > 1 ? spans.map(({ start, end }) => ({ start, end })) : undefined,
  }) as Record<`${D}Start` | `${D}End`, string> & Record<`${D}Spans`, Span[] | undefined>

/**
 * A week as saved: each day that carries spans gets its start and end from them, and keeps them
 * only when two or more; a day saved without spans (or with one beside its start or end) is one
 * span, its start and end (the spec's).
 */
export const withSpansApplied = <W extends WeekTimes>(week: W): W => {
  const applied: Record<string, unknown> = { ...week }
  for (const day of DAYS) {
    const spans = givenSpans(week, day)
    if (spans) Object.assign(applied, spanFields(day, spans))
    else applied[spansField(day)] = undefined
  }
  return applied as W
}

/** Every day's spans, as the API answers a timesheet: `[]` for an empty day, one span for the spec's day. */
export const allDaySpans = (week: WeekTimes) =>
  Object.fromEntries(DAYS.map((day) => [spansField(day), daySpans(week, day)])) as Record<`${DayName}Spans`, Span[]>

/** The start of the day's running span (a start with no end yet), when one runs. */
export const runningStart = (week: WeekTimes, day: DayName): string | undefined => {
  const last = daySpans(week, day).at(-1)
  return last && isTime(last.start) && !last.end ? last.start : undefined
}

/**
 * The day's spans after a Clock In at `time`: its first span, or one more after its last finished
 * one (a last span out in the minute it began holds no time, and is replaced). Undefined when it
 * cannot: a span is running, the day holds MAX_SPANS already, or `time` is before its last span
 * ended (or that one ran past midnight).
 */
export const spansAfterClockIn = (week: WeekTimes, day: DayName, time: string): Span[] | undefined => {
  const spans = daySpans(week, day)
  const last = spans.at(-1)
  // An empty day, or one with an end and no start (the spec's Clock In clears that end).
  if (!last || (spans.length === 1 && !isTime(last.start))) return [{ start: time, end: '' }]
  if (!isTime(last.start) || !isTime(last.end) || time < last.start) return undefined
  // Out in the minute it began: a span of no time, which the new one replaces.
  if (last.end === last.start) return [...spans.slice(0, -1), { start: time, end: '' }]
  if (spans.length >= MAX_SPANS || last.end < last.start || time < last.end) return undefined
  return [...spans, { start: time, end: '' }]
}

/**
 * The day's spans after a Clock Out at `time`: its running span ends; undefined when none runs. A
 * later span that ends in the minute it began held no time, and is dropped rather than shown to
 * the reviewer as '19:34-19:34' (a day's only span stays, as the spec's start and end).
 */
export const spansAfterClockOut = (week: WeekTimes, day: DayName, time: string): Span[] | undefined => {
  const spans = daySpans(week, day)
  const start = runningStart(week, day)
  if (start === undefined) return undefined
  const earlier = spans.slice(0, -1)
  return time === start && earlier.length > 0 ? earlier : [...earlier, { start, end: time }]
}
