import * as z from 'zod'
import type { TimesheetPayroll } from './api/timesheet-payroll.ts'
import {
  breakField,
  breaksLongerThanShift,
  breakTooLongMessage,
  dayPaidMinutes,
  isTime,
  MAX_BREAK_MINUTES,
  spansField,
} from './hours.ts'
import { weekSpanProblems } from './spans.ts'
import { limitedText } from './text-schemas.ts'
import { TEXT_LIMITS } from './text.ts'
import {
  allocationFields,
  allocationMismatches,
  allocationMismatchMessage,
  allocationsField,
  BOTH_WAYS_MESSAGE,
} from './allocation.ts'
import { TimesheetApproval } from './approvals.ts'
import { DAYS, dayLabel, isCalendarDate, isValidDate, MAX_YEAR, MIN_YEAR, type DayName } from './week.ts'

/**
 * The timesheet's shared schemas (spec sections 3 to 5). Server, web and CSV exports parse with
 * these, so a refusal reads the same everywhere.
 */

export const ACTIVITY_MAX_LENGTH = TEXT_LIMITS.activity
export const NOTES_MAX_LENGTH = TEXT_LIMITS.notes

/** Stored records and forms use null, undefined and '' alike for "not filled"; all become ''. */
const blankable = (schema: z.ZodType<string>) => z.preprocess((value) => value ?? '', schema).default('')

const TIME_MESSAGE = 'Use a 24-hour time like 09:00'

const timeText = (message = TIME_MESSAGE) =>
  z
    .string({ error: message })
    .trim()
    .refine((s) => s === '' || isTime(s), message)

/** '' (not filled) or 'HH:MM' from 00:00 to 23:59. */
export const TimeOfDay = blankable(timeText())
export type TimeOfDay = z.infer<typeof TimeOfDay>

/** A day's time; its refusal names the day and which time, as a week's first message leads a 400 alone. */
const dayTime = (day: DayName, which: 'start' | 'end' | 'range') =>
  timeText(`${dayLabel[day]} ${which === 'range' ? 'time ranges' : `${which} time`}: use a 24-hour time like 09:00`)
const dayTimeOfDay = (day: DayName, which: 'start' | 'end') => blankable(dayTime(day, which))

const longText = (label: string, max: number) => blankable(limitedText(label, max))

const activity = (day: DayName) => longText(`${dayLabel[day]} activity`, ACTIVITY_MAX_LENGTH)

/** A day's unpaid break in whole minutes, 0 to 720; missing or null is no break (every total stays the spec's). */
const breakMinutes = (day: DayName) => {
  const message = `${dayLabel[day]} break must be a whole number of minutes from 0 to ${MAX_BREAK_MINUTES}`
  return z.preprocess(
    (value) => value ?? 0,
    z.number({ error: message }).int(message).min(0, message).max(MAX_BREAK_MINUTES, message),
  )
}

/**
 * A day's spans, `[{ "start": "08:00", "end": "12:00" }, ...]`, optional. The rules
 * between them (how many, their order) are spans.ts's, checked with the week.
 */
const spans = (day: DayName) =>
  z
    .array(z.object({ start: dayTime(day, 'range'), end: dayTime(day, 'range').default('') }), {
      error: `${dayLabel[day]} time ranges must be a list`,
    })
    .nullish()

/** The spans fields every call with day fields may carry, all optional (without them, the call is the spec's). */
export const spanFieldSchemas = Object.fromEntries(DAYS.map((day) => [spansField(day), spans(day)])) as {
  [D in DayName as `${D}Spans`]: ReturnType<typeof spans>
}

