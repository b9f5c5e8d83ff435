import * as z from 'zod'
import { EmbeddedEmployee, Timesheet } from '../timesheet.ts'
import { HeldReviewer } from './held-reviewers.ts'
import { TimesheetPayroll } from './timesheet-payroll.ts'

/** Response schemas of /api/timesheets/*: what each route answers, checked in tests. */

/** Every timesheet answer: the timesheet and its payroll figures (paid, regular, overtime hours). */
export const TimesheetAnswer = Timesheet.extend({ payroll: TimesheetPayroll })
export type TimesheetAnswer = z.infer<typeof TimesheetAnswer>

/**
 * POST /api/timesheets and POST /api/timesheets/{id}/submit: the submitted timesheet, and
 * `reviewEmailsHeldFor`, the reviewers whose review email waits for their confirmed address (empty
 * when every reviewer was emailed, or the organization sends no review emails), so the member's
 * confirmation can say who will be told and when.
 */
export const SubmittedTimesheet = TimesheetAnswer.extend({ reviewEmailsHeldFor: z.array(HeldReviewer) })
export type SubmittedTimesheet = z.infer<typeof SubmittedTimesheet>

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
 * GET /api/timesheets/pending: every pending timesheet, oldest week first; `waitingForMe`
 * marks those routed to the signed-in supervisor or to the supervisors they stand in for.
 */
export const PendingTimesheets = z.array(ListedTimesheet.extend({ waitingForMe: z.boolean().optional() }))
export type PendingTimesheets = z.infer<typeof PendingTimesheets>

/** PATCH /api/timesheets/{id}/status: the decided timesheet; an approval adds its CSV link (null when not written). */
/** An approval's `csvDownloadUrl` (spec section 7) is a link that yields its CSV; a rejection has none. */
/**
 * A first approval of two adds `reviewEmailsHeldFor`: the final approvers asked whose review email
 * waits for their confirmed address (empty when every one was emailed).
 */
export const DecidedTimesheet = TimesheetAnswer.extend({
  csvDownloadUrl: z.string().optional(),
  reviewEmailsHeldFor: z.array(HeldReviewer).optional(),
})
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

/** The most timesheets one bulk approval decides (each in its own transaction). */
export const BULK_APPROVE_MAX = 50

/** POST /api/timesheets/bulk-approve: the pending timesheets to approve, each once. */
export const BulkApproveBody = z.object({
  ids: z
    .array(z.number({ error: 'Each id must be a timesheet id' }).int().positive().max(Number.MAX_SAFE_INTEGER), {
      error: 'ids must be a list of timesheet ids',
    })
    .min(1, 'Choose at least one timesheet')
    .max(BULK_APPROVE_MAX, `Approve at most ${BULK_APPROVE_MAX} timesheets at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each timesheet may be listed once'),
})
export type BulkApproveBody = z.infer<typeof BulkApproveBody>

/**
 * Its answer: the ids approved (a first approval of two included) and, for the others, why not.
 * `firstApprovals`: those of `approved` that only recorded a first approval (two-step approvals
 * on), so the week still waits for a final approver.
 */
export const BulkApproveResult = z.object({
  approved: z.array(z.number()),
  firstApprovals: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), status: z.number(), message: z.string() })),
})
export type BulkApproveResult = z.infer<typeof BulkApproveResult>
