import * as z from 'zod'
import { Person } from './payroll.ts'
import { ListedTimesheet } from './timesheets.ts'

/** GET /api/reports: the submitted timesheets of a date range, each with its approver. */
export const ReportItem = ListedTimesheet.extend({
  approver: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
})
export type ReportItem = z.infer<typeof ReportItem>

export const Report = z.array(ReportItem)
export type Report = z.infer<typeof Report>

const hours = z.number()
/**
 * GET /api/reports/allocation: hours per ministry or fund from the figures approval
 * stored; staff per code with each member's share of their own paid hours, and volunteers' hours per
 * code valued at the volunteer rate.
 */
export const AllocationReport = z.object({
  codes: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      hours,
      percent: z.number(),
      budgetHours: z.number().nullable(),
      members: z.array(Person.extend({ hours, percent: z.number() })),
    }),
  ),
  volunteers: z.array(z.object({ code: z.string(), name: z.string(), hours, value: z.number() })),
})
export type AllocationReport = z.infer<typeof AllocationReport>
