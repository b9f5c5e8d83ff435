import * as z from 'zod'
import { breakField, paidMinutes, type WeekTimes } from './hours.ts'
import type { PayType } from './payroll.ts'
import { limitedText } from './text-schemas.ts'
import { DAYS, dayLabel, isCalendarDate, type DayName } from './week.ts'

/**
 * Issue 33: where the hours go. An organization keeps a list of ministries and funds (codes); a
 * day's paid minutes may be split among codes, and a day with no split goes wholly to the member's
 * default code, or to 'Unallocated' when there is none. Everything is in whole minutes, so a day's
 * allocations always add up to exactly its paid minutes.
 */

/** The code a day's minutes go to when it has no split and its member has no default code. */
export const UNALLOCATED = 'unallocated'

/** At most this many codes on one day. */
export const MAX_DAY_ALLOCATIONS = 5
/** At most this many codes in one organization (active or not). */
export const MAX_ALLOCATION_CODES = 200

export const ALLOCATION_NAME_MAX_LENGTH = 80
export const ALLOCATION_CLASS_MAX_LENGTH = 100

export const AllocationKind = z.enum(['ministry', 'fund'], { error: 'Kind must be ministry or fund' })
export type AllocationKind = z.infer<typeof AllocationKind>

const CODE_ID_MESSAGE = 'Choose a ministry or fund'
/** A code as a split names it: a code's id, or 'unallocated' (lowercase letters, digits and dashes). */
export const AllocationCodeRef = z.string({ error: CODE_ID_MESSAGE }).regex(/^[a-z0-9-]{1,40}$/, CODE_ID_MESSAGE)
/** A code's id as the server gives it ('unallocated' is no code's id). */
export const AllocationCodeId = AllocationCodeRef.refine((id) => id !== UNALLOCATED, CODE_ID_MESSAGE)

