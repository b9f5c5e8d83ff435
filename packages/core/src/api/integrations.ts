import * as z from 'zod'
import { IntegrationId } from '../integrations.ts'
import { QUICKBOOKS_RECORD_KINDS } from '../quickbooks-time.ts'
import { ChosenCounterparts, IntegrationSendStatus, MatchingEmployee, MatchingMember } from './gusto.ts'

/**
 * One integration as GET /api/integrations lists it. `connected` stays true while a connection is
 * stored; `reconnectNeeded` says the vendor refused its tokens (nothing stored is lost until the
 * supervisor connects again or disconnects).
 */
export const IntegrationView = z.object({
  id: IntegrationId,
  configured: z.boolean(),
  connected: z.boolean(),
  lastSentAt: z.string().nullable(),
  /** The settings the operator has not provided (empty when configured). */
  missingSettings: z.array(z.string()),
  reconnectNeeded: z.boolean(),
  connectedAt: z.string().nullable(),
  /** The vendor's account the connection reaches (QuickBooks' company id), when it names one. */
  account: z.string().nullable(),
})
export type IntegrationView = z.infer<typeof IntegrationView>

export const IntegrationList = z.object({ integrations: z.array(IntegrationView) })
export type IntegrationList = z.infer<typeof IntegrationList>

/** POST /api/integrations/{id}/connect: where to send the browser (the vendor's consent page). */
export const IntegrationConnect = z.object({ authorizationUrl: z.string() })
export type IntegrationConnect = z.infer<typeof IntegrationConnect>

const PayMinutes = z.object({
  regular: z.number().int(),
  overtime: z.number().int(),
  doubleTime: z.number().int(),
  vacation: z.number().int(),
  sick: z.number().int(),
  personal: z.number().int(),
  holiday: z.number().int(),
})

/** A kind of pay a QuickBooks record can be (time worked, or a kind of paid leave). */
export const QuickbooksPayKindName = z.enum(QUICKBOOKS_RECORD_KINDS)

/**
 * GET /api/integrations/quickbooks/matching: QuickBooks' employees, classes and pay types beside our
 * members, codes and kinds of pay. `payItems` are the employer's pay types (QuickBooks Payroll's
 * compensations); `payItemsAvailable` is false when QuickBooks gives none (no QuickBooks Payroll, or
 * a connection without the pay types' scope): records are then sent without a pay type.
 */
export const QuickbooksMatching = z.object({
  employees: z.array(MatchingEmployee),
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  members: z.array(MatchingMember),
  codes: z.array(z.object({ code: z.string(), name: z.string(), classId: z.string().nullable() })),
  payItems: z.array(z.object({ id: z.string(), name: z.string(), type: z.string().nullable() })),
  payItemsAvailable: z.boolean(),
  /** QuickBooks' own words when it gave no pay types. */
  payItemsVendorMessages: z.array(z.string()),
  /** Each kind of pay a record can be, with the pay type chosen for it (null: sent without one). */
  kinds: z.array(z.object({ kind: QuickbooksPayKindName, payItemId: z.string().nullable() })),
})
export type QuickbooksMatching = z.infer<typeof QuickbooksMatching>

/**
 * PUT /api/integrations/quickbooks/matching: the supervisor's choices (null: no QuickBooks
 * counterpart). Each field may be left out (nothing of that kind changes).
 */
export const QuickbooksMatchingUpdate = z.object({
  members: ChosenCounterparts,
  codes: ChosenCounterparts,
  payItems: z.partialRecord(QuickbooksPayKindName, z.string().max(100).nullable()).default({}),
})
export type QuickbooksMatchingUpdate = z.infer<typeof QuickbooksMatchingUpdate>

export const PeriodSentView = z.object({
  sentAt: z.string(),
  status: z.enum(['sent', 'partial', 'failed']),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
})

/** GET /api/payroll/periods/{start}/quickbooks: exactly what Send would send, and the last send. */
export const QuickbooksPreview = z.object({
  start: z.string(),
  end: z.string(),
  closed: z.boolean(),
  /** Sent, then reopened (and maybe closed again) since: a new send updates what changed. */
  changedSinceSent: z.boolean(),
  lastSent: PeriodSentView.nullable(),
  /** The last send asked for: queued, sending, or how it ended, with QuickBooks' refusals per member. */
  send: IntegrationSendStatus.nullable(),
  members: z.array(
    z.object({
      memberId: z.string(),
      name: z.string(),
      employee: z.object({ id: z.string(), name: z.string() }).nullable(),
      minutes: PayMinutes,
      byCode: z.array(z.object({ code: z.string(), className: z.string().nullable(), minutes: z.number().int() })),
      records: z.number().int(),
    }),
  ),
})
export type QuickbooksPreview = z.infer<typeof QuickbooksPreview>

/** POST /api/payroll/periods/{start}/quickbooks/send answers the send queued, as Gusto's does. */
export const QuickbooksSendStatus = IntegrationSendStatus
export type QuickbooksSendStatus = IntegrationSendStatus