/** Every day's times and activity plus notes, all optional: a draft fills in over the week. */
export const TimesheetDays = z.object({
  mondayStart: dayTimeOfDay('monday', 'start'),
  mondayEnd: dayTimeOfDay('monday', 'end'),
  mondayActivity: activity('monday'),
  mondayBreakMinutes: breakMinutes('monday'),
  tuesdayStart: dayTimeOfDay('tuesday', 'start'),
  tuesdayEnd: dayTimeOfDay('tuesday', 'end'),
  tuesdayActivity: activity('tuesday'),
  tuesdayBreakMinutes: breakMinutes('tuesday'),
  wednesdayStart: dayTimeOfDay('wednesday', 'start'),
  wednesdayEnd: dayTimeOfDay('wednesday', 'end'),
  wednesdayActivity: activity('wednesday'),
  wednesdayBreakMinutes: breakMinutes('wednesday'),
  thursdayStart: dayTimeOfDay('thursday', 'start'),
  thursdayEnd: dayTimeOfDay('thursday', 'end'),
  thursdayActivity: activity('thursday'),
  thursdayBreakMinutes: breakMinutes('thursday'),
  fridayStart: dayTimeOfDay('friday', 'start'),
  fridayEnd: dayTimeOfDay('friday', 'end'),
  fridayActivity: activity('friday'),
  fridayBreakMinutes: breakMinutes('friday'),
  saturdayStart: dayTimeOfDay('saturday', 'start'),
  saturdayEnd: dayTimeOfDay('saturday', 'end'),
  saturdayActivity: activity('saturday'),
  saturdayBreakMinutes: breakMinutes('saturday'),
  sundayStart: dayTimeOfDay('sunday', 'start'),
  sundayEnd: dayTimeOfDay('sunday', 'end'),
  sundayActivity: activity('sunday'),
  sundayBreakMinutes: breakMinutes('sunday'),
  notes: longText('Notes', NOTES_MAX_LENGTH),
  /** Each day's split among ministries and funds, and a salaried week's percents (all optional). */
  ...allocationFields,
  ...spanFieldSchemas,
})
export type TimesheetDays = z.infer<typeof TimesheetDays>

export const TimesheetStatus = z.enum(['draft', 'pending', 'approved', 'rejected'], {
  error: 'Status must be draft, pending, approved or rejected',
})
export type TimesheetStatus = z.infer<typeof TimesheetStatus>

const WEEK_START_REQUIRED = 'Week start date is required'
const DATE_SHAPE_MESSAGE = 'Use a date like 2026-11-16'

/** Why a week start date is refused, or undefined when it is fine. One message per problem. */
const weekStartDateProblem = (date: string): string | undefined => {
  if (date === '') return WEEK_START_REQUIRED
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return DATE_SHAPE_MESSAGE
  if (!isCalendarDate(date)) return `Week start date ${date} is not a real calendar date`
  if (!isValidDate(date)) return `Week start date must be between ${MIN_YEAR} and ${MAX_YEAR}`
  return undefined
}

/**
 * A JavaScript Date of a day, as JSON writes it: that day's midnight UTC. The spec's client sends
 * "weekStartDate as date", so this is read as the day; any other time of day names no one day.
 */
const MIDNIGHT_UTC = /^(\d{4}-\d{2}-\d{2})T00:00:00(?:\.0{1,3})?(?:Z|\+00:00)$/

/**
 * A 'YYYY-MM-DD' calendar date (spec section 5: required), or that day's midnight UTC. Whether it
 * is the organization's week start day depends on its settings, so the server checks that with
 * `isWeekStart`.
 */