const GRANT_DATE_MESSAGE = 'Use a date like 2026-11-16'
const grantDate = z
  .string({ error: GRANT_DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, GRANT_DATE_MESSAGE)
  .refine(isCalendarDate, GRANT_DATE_MESSAGE)
  .nullable()
  .default(null)

const BUDGET_MESSAGE = 'Budget hours must be a number from 0 to 100000'

const codeFields = {
  name: limitedText('Name', ALLOCATION_NAME_MAX_LENGTH).min(1, 'Name is required'),
  kind: AllocationKind,
  /** The QuickBooks class the code's hours carry in the IIF file. */
  className: limitedText('Class name', ALLOCATION_CLASS_MAX_LENGTH)
    .nullable()
    .default(null)
    .transform((s) => s || null),
  budgetHours: z
    .number({ error: BUDGET_MESSAGE })
    .min(0, BUDGET_MESSAGE)
    .max(100_000, BUDGET_MESSAGE)
    .nullable()
    .default(null),
  from: grantDate,
  to: grantDate,
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
}
const datesInOrder: [(c: { from: string | null; to: string | null }) => boolean, { message: string; path: string[] }] =
  [
    (c) => !c.from || !c.to || c.from <= c.to,
    { message: 'The start date must not be after the end date', path: ['to'] },
  ]

/** One ministry or fund, as `GET /api/organization/allocation-codes` answers it. */
export const AllocationCode = z.object({ id: AllocationCodeId, ...codeFields }).refine(...datesInOrder)
export type AllocationCode = z.infer<typeof AllocationCode>

/** A code in `PUT /api/organization/allocation-codes`: `id` omitted for a new code. */
export const AllocationCodeInput = z.object({ id: AllocationCodeId.optional(), ...codeFields }).refine(...datesInOrder)
export type AllocationCodeInput = z.infer<typeof AllocationCodeInput>

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** The body of `PUT /api/organization/allocation-codes`: the whole list, names unique, ids once. */
export const AllocationCodesUpdate = z
  .object({
    codes: z
      .array(AllocationCodeInput, { error: 'codes must be a list' })
      .max(MAX_ALLOCATION_CODES, `At most ${MAX_ALLOCATION_CODES} ministries and funds`),
  })
  .superRefine(({ codes }, ctx) => {
    codes.forEach((code, i) => {
      if (codes.slice(0, i).some((other) => sameName(other.name, code.name)))
        ctx.addIssue({ code: 'custom', message: 'Each name once', path: ['codes', i, 'name'] })
      if (code.id && codes.slice(0, i).some((other) => other.id === code.id))
        ctx.addIssue({ code: 'custom', message: 'Each code once', path: ['codes', i, 'id'] })
    })
  })
export type AllocationCodesUpdate = z.infer<typeof AllocationCodesUpdate>

/** The answer of both allocation-code routes. */
export const AllocationCodes = z.object({ codes: z.array(AllocationCode) })
export type AllocationCodes = z.infer<typeof AllocationCodes>

export const CODES_NEVER_DELETED = 'Ministries and funds are never deleted; make one inactive instead'

/**
 * Whether a new list may replace the stored one: every stored code must still be there (a code is
 * never deleted, only made inactive) and every given id must be a stored one. The message, or undefined.
 */
export const codesUpdateProblem = (
  stored: readonly AllocationCode[],
  next: AllocationCodesUpdate,
): string | undefined => {
  const ids = new Set(next.codes.flatMap((c) => (c.id ? [c.id] : [])))
  if (stored.some((c) => !ids.has(c.id))) return CODES_NEVER_DELETED
  const known = new Set(stored.map((c) => c.id))
  if ([...ids].some((id) => !known.has(id))) return 'Unknown ministry or fund'
  return undefined
}

/** One code's share of a day: `[{ "code": "<code id>", "minutes": 360 }]`. */
export const DayAllocation = z.object({
  code: AllocationCodeRef,
  minutes: z
    .number({ error: 'Minutes must be a whole number' })
    .int('Minutes must be a whole number')
    .min(1, 'Minutes must be at least 1')
    .max(24 * 60, 'Minutes must be at most 1440'),
})
export type DayAllocation = z.infer<typeof DayAllocation>

/** A day's split (`mondayAllocations` ...): at most five codes, each once. */
export const dayAllocations = (day: DayName) =>
  z
    .array(DayAllocation, { error: `${dayLabel[day]} allocations must be a list` })
    .max(MAX_DAY_ALLOCATIONS, `${dayLabel[day]} may be split among at most ${MAX_DAY_ALLOCATIONS} ministries and funds`)
    .refine(
      (list) => new Set(list.map((a) => a.code)).size === list.length,
      `${dayLabel[day]} names a ministry or fund twice`,
    )
    .optional()

/** The field of a day's split: mondayAllocations ... sundayAllocations. */
export const allocationsField = <D extends DayName>(day: D): `${D}Allocations` => `${day}Allocations`

/** An exempt member's or minister's week by percent: `[{ "code", "percent" }]`, adding up to 100. */
export const WeekAllocationPercent = z
  .array(
    z.object({
      code: AllocationCodeRef,
      percent: z
        .number({ error: 'Percent must be a whole number' })
        .int('Percent must be a whole number')
        .min(1, 'Percent must be from 1 to 100')
        .max(100, 'Percent must be from 1 to 100'),
    }),
    { error: 'weekAllocationPercent must be a list' },
  )
  .max(MAX_DAY_ALLOCATIONS, `A week may be split among at most ${MAX_DAY_ALLOCATIONS} ministries and funds`)
  .refine((list) => list.length === 0 || list.reduce((a, p) => a + p.percent, 0) === 100, 'Percents must add up to 100')
  .refine((list) => new Set(list.map((a) => a.code)).size === list.length, 'Each ministry or fund once')
  .optional()
export type WeekAllocationPercent = NonNullable<z.infer<typeof WeekAllocationPercent>>

/** The allocation fields every call with day fields may carry, all optional (without them, the call is the spec's). */
export const allocationFields = {
  mondayAllocations: dayAllocations('monday'),
  tuesdayAllocations: dayAllocations('tuesday'),
  wednesdayAllocations: dayAllocations('wednesday'),
  thursdayAllocations: dayAllocations('thursday'),
  fridayAllocations: dayAllocations('friday'),
  saturdayAllocations: dayAllocations('saturday'),
  sundayAllocations: dayAllocations('sunday'),
  weekAllocationPercent: WeekAllocationPercent,
}

/** The names of the allocation fields (the forms' text and number fields are every other day field). */
export type AllocationFieldName = keyof typeof allocationFields

/** A week's times with its allocation fields, as parsed, stored or half-built in a form. */
export type WeekAllocations = WeekTimes &
  Partial<Record<`${DayName}Allocations`, readonly DayAllocation[] | null | undefined>> & {
    weekAllocationPercent?: readonly { code: string; percent: number }[] | null | undefined
  }

export const allocationMismatchMessage = (day: DayName, paid: number) =>
  `${dayLabel[day]} allocations must add up to the day's paid minutes (${paid})`
export const BOTH_WAYS_MESSAGE = 'Allocate the week by percent or by day, not both'
export const PERCENT_NOT_ALLOWED = 'Only exempt members and ministers allocate the week by percent'

const sumMinutes = (list: readonly { minutes: number }[]) => list.reduce((a, l) => a + l.minutes, 0)

/** The paid minutes of one day of a week (the spec's difference minus its break). */
export const dayPaidMinutes = (week: WeekTimes, day: DayName) =>
  paidMinutes(week[`${day}Start`], week[`${day}End`], week[breakField(day)])

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
  split: readonly DayAllocation[] | null | undefined,
  defaultCode: string | null | undefined,
  percent?: readonly { code: string; percent: number }[] | null,
): DayAllocation[] => {
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
): Record<DayName, DayAllocation[]> =>
  Object.fromEntries(
    DAYS.map((day) => [
      day,
      resolveDay(dayPaidMinutes(week, day), week[allocationsField(day)], defaultCode, week.weekAllocationPercent),
    ]),
  ) as Record<DayName, DayAllocation[]>

/** Adds up allocations by code (first appearance order). */
export const totalsByCode = (lists: readonly (readonly DayAllocation[])[]): DayAllocation[] => {
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
  lines: readonly DayAllocation[],
  defaultCode: string | null | undefined,
): DayAllocation[] => {
  const fill = defaultCode || UNALLOCATED
  const others = lines.filter((l) => l.code !== fill && l.minutes > 0)
  const rest = paid - sumMinutes(others)
  return rest > 0 ? [...others, { code: fill, minutes: rest }] : others
}
