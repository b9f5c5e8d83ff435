import * as z from 'zod'
import { PLAN_IDS } from '../plans.ts'

/** GET /api/billing/config: the publishable key, null when billing is not configured. */
export const BillingConfig = z.object({ publishableKey: z.string().nullable() })
export type BillingConfig = z.infer<typeof BillingConfig>

/** GET /api/subscription/status and POST /api/billing/start-trial. */
export const SubscriptionState = z.object({
  hasSubscription: z.boolean(),
  status: z.string(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
})
export type SubscriptionState = z.infer<typeof SubscriptionState>

/** POST /api/billing/subscription: what the browser confirms with Stripe. */
export const CreatedSubscription = z.object({
  subscriptionId: z.string(),
  clientSecret: z.string(),
  intentType: z.enum(['setup', 'payment']),
})
export type CreatedSubscription = z.infer<typeof CreatedSubscription>

/** POST /api/billing/validate-coupon. */
export const CouponCheck = z.object({
  valid: z.boolean(),
  message: z.string(),
  discount: z.object({ name: z.string(), description: z.string() }).optional(),
})
export type CouponCheck = z.infer<typeof CouponCheck>

/** POST /api/stripe/webhook: received, and whether it changed the organization. */
export const WebhookReceipt = z.object({ received: z.boolean(), applied: z.boolean() })
export type WebhookReceipt = z.infer<typeof WebhookReceipt>
