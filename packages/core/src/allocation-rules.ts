import { dayPaidMinutes, type WeekTimes } from './hours.ts'
import type { PayType } from './pay-types.ts'
import { DAYS, dayLabel, type DayName } from './week.ts'

/**
 * The rules of a week's allocations, without zod (the web's first screens and its offline
 * save use them; the schemas are in allocation.ts). Everything is in whole minutes.
 */

/** The code a day's minutes go to when it has no split and its member has no default code. */
export const UNALLOCATED = 'unallocated'

/** At most this many codes on one day. */
export const MAX_DAY_ALLOCATIONS = 5

/** One code's share of a day, as `DayAllocation` (allocation.ts) parses it. */
interface DayShare {
  code: string
  minutes: number
}

/** The field of a day's split: mondayAllocations ... sundayAllocations. */
export const allocationsField = <D extends DayName>(day: D): `${D}Allocations` => `${day}Allocations`

/** A week's times with its allocation fields, as parsed, stored or half-built in a form. */
export type WeekAllocations = WeekTimes &
  Partial<Record<`${DayName}Allocations`, readonly DayShare[] | null | undefined>> & {
    weekAllocationPercent?: readonly { code: string; percent: number }[] | null | undefined
  }

export const allocationMismatchMessage = (day: DayName, paid: number) =>
  `${dayLabel[day]} allocations must add up to the day's paid minutes (${paid})`
export const BOTH_WAYS_MESSAGE = 'Allocate the week by percent or by day, not both'
export const PERCENT_NOT_ALLOWED = 'Only exempt members and ministers allocate the week by percent'
export const PERCENT_TOTAL_MESSAGE = 'Percents must add up to 100'
export const PERCENT_WHOLE_MESSAGE = 'Percent must be a whole number'
export const PERCENT_RANGE_MESSAGE = 'Percent must be from 1 to 100'

const sumMinutes = (list: readonly { minutes: number }[]) => list.reduce((a, l) => a + l.minutes, 0)

/** Days whose split (when given) does not add up to the day's paid minutes, in DAYS order. */
export const allocationMismatches = (week: WeekAllocations): DayName[] =>
  DAYS.filter((day) => {
    const list = week[allocationsField(day)]
    return !!list && list.length > 0 && sumMinutes(list) !== dayPaidMinutes(week, day)
  })

/** Whether a week carries any split or percent (the form shows it as today when not). */
export const hasAllocations = (week: WeekAllocations) =>
  DAYS.some((day) => (week[allocationsField(day)]?.length ?? 0) > 0) || (week.weekAllocationPercent?.length ?? 0) > 0

/** Every code a week's allocations name, once each. */
export const codesNamed = (week: WeekAllocations): string[] => [
  ...new Set([
    ...DAYS.flatMap((day) => (week[allocationsField(day)] ?? []).map((a) => a.code)),
    ...(week.weekAllocationPercent ?? []).map((p) => p.code),
  ]),
]

/** The pay types that may allocate their week by percent. */
export const allocatesByPercent = (payType: PayType) => payType === 'exempt' || payType === 'minister'

/**
 * Shares `total` whole minutes by `weights` (largest remainder, ties to the earlier share, as sort
 * is stable): every share is a whole number and they add up to exactly `total`; nothing to share
 * (a total or weights of 0 or less) gives every share 0.
 */
export const apportion = (total: number, weights: readonly number[]): number[] => {
  const sum = weights.reduce((a, w) => a + w, 0)
  if (sum <= 0 || total <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (total * w) / sum)
  const shares = exact.map(Math.floor)
  let left = total - shares.reduce((a, s) => a + s, 0)
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r)
  for (const { i } of order) {
    if (left <= 0) break
    shares[i]! += 1
    left -= 1
  }
  return shares
}

/**
 * Where one day's paid minutes go: its split when it has one, else the week's percents, else all to
 * the default code (or 'Unallocated'). Codes with no minutes are left out (a day with no paid
 * minutes has none); the minutes always add up to `paid` (a split that does not is refused before
 * it is stored; if one were, its minutes are shared in the same proportions).
 */
