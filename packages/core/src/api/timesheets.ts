import * as z from 'zod'
import { EmbeddedEmployee, Timesheet } from '../timesheet.ts'
import { TimesheetPayroll } from './payroll.ts'

/** Response schemas of /api/timesheets/*: what each route answers, checked in tests. */

/** Every timesheet answer: the timesheet and its payroll figures (paid, regular, overtime hours). */
export const TimesheetAnswer = Timesheet.extend({ payroll: TimesheetPayroll })
export type TimesheetAnswer = z.infer<typeof TimesheetAnswer>

/** A timesheet in a list: with its employee (removed members included) and the week's total (paid hours). */
export const ListedTimesheet = TimesheetAnswer.extend({
  employee: EmbeddedEmployee.nullable(),
  totalHours: z.number(),
})
export type ListedTimesheet = z.infer<typeof ListedTimesheet>

/** GET /api/timesheets: one page, newest week first; `cursor` is null on the last page. */
export const TimesheetPage = z.object({ items: z.array(ListedTimesheet), cursor: z.string().nullable() })
export type TimesheetPage = z.infer<typeof TimesheetPage>

/**
 * GET /api/timesheets/pending: every pending timesheet, oldest week first; `waitingForMe` (issue 31)
 * marks those routed to the signed-in supervisor or to the supervisors they stand in for.
 */
export const PendingTimesheets = z.array(ListedTimesheet.extend({ waitingForMe: z.boolean().optional() }))
export type PendingTimesheets = z.infer<typeof PendingTimesheets>

/** PATCH /api/timesheets/{id}/status: the decided timesheet; an approval adds its CSV link (null when not written). */
/** An approval's `csvDownloadUrl` (spec section 7) is a link that yields its CSV; a rejection has none. */
export const DecidedTimesheet = TimesheetAnswer.extend({ csvDownloadUrl: z.string().optional() })
export type DecidedTimesheet = z.infer<typeof DecidedTimesheet>

/**
 * GET /api/timesheets/current-week: this week's timesheet. In the read-only demo a week nobody
 * saved is shown unsaved, with id 0 (it has no id yet, and the demo never writes one).
 * `periodClosed`: a closed pay period locks the week, so its form opens read-only and says why.
 */
export const CurrentWeek = TimesheetAnswer.extend({
  id: z.number().int().nonnegative(),
  periodClosed: z.boolean().optional(),
})
export type CurrentWeek = z.infer<typeof CurrentWeek>
