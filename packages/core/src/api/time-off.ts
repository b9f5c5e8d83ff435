import * as z from 'zod'
import { LedgerEntry, TIME_OFF_NOTE_MAX, TimeOffDate, TimeOffKind, TimeOffStatus } from '../time-off.ts'
import { TEXT_LIMITS } from '../text.ts'
import { HeldReviewer } from './held-reviewers.ts'
import { limitedText, requiredText } from '../text-schemas.ts'

/** The requests and answers of /api/time-off/*. */

/** A time-off request as every route answers it. */
export const TimeOffRequestView = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  kind: TimeOffKind,
  from: z.string(),
  to: z.string(),
  hoursPerDay: z.number(),
  /** Every day the request takes, holidays left out. */
  days: z.array(z.object({ date: z.string(), hours: z.number() })),
  hours: z.number(),
  note: z.string(),
  status: TimeOffStatus,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  comments: z.string(),
  /** Supervisors' lists: routed to the caller, or to a supervisor they stand in for. */
  waitingForMe: z.boolean().optional(),
})
export type TimeOffRequestView = z.infer<typeof TimeOffRequestView>

/**
 * POST /api/time-off: the request, and `reviewEmailsHeldFor`, the reviewers whose email about it
 * waits for their confirmed address (empty when everyone was emailed).
 */
export const RequestedTimeOff = TimeOffRequestView.extend({ reviewEmailsHeldFor: z.array(HeldReviewer) })
export type RequestedTimeOff = z.infer<typeof RequestedTimeOff>

export const TimeOffList = z.object({ items: z.array(TimeOffRequestView) })
export type TimeOffList = z.infer<typeof TimeOffList>

/** GET /api/time-off: `status`, and the dates a request must touch (`from`, `to`, both optional). */
export const TimeOffQuery = z
  .object({
    status: TimeOffStatus.optional(),
    from: TimeOffDate.optional(),
    to: TimeOffDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must be on or before to', path: ['to'] })
export type TimeOffQuery = z.infer<typeof TimeOffQuery>

export const TimeOffId = z.object({ id: z.string().trim().min(1).max(64) })

/** PATCH /api/time-off/{id}/status. */
export const TimeOffDecision = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  comments: limitedText('Comments', TEXT_LIMITS.comments).default(''),
})
export type TimeOffDecision = z.infer<typeof TimeOffDecision>

export const ADJUSTMENT_REASON_REQUIRED = 'Give a reason for the adjustment'
/** POST /api/time-off/adjustments (supervisors): hours granted (or removed, when negative) with a reason. */
export const TimeOffAdjustment = z.object({
  employeeId: z.string({ error: 'Choose a member' }).trim().min(1, 'Choose a member').max(100),
  kind: TimeOffKind,
  hours: z
    .number({ error: 'Hours must be a number' })
    .min(-1000, 'Hours must be between -1000 and 1000')
    .max(1000, 'Hours must be between -1000 and 1000')
    .refine((h) => h !== 0, 'Hours must not be 0')
    .refine((h) => Number.isInteger(Math.round(h * 100 * 1e6) / 1e6), 'Hours may have two decimals'),
  reason: requiredText(
    ADJUSTMENT_REASON_REQUIRED,
    TIME_OFF_NOTE_MAX,
    `Reason must be ${TIME_OFF_NOTE_MAX} characters or fewer`,
  ),
})
export type TimeOffAdjustment = z.infer<typeof TimeOffAdjustment>

/** GET /api/time-off/balances: per kind, the balance and the ledger of every change (oldest first). */
export const KindBalance = z.object({
  kind: TimeOffKind,
  name: z.string(),
  eligible: z.boolean(),
  accruedHours: z.number(),
  usedHours: z.number(),
  scheduledHours: z.number(),
  availableHours: z.number(),
  ledger: z.array(LedgerEntry),
})
export type KindBalance = z.infer<typeof KindBalance>
export const TimeOffBalances = z.object({ employeeId: z.string(), balances: z.array(KindBalance) })
export type TimeOffBalances = z.infer<typeof TimeOffBalances>
export const BalancesQuery = z.object({ employeeId: z.string().trim().min(1).max(100).optional() })
