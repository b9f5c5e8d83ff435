import * as z from 'zod'
import { CampusChoice } from './campus.ts'
import { NewMember, Phone } from './member.ts'
import { PayType } from './pay-types.ts'
import { Role } from './roles.ts'
import { limitedText, namedText, requiredText } from './text-schemas.ts'
import { TEXT_LIMITS } from './text.ts'
import { WeekStartDay } from './week-schemas.ts'
import { dateField } from './date-field.ts'

/**
 * Payroll requests: pay facts of members, the organization's payroll settings, pay
 * periods and the date ranges of summaries and exports. The rules themselves are in overtime.ts
 * and pay-periods.ts.
 */

export const PAYROLL_ID_MAX_LENGTH = TEXT_LIMITS.payrollId

/** The member's id in the payroll system (Gusto employee id, ADP file number); '' or null clears it. */
export const PayrollId = limitedText('Payroll id', PAYROLL_ID_MAX_LENGTH)
  .transform((s) => s || null)
  .nullable()

/** PATCH /api/employees/{id}: any subset of the member's editable fields. */
export const MemberUpdate = z.object({
  firstName: NewMember.shape.firstName.optional(),
  lastName: NewMember.shape.lastName.optional(),
  email: NewMember.shape.email.optional(),
  department: NewMember.shape.department.optional(),
  role: Role.optional(),
  payType: PayType.optional(),
  payrollId: PayrollId.optional(),
  phone: Phone.nullable().optional(),
  supervisorId: NewMember.shape.supervisorId,
  defaultCode: NewMember.shape.defaultCode,
  hireDate: NewMember.shape.hireDate,
  unpaid: NewMember.shape.unpaid,
  campusId: NewMember.shape.campusId,
  campusIds: NewMember.shape.campusIds,
})
export type MemberUpdate = z.infer<typeof MemberUpdate>

export const PayPeriodFrequency = z.enum(['weekly', 'biweekly', 'semimonthly', 'monthly'], {
  error: 'Pay period frequency must be weekly, biweekly, semimonthly or monthly',
})
export type PayPeriodFrequency = z.infer<typeof PayPeriodFrequency>

/** 2024's Independent Sector value of a volunteer hour, in dollars: the default for grant reports. */
export const DEFAULT_VOLUNTEER_HOURLY_RATE = 33.49
export const DEFAULT_WEEKLY_OVERTIME_HOURS = 40

const DATE_MESSAGE = 'Use a date like 2026-11-16'

/** A 'YYYY-MM-DD' date between 2000 and 2100. */
export const PayrollDate = dateField(DATE_MESSAGE, 'Use a date between 2000 and 2100')

