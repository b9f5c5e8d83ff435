import * as z from 'zod'
import { LEAVE_KINDS } from '../time-off-payroll.ts'
import { LeaveHours, Person } from './payroll.ts'

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
  ...LeaveHours.shape,
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

/**
 * A refusal or failure of a send to a vendor (QuickBooks Online or Gusto), per member where it was
 * about one: `code` is ours (the screen words it), `vendorMessages` are the vendor's, as it said them.
 */
export const IntegrationSendError = z.object({
  person: Person.nullable(),
  code: z.enum(['refused', 'member-unmatched', 'pay-period-missing', 'payroll-processed']),
  status: z.number().int().nullable(),
  /** The day of the refused record, when the vendor refused one day's record (QuickBooks). */
  date: z.string().optional(),
  vendorMessages: z.array(z.string()),
})
export type IntegrationSendError = z.infer<typeof IntegrationSendError>

/**
 * The last send of a pay period to a vendor, one shape for QuickBooks Online and Gusto: its
 * state, what it did and what the vendor refused. A send is queued (POST .../send), run by the
 * send job (`sending`), and ends `sent`, `failed` (a refusal named in `errors`, or given up on after
 * its retries) or `reconnect` (the vendor refused our tokens: nothing sent is lost).
 */
export const IntegrationSendStatus = z.object({
  state: z.enum(['queued', 'sending', 'sent', 'failed', 'reconnect']),
  requestedAt: z.string(),
  sentAt: z.string().nullable(),
  /** Reopened (and maybe corrected) since it was sent: send again to update the vendor. */
  changedSinceSent: z.boolean(),
  /** When a 429 (at its Retry-After) or an outage (the backoff) is tried again. */
  retryAt: z.string().nullable(),
  /** Records (QuickBooks TimeActivity, Gusto time sheets) created, updated, deleted and left as they were. */
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  unchanged: z.number().int(),
  /** Gusto only: the payroll sync for the period was made (always false for QuickBooks). */
  payrollSynced: z.boolean(),
  /** Gusto only: the period's paid time off is in the payroll (always false for QuickBooks). */
  paidTimeOffSent: z.boolean(),
  errors: z.array(IntegrationSendError),
})
export type IntegrationSendStatus = z.infer<typeof IntegrationSendStatus>

/** Gusto's send status is the one integration send status (the names the Gusto panel uses). */
export const GustoSendErrorView = IntegrationSendError
export type GustoSendErrorView = IntegrationSendError
export const GustoSendStatus = IntegrationSendStatus
export type GustoSendStatus = IntegrationSendStatus

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

/** A vendor's employee as a matching page lists it (Gusto, QuickBooks). */
export const MatchingEmployee = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() })
/** One of our members with their vendor employee: chosen, by email, by name, or none. */
export const MatchingMember = z.object({
  memberId: z.string(),
  name: z.string(),
  employeeId: z.string().nullable(),
  by: z.enum(['chosen', 'email', 'name']).nullable(),
})
/** A supervisor's choices of one kind: our id to the vendor's, or null for no counterpart. */
export const ChosenCounterparts = z.record(z.string().max(100), z.string().max(100).nullable()).default({})

/** GET /api/integrations/gusto/matching: Gusto's employees and time-off policies beside our members and kinds of leave. */
export const GustoMatchingView = z.object({
  employees: z.array(MatchingEmployee),
  policies: z.array(z.object({ id: z.string(), name: z.string(), policyType: z.string().nullable() })),
  /** Paid members (never volunteers) with their Gusto employee: chosen, by email, by name, or none. */
  members: z.array(MatchingMember),
  /** Each kind of leave (vacation, sick, personal, holiday) with its policy: chosen, by the rule, or none. */
  kinds: z.array(z.object({ kind: Leave, policyId: z.string().nullable(), by: z.enum(['chosen', 'rule']).nullable() })),
})
export type GustoMatchingView = z.infer<typeof GustoMatchingView>

/** PUT /api/integrations/gusto/matching: the supervisor's choices (null: no Gusto counterpart, the rule decides again). */
export const GustoMatchingUpdate = z.object({
  members: ChosenCounterparts,
  kinds: z.partialRecord(Leave, z.string().max(100).nullable()).default({}),
})
export type GustoMatchingUpdate = z.infer<typeof GustoMatchingUpdate>
