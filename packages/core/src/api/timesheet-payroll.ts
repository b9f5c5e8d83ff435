import * as z from 'zod'

/** What every timesheet answer carries beside the spec's fields: its payroll figures. */
export const TimesheetPayroll = z.object({
  paidHours: z.number(),
  breakMinutes: z.number().int(),
  regularHours: z.number(),
  overtimeHours: z.number(),
  doubleTimeHours: z.number(),
})
export type TimesheetPayroll = z.infer<typeof TimesheetPayroll>