const hours = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number of hours` })
    .positive(`${label} must be more than 0`)
    .max(max, `${label} must be at most ${max}`)
    .refine((n) => Number.isInteger(n * 4), `${label} must be in quarter hours`)

/** A payroll system's code: letters, digits, dash and underscore; '' or null clears it. */
const code = (label: string, max: number) =>
  limitedText(label, max)
    .refine((s) => /^[A-Za-z0-9_-]*$/.test(s), `${label} may only hold letters, digits, - and _`)
    .transform((s) => s || null)
    .nullable()

/** Settings → Payroll names the QuickBooks payroll item and the ADP earnings code of each kind of paid leave. */
export const DEFAULT_IIF_LEAVE_ITEMS = {
  vacation: 'Vacation Pay',
  sick: 'Sick Pay',
  personal: 'Personal Pay',
  holiday: 'Holiday Pay',
}
export const DEFAULT_ADP_LEAVE_CODES = { vacation: 'V', sick: 'S', personal: 'P', holiday: 'H' }
const leaveMap = (field: (kind: string) => z.ZodType<string>) =>
  z.object({
    vacation: field('Vacation'),
    sick: field('Sick'),
    personal: field('Personal'),
    holiday: field('Holiday'),
  })
/** QuickBooks Desktop payroll item names are at most 31 characters. */
const LeavePayItems = leaveMap((kind) => namedText(`${kind} payroll item`, 31))
const AdpLeaveCodes = leaveMap((kind) =>
  z
    .string({ error: `${kind} ADP code is required` })
    .trim()
    .regex(/^[A-Za-z0-9]{1,3}$/, `${kind} ADP code must be 1 to 3 letters or digits`),
)

/** The payroll settings as stored on the organization item (weekStartDay is the organization's own). */
export const PayrollRules = z.object({
  weeklyOvertimeHours: z.number().default(DEFAULT_WEEKLY_OVERTIME_HOURS),
  dailyOvertimeHours: z.number().nullable().default(null),
  dailyDoubleTimeHours: z.number().nullable().default(null),
  payPeriodFrequency: PayPeriodFrequency.default('biweekly'),
  /** Null until set: the organization's current week start is used. */
  payPeriodAnchor: z.string().nullable().default(null),
  adpCompanyCode: z.string().nullable().default(null),
  adpBatchId: z.string().nullable().default(null),
  volunteerHourlyRate: z.number().default(DEFAULT_VOLUNTEER_HOURLY_RATE),
  leavePayItems: LeavePayItems.default(DEFAULT_IIF_LEAVE_ITEMS),
  adpLeaveCodes: AdpLeaveCodes.default(DEFAULT_ADP_LEAVE_CODES),
})
export type PayrollRules = z.infer<typeof PayrollRules>

/** A new organization's payroll settings (no anchor yet: its current week start is used). */
export const defaultPayrollRules = (): PayrollRules => PayrollRules.parse({})

/** GET and PUT /api/payroll/settings answer. */
export const PayrollSettings = z.object({
  weekStartDay: WeekStartDay,
  weeklyOvertimeHours: z.number(),
  dailyOvertimeHours: z.number().nullable(),
  dailyDoubleTimeHours: z.number().nullable(),
  payPeriodFrequency: PayPeriodFrequency,
  payPeriodAnchor: z.string(),
  adpCompanyCode: z.string().nullable(),
  adpBatchId: z.string().nullable(),
  volunteerHourlyRate: z.number(),
  leavePayItems: LeavePayItems,
  adpLeaveCodes: AdpLeaveCodes,
})
export type PayrollSettings = z.infer<typeof PayrollSettings>

export const DOUBLE_TIME_BELOW_OVERTIME = 'Double time must start after daily overtime'

/** PUT /api/payroll/settings: any subset; null turns a daily rule off. */
export const PayrollSettingsUpdate = z
  .object({
    weekStartDay: WeekStartDay.optional(),
    weeklyOvertimeHours: hours('Weekly overtime threshold', 168).optional(),
    dailyOvertimeHours: hours('Daily overtime threshold', 24).nullable().optional(),
    dailyDoubleTimeHours: hours('Daily double time threshold', 24).nullable().optional(),
    payPeriodFrequency: PayPeriodFrequency.optional(),
    payPeriodAnchor: PayrollDate.optional(),
    adpCompanyCode: code('ADP company code', 3).optional(),
    adpBatchId: code('ADP batch id', 20).optional(),
    volunteerHourlyRate: z
      .number({ error: 'Volunteer hourly rate must be a number' })
      .min(0, 'Volunteer hourly rate must be 0 or more')
      .max(1000, 'Volunteer hourly rate must be at most 1000')
      .optional(),
    leavePayItems: LeavePayItems.optional(),
    adpLeaveCodes: AdpLeaveCodes.optional(),
  })
  .superRefine((s, ctx) => {
    if (
      s.dailyOvertimeHours != null &&
      s.dailyDoubleTimeHours != null &&
      s.dailyDoubleTimeHours <= s.dailyOvertimeHours
    )
      ctx.addIssue({ code: 'custom', message: DOUBLE_TIME_BELOW_OVERTIME, path: ['dailyDoubleTimeHours'] })
  })
export type PayrollSettingsUpdate = z.infer<typeof PayrollSettingsUpdate>

export const MAX_RANGE_DAYS = 366

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: both inclusive, from not after to, at most a year. */
export const DateRange = z
  .object({ from: PayrollDate, to: PayrollDate })
  .refine((r) => r.from <= r.to, { message: 'The start date must not be after the end date', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: `Choose at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
  })
export type DateRange = z.infer<typeof DateRange>

/** A range run for one campus (`campusId`) or, without it, the whole church (a campus admin's own campuses). */
export const CampusDateRange = DateRange.safeExtend(CampusChoice.shape)
export type CampusDateRange = z.infer<typeof CampusDateRange>

export const ExportFormat = z.enum(['csv', 'gusto', 'quickbooks-iif', 'adp'], {
  error: 'Format must be csv, gusto, quickbooks-iif or adp',
})
export type ExportFormat = z.infer<typeof ExportFormat>

/** GET /api/payroll/export query. */
export const ExportRequest = DateRange.safeExtend({ format: ExportFormat, ...CampusChoice.shape })
export type ExportRequest = z.infer<typeof ExportRequest>

export const MAX_PERIODS = 26

/** GET /api/payroll/periods query: periods ending before `before` (default: up to the current one). */
export const PeriodsQuery = z.object({
  before: PayrollDate.optional(),
  count: z
    .string()
    .regex(/^\d{1,2}$/, `Count must be a whole number from 1 to ${MAX_PERIODS}`)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_PERIODS, `Count must be a whole number from 1 to ${MAX_PERIODS}`))
    .optional(),
  ...CampusChoice.shape,
})
export type PeriodsQuery = z.infer<typeof PeriodsQuery>

/** /api/payroll/periods/{start}/...: a period is named by its first day. */
export const PeriodParams = z.object({ start: PayrollDate })

/** POST /api/payroll/periods/{start}/reopen. */
export const ReopenPeriod = z.object({
  reason: requiredText(
    'A reason is required',
    TEXT_LIMITS.reason,
    `The reason must be ${TEXT_LIMITS.reason} characters or fewer`,
  ),
})
export type ReopenPeriod = z.infer<typeof ReopenPeriod>

export const PERIOD_BLOCKED_MESSAGE = 'This pay period has timesheets that are not approved'
export const PERIOD_EARLY_MESSAGE =
  'This pay period has not ended or has weeks not submitted; close it anyway to lock them as they are'

/** POST /api/payroll/periods/{start}/close: no body, or `closeAnyway` to close before the period ends or with weeks missing. */
export const ClosePeriod = z.object({ closeAnyway: z.boolean().optional() })
export type ClosePeriod = z.infer<typeof ClosePeriod>
export const missingPayrollIdMessage = (names: string[]) => `These members have no payroll id: ${names.join(', ')}`
