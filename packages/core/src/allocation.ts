import * as z from 'zod'
import {
  MAX_DAY_ALLOCATIONS,
  PERCENT_RANGE_MESSAGE,
  PERCENT_TOTAL_MESSAGE,
  PERCENT_WHOLE_MESSAGE,
  UNALLOCATED,
} from './allocation-rules.ts'
import { limitedText } from './text-schemas.ts'
import { dayLabel, isCalendarDate, type DayName } from './week.ts'
import { repeatedNamesAndIds } from './words.ts'

/**
 * Where the hours go. An organization keeps a list of ministries and funds (codes); a
 * day's paid minutes may be split among codes, and a day with no split goes wholly to the member's
 * default code, or to 'Unallocated' when there is none. Everything is in whole minutes, so a day's
 * allocations always add up to exactly its paid minutes.
 */

/** At most this many codes in one organization (active or not). */
export const MAX_ALLOCATION_CODES = 200

export const ALLOCATION_NAME_MAX_LENGTH = 80
export const ALLOCATION_CLASS_MAX_LENGTH = 100
/**
 * ADP's cost numbers: the fixed-width paydata record gives its job cost number 15 characters (see
 * payroll-files.ts); letters, digits, dashes and periods, starting with a letter or digit (so a CSV
 * cell never neutralises it).
 */
export const ALLOCATION_COST_NUMBER_MAX_LENGTH = 15
export const COST_NUMBER_MESSAGE =
  'Cost number must be at most 15 letters, digits, dashes or periods, starting with a letter or digit'

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
  /** The ADP cost number its hours carry in the paydata file ('Temporary Cost Number'). */
  costNumber: z
    .string({ error: COST_NUMBER_MESSAGE })
    .trim()
    .refine((s) => s === '' || /^[A-Za-z0-9][A-Za-z0-9.-]{0,14}$/.test(s), COST_NUMBER_MESSAGE)
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

/** The body of `PUT /api/organization/allocation-codes`: the whole list, names unique, ids once. */
export const AllocationCodesUpdate = z
  .object({
    codes: z
      .array(AllocationCodeInput, { error: 'codes must be a list' })
      .max(MAX_ALLOCATION_CODES, `At most ${MAX_ALLOCATION_CODES} ministries and funds`),
  })
  .superRefine(({ codes }, ctx) => {
    for (const [i, field] of repeatedNamesAndIds(codes))
      ctx.addIssue({
        code: 'custom',
        message: field === 'name' ? 'Each name once' : 'Each code once',
        path: ['codes', i, field],
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

/** An exempt member's or minister's week by percent: `[{ "code", "percent" }]`, adding up to 100. */
export const WeekAllocationPercent = z
  .array(
    z.object({
      code: AllocationCodeRef,
      percent: z
        .number({ error: PERCENT_WHOLE_MESSAGE })
        .int(PERCENT_WHOLE_MESSAGE)
        .min(1, PERCENT_RANGE_MESSAGE)
        .max(100, PERCENT_RANGE_MESSAGE),
    }),
    { error: 'weekAllocationPercent must be a list' },
  )
  .max(MAX_DAY_ALLOCATIONS, `A week may be split among at most ${MAX_DAY_ALLOCATIONS} ministries and funds`)
  .refine((list) => list.length === 0 || list.reduce((a, p) => a + p.percent, 0) === 100, PERCENT_TOTAL_MESSAGE)
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

/** The rules on a week's allocations live without zod (the first screens and the offline save use them). */
export {
  UNALLOCATED,
  MAX_DAY_ALLOCATIONS,
  allocationsField,
  allocationMismatchMessage,
  BOTH_WAYS_MESSAGE,
  PERCENT_NOT_ALLOWED,
  PERCENT_TOTAL_MESSAGE,
  PERCENT_WHOLE_MESSAGE,
  PERCENT_RANGE_MESSAGE,
  fillPercentRemainder,
  weekPercentProblem,
  allocationMismatches,
  hasAllocations,
  codesNamed,
  allocatesByPercent,
  apportion,
  resolveDay,
  weekAllocation,
  totalsByCode,
  fillRemainder,
  type WeekAllocations,
} from './allocation-rules.ts'
