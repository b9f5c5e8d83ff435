import * as z from 'zod'
import { ListedTimesheet } from './timesheets.ts'

/** GET /api/reports: the submitted timesheets of a date range, each with its approver. */
export const ReportItem = ListedTimesheet.extend({
  approver: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
})
export type ReportItem = z.infer<typeof ReportItem>

export const Report = z.array(ReportItem)
export type Report = z.infer<typeof Report>