export const WeekStartDate = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().replace(MIDNIGHT_UTC, '$1') : (value ?? '')),
  z
    .string({ error: DATE_SHAPE_MESSAGE })
    .trim()
    .superRefine((date, ctx) => {
      const problem = weekStartDateProblem(date)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
)
export type WeekStartDate = z.infer<typeof WeekStartDate>

const ID_MESSAGE = 'Timesheet id must be a positive whole number'

/** A timesheet id, as it arrives in a path such as /api/timesheets/{id}/submit: digits only. */
export const TimesheetId = z
  .string({ error: ID_MESSAGE })
  .regex(/^[0-9]{1,15}$/, ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().positive(ID_MESSAGE))
export type TimesheetId = z.infer<typeof TimesheetId>
/** The path of a route about one timesheet: `/api/timesheets/{id}/...`. */
export const TimesheetParams = z.object({ id: TimesheetId })

/** A supervisor's comment on a decision: PATCH /api/timesheets/{id}/status and the emailed decline page. */
export const DecisionComment = z
  .string()
  .trim()
  .max(TEXT_LIMITS.comments, `Comments must be ${TEXT_LIMITS.comments} characters or fewer`)

export const SEND_BACK_COMMENT_REQUIRED = 'Say what needs correcting: a comment is required'

/**
 * POST /api/timesheets/{id}/send-back: what the member must correct, shown to them as the
 * decline comment, so it may not be empty.
 */
export const SendBackBody = z.object({
  comments: z.string({ error: SEND_BACK_COMMENT_REQUIRED }).pipe(DecisionComment.min(1, SEND_BACK_COMMENT_REQUIRED)),
})
export type SendBackBody = z.infer<typeof SendBackBody>

/** One entry of a timesheet's decision history, shown as 'Previous Comments'. */
export const TimesheetComment = z.object({
  status: z.enum(['approved', 'rejected']),
  comment: z.string(),
  byUserId: z.string(),
  byName: z.string(),
  at: z.string(),
  /** The approver a delegate decided for ("{delegate} for {approver}"), when one did. */
  onBehalfOfId: z.string().nullable().optional(),
  onBehalfOfName: z.string().nullable().optional(),
})
export type TimesheetComment = z.infer<typeof TimesheetComment>

/**
 * How many decisions a timesheet keeps in its own item: each comment may be 2,000
 * characters, and an item may not pass DynamoDB's 400 KB. The whole history stays in the audit
 * trail (`GET /api/timesheets/{id}/history`).
 */
export const COMMENT_HISTORY_LIMIT = 20

/** The comment history with one more decision, the oldest dropped past COMMENT_HISTORY_LIMIT. */
export const withComment = (history: readonly TimesheetComment[], entry: TimesheetComment): TimesheetComment[] =>
  [...history, entry].slice(-COMMENT_HISTORY_LIMIT)

/** A timesheet as the API answers it (spec section 3), plus `version` for safe concurrent saves. */
export const Timesheet = TimesheetDays.extend({
  id: z.number().int().positive(),
  organizationId: z.string(),
  employeeId: z.string(),
  weekStartDate: z.string(),
  status: TimesheetStatus,
  version: z.number().int().nonnegative(),
  approvedBy: z.string().nullable().default(null),
  approvedAt: z.string().nullable().default(null),
  comments: z.string().nullable().default(null),
  commentHistory: z.array(TimesheetComment).default([]),
  submittedAt: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Some of the times were entered on the employee's device while offline and synced later. */
  enteredOffline: z.boolean().default(false),
  /** The approvals of this submission (two with a second approval; a new submission starts over). */
  approvals: z.array(TimesheetApproval).default([]),
  /**
   * The campus the week is worked at: its member's when it was made, kept when they move, so
   * payroll and reports by campus count each week where it was worked (absent without campuses).
   */
  campusId: z.string().optional(),
})
export type Timesheet = z.infer<typeof Timesheet>

/** The employee embedded in list items (spec section 3). */
export const EmbeddedEmployee = z.object({
  firstName: z.string(),
  lastName: z.string(),
  department: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** Tells apart members with the same name in exports; lists are the supervisors' or the member's own. */
  email: z.string().nullable().optional(),
})
export type EmbeddedEmployee = z.infer<typeof EmbeddedEmployee>

export type TimesheetListItem = Timesheet & {
  employee: EmbeddedEmployee | null
  totalHours: number
  payroll: TimesheetPayroll
}

/**
 * Refuses a day whose spans are out of order, overlap or disagree with its start and end,
 * on its spans field; a day whose break is longer than its worked spans, on its break field; and
 * a day whose split does not add up to its paid minutes, on its allocations field.
 */
const checkBreaks = (days: TimesheetDays, ctx: z.RefinementCtx) => {
  for (const { day, message } of weekSpanProblems(days))
    ctx.addIssue({ code: 'custom', message, path: [spansField(day)] })
  for (const day of breaksLongerThanShift(days))
    ctx.addIssue({ code: 'custom', message: breakTooLongMessage(day), path: [breakField(day)] })
  for (const day of allocationMismatches(days))
    ctx.addIssue({
      code: 'custom',
      message: allocationMismatchMessage(day, dayPaidMinutes(days, day)),
      path: [allocationsField(day)],
    })
  if (days.weekAllocationPercent?.length && DAYS.some((day) => days[allocationsField(day)]?.length))
    ctx.addIssue({ code: 'custom', message: BOTH_WAYS_MESSAGE, path: ['weekAllocationPercent'] })
}

const VERSION_MESSAGE = 'version must be a whole number, 0 or more'
const version = z.number({ error: VERSION_MESSAGE }).int(VERSION_MESSAGE).nonnegative(VERSION_MESSAGE).optional()

/** A save from the web: the days, plus the version the edit was based on (a stale one is refused). */
export const TimesheetSave = TimesheetDays.extend({ version }).superRefine(checkBreaks)
export type TimesheetSave = z.infer<typeof TimesheetSave>

/**
 * The weekly dialog's save (PUT /api/timesheets/draft/{id}). `enteredOffline: true` says the days
 * were entered on the device while offline (clock times from its clock) and are synced now; the
 * timesheet keeps that mark for the supervisor. Without it the call is the spec's.
 */
export const DraftSave = TimesheetSave.safeExtend({
  enteredOffline: z.boolean({ error: 'enteredOffline must be true or false' }).optional(),
})
export type DraftSave = z.infer<typeof DraftSave>

/** A save of a chosen week (extend it with `.safeExtend`, which keeps the break check). */
export const WeekTimesheetSave = TimesheetDays.extend({ version, weekStartDate: WeekStartDate }).superRefine(
  checkBreaks,
)
export type WeekTimesheetSave = z.infer<typeof WeekTimesheetSave>
