import * as z from 'zod'
import { LEAVE_KINDS } from '../time-off-payroll.ts'
import { Person } from './payroll.ts'

/**
 * Response schemas of the Payroll page's Gusto preview and send. Hours have two decimals (core's
 * `hoursOf`); Gusto's own words come back as it said them, beside a code the screen words itself.
 */

const Leave = z.enum(LEAVE_KINDS)

/** One member's line of what a period sends Gusto. */
export const GustoPreviewMember = Person.extend({
  /** Matched to a Gusto employee; an unmatched member is listed and nothing of theirs is sent. */
  matched: z.boolean(),
  /** Non-exempt: their shifts go as time sheets. Exempt staff and ministers send only leave. */
  timeSheets: z.boolean(),
  regularHours: z.number(),
  overtimeHours: z.number(),
  doubleTimeHours: z.number(),
  vacationHours: z.number(),
  sickHours: z.number(),
  personalHours: z.number(),
  holidayHours: z.number(),
})
export type GustoPreviewMember = z.infer<typeof GustoPreviewMember>

/** What keeps part of a period from Gusto, named for the screen to word it. */
export const GustoPreviewProblem = z.object({
  code: z.enum(['member-unmatched', 'policy-unmatched', 'figures-changed']),
  person: Person,
  kind: Leave.optional(),
  date: z.string().optional(),
})
export type GustoPreviewProblem = z.infer<typeof GustoPreviewProblem>

/** A refusal or failure of a send, per member where it was about one. */
export const GustoSendErrorView = z.object({
  person: Person.nullable(),
  code: z.enum(['refused', 'pay-period-missing', 'payroll-processed']),
  status: z.number().int().nullable(),
  /** Gusto's messages, in its words. */
  gustoMessages: z.array(z.string()),
})
export type GustoSendErrorView = z.infer<typeof GustoSendErrorView>

/** The last send of a period: its state, what it did and what Gusto refused. */
export const GustoSendStatus = z.object({
  state: z.enum(['queued', 'sending', 'sent', 'failed', 'reconnect']),
  requestedAt: z.string(),
  sentAt: z.string().nullable(),
  /** Reopened (and maybe corrected) since it was sent: send again to update Gusto. */
  changedSinceSent: z.boolean(),
  /** When a 429 or an outage is tried again. */
  retryAt: z.string().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  unchanged: z.number().int(),
  payrollSynced: z.boolean(),
  paidTimeOffSent: z.boolean(),
  errors: z.array(GustoSendErrorView),
})
export type GustoSendStatus = z.infer<typeof GustoSendStatus>

/** GET /api/payroll/periods/{start}/gusto: exactly what Send would send, and the last send. */
export const GustoPreview = z.object({
  start: z.string(),
  end: z.string(),
  members: z.array(GustoPreviewMember),
  timeSheetCount: z.number().int(),
  problems: z.array(GustoPreviewProblem),
  send: GustoSendStatus.nullable(),
})
export type GustoPreview = z.infer<typeof GustoPreview>
