import * as z from 'zod'
import { PayType } from '../pay-types.ts'
import { LEAVE_KINDS, type LeaveKind } from '../time-off-payroll.ts'
import { ListedTimesheet } from './timesheets.ts'

/** Response schemas of /api/payroll/* and /api/reports/volunteer-hours. Hours have two decimals. */

export { PayrollSettings } from '../payroll.ts'

/** A member named in a period's lists, a refusal's blockers or a missing payroll id. */
export const Person = z.object({ employeeId: z.string(), firstName: z.string(), lastName: z.string() })
export type Person = z.infer<typeof Person>

export { TimesheetPayroll } from './timesheet-payroll.ts'

/** A declined or draft week of a pay period: whose, which week, and the week itself. */
export const UnapprovedWeek = Person.extend({
  weekStartDate: z.string(),
  timesheetId: z.number().int(),
  status: z.enum(['draft', 'rejected']),
  timesheet: ListedTimesheet.nullable(),
})
export type UnapprovedWeek = z.infer<typeof UnapprovedWeek>

/** One pay period (start and end inclusive) with its state and totals of approved hours. */
export const PayPeriod = z.object({
  start: z.string(),
  end: z.string(),
  status: z.enum(['open', 'closed']),
  closedAt: z.string().nullable(),
  closedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  reopenedReason: z.string().nullable(),
  notSubmitted: z.array(Person),
  pending: z.array(Person),
  approvedHours: z.number(),
  regularHours: z.number(),
  overtimeHours: z.number(),
  doubleTimeHours: z.number(),
  breakMinutes: z.number().int(),
  /**
   * Weeks of the period that hold work and are declined or still a draft: for an open period as
   * they are now, for a closed one those its close named (closed with `closeAnyway`, locked unpaid).
   * `timesheet` is the week as lists show it, null when it no longer exists.
   */
  unapproved: z.array(UnapprovedWeek).optional(),
})
export type PayPeriod = z.infer<typeof PayPeriod>

/** GET /api/payroll/periods: newest first. */
export const PayPeriodList = z.object({ periods: z.array(PayPeriod) })
export type PayPeriodList = z.infer<typeof PayPeriodList>

/**
 * POST /api/payroll/periods/{start}/close when some timesheets are not approved: 409 with the
 * API's error body ({ message }) and the members who block it.
 */
export const PayPeriodBlocked = z.object({ message: z.string(), blockers: z.array(Person) })
export type PayPeriodBlocked = z.infer<typeof PayPeriodBlocked>

/**
 * POST /api/payroll/periods/{start}/close without `closeAnyway` on a period that has not ended
 * (`endsOn`, its last day, is today or later in the organization's zone) or with members whose
 * weeks are not submitted: 409 with those reasons; nothing is closed.
 */
export const PayPeriodEarly = z.object({
  message: z.string(),
  reasons: z.object({ endsOn: z.string().nullable(), notSubmitted: z.array(Person) }),
})
export type PayPeriodEarly = z.infer<typeof PayPeriodEarly>

/** GET /api/payroll/export for a format that needs payroll ids some members lack: 400 with them. */
export const MissingPayrollIds = z.object({ message: z.string(), members: z.array(Person) })
export type MissingPayrollIds = z.infer<typeof MissingPayrollIds>

type LeaveHoursField = `${LeaveKind}Hours`
/** A member's paid leave hours of each kind (`vacationHours`...), never in their regular or overtime hours. */
export const LeaveHours = z.object(
  Object.fromEntries(LEAVE_KINDS.map((kind) => [`${kind}Hours`, z.number()])) as Record<LeaveHoursField, z.ZodNumber>,
)

export const PayrollSummaryMember = Person.extend({
  payType: PayType,
  payrollId: z.string().nullable(),
  regularHours: z.number(),
  overtimeHours: z.number(),
  doubleTimeHours: z.number(),
  breakMinutes: z.number().int(),
  daysWorked: z.number().int(),
  ...LeaveHours.shape,
})
export type PayrollSummaryMember = z.infer<typeof PayrollSummaryMember>

/** GET /api/payroll/summary: approved hours of non-volunteers in the range, by last name. */
export const PayrollSummary = z.object({ from: z.string(), to: z.string(), members: z.array(PayrollSummaryMember) })
export type PayrollSummary = z.infer<typeof PayrollSummary>

/** GET /api/reports/volunteer-hours: approved volunteer hours valued at the organization's rate. */
export const VolunteerHours = z.object({
  from: z.string(),
  to: z.string(),
  hourlyRate: z.number(),
  totalHours: z.number(),
  totalValue: z.number(),
  volunteers: z.array(
    Person.extend({
      department: z.string().nullable(),
      hours: z.number(),
      value: z.number(),
    }),
  ),
  departments: z.array(z.object({ department: z.string(), hours: z.number(), value: z.number() })),
})
export type VolunteerHours = z.infer<typeof VolunteerHours>