export const resolveDay = (
  paid: number,
  split: readonly DayShare[] | null | undefined,
  defaultCode: string | null | undefined,
  percent?: readonly { code: string; percent: number }[] | null,
): DayShare[] => {
  const shares = split?.length
    ? split.map((a) => ({ code: a.code, weight: a.minutes }))
    : percent?.length
      ? percent.map((p) => ({ code: p.code, weight: p.percent }))
      : [{ code: defaultCode || UNALLOCATED, weight: 1 }]
  const minutes = apportion(
    paid,
    shares.map((s) => s.weight),
  )
  return shares.flatMap((s, i) => (minutes[i]! > 0 ? [{ code: s.code, minutes: minutes[i]! }] : []))
}

/** Each day's resolved allocation, in DAYS order. */
export const weekAllocation = (
  week: WeekAllocations,
  defaultCode: string | null | undefined,
): Record<DayName, DayShare[]> =>
  Object.fromEntries(
    DAYS.map((day) => [
      day,
      resolveDay(dayPaidMinutes(week, day), week[allocationsField(day)], defaultCode, week.weekAllocationPercent),
    ]),
  ) as Record<DayName, DayShare[]>

/** Adds up allocations by code (first appearance order). */
export const totalsByCode = (lists: readonly (readonly DayShare[])[]): DayShare[] => {
  const totals = new Map<string, number>()
  for (const list of lists) for (const a of list) totals.set(a.code, (totals.get(a.code) ?? 0) + a.minutes)
  return [...totals].map(([code, minutes]) => ({ code, minutes }))
}

/**
 * What the split editor fills in as you type: the default code (or 'Unallocated') takes whatever
 * the other lines leave of the day's paid minutes. Lines of the default code are merged into that
 * one remainder line, which is left out when nothing remains.
 */
export const fillRemainder = (
  paid: number,
  lines: readonly DayShare[],
  defaultCode: string | null | undefined,
): DayShare[] => {
  const fill = defaultCode || UNALLOCATED
  const others = lines.filter((l) => l.code !== fill && l.minutes > 0)
  const rest = paid - sumMinutes(others)
  return rest > 0 ? [...others, { code: fill, minutes: rest }] : others
}

/** One code's share of a week by percent, as `WeekAllocationPercent` (allocation.ts) parses it. */
interface PercentShare {
  code: string
  percent: number
}

const sumPercent = (list: readonly { percent: number }[]) => list.reduce((a, l) => a + l.percent, 0)

/**
 * What the week's percent editor fills in as you type (as `fillRemainder` for a day): the
 * default code (or 'Unallocated') takes whatever the other lines leave of 100. Lines of the default
 * code are merged into that one remainder line, which is left out when nothing remains.
 */
export const fillPercentRemainder = (
  lines: readonly PercentShare[],
  defaultCode: string | null | undefined,
): PercentShare[] => {
  const fill = defaultCode || UNALLOCATED
  const others = lines.filter((l) => l.code !== fill && l.percent > 0)
  const rest = 100 - sumPercent(others)
  return rest > 0 ? [...others, { code: fill, percent: rest }] : others
}

/**
 * Why the server would refuse a week's percents (the message it answers, on `weekAllocationPercent`),
 * or undefined: a member who does not allocate by percent (`payType` when known), a percent that is
 * not whole or not from 1 to 100, percents that do not add up to 100, or days split as well. The
 * offline save refuses them as the server would, instead of keeping a save the sync would lose.
 */
export const weekPercentProblem = (week: WeekAllocations, payType?: PayType): string | undefined => {
  const list = week.weekAllocationPercent ?? []
  if (!list.length) return undefined
  if (list.some((p) => !Number.isInteger(p.percent))) return PERCENT_WHOLE_MESSAGE
  if (list.some((p) => p.percent < 1 || p.percent > 100)) return PERCENT_RANGE_MESSAGE
  if (sumPercent(list) !== 100) return PERCENT_TOTAL_MESSAGE
  if (DAYS.some((day) => (week[allocationsField(day)]?.length ?? 0) > 0)) return BOTH_WAYS_MESSAGE
  if (payType && !allocatesByPercent(payType)) return PERCENT_NOT_ALLOWED
  return undefined
}
