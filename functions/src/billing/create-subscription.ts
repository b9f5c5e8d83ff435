import { createHash } from 'node:crypto'
import * as z from 'zod'
import { badRequest, CreatedSubscription, messages, plans, unavailable } from '@app/core'
import {
  billingConfigured,
  couponDetails,
  createCustomer,
  createSubscription,
  settlePrevious,
} from '@app/adapters/billing'
import { defineRoute } from '../http/define-route.ts'

const knownPriceIds = new Set(plans.flatMap((p) => Object.values(p.priceIds)))

/**
 * Starts checkout for a plan: reuses the organization's Stripe customer, keeps the rest of the
 * free trial, applies a coupon, and answers the client secret for the Payment Element. A second
 * click for the same plan and coupon answers the same subscription (the idempotency key while the
 * first is in flight, settlePrevious after); changing either replaces the unfinished one.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/create-subscription',
  auth: 'supervisor',
  wholeChurch: true,
  body: z.object({
    priceId: z
      .string({ error: 'Choose a plan: priceId is required' })
      .trim()
      .refine((id) => knownPriceIds.has(id), 'Unknown plan'),
    couponCode: z.string().trim().max(100).optional(),
  }),
  response: CreatedSubscription,
  errors: [404, 429, 503],
  uses: ['table', 'stripe'],
  handler: async ({ body, session, db }) => {
    if (!(await billingConfigured())) throw unavailable(messages.billingNotConfigured)
    const org = await db.organization.get()
    // The coupon first: a refused code leaves the organization as it was (no Stripe customer yet).
    if (body.couponCode) await db.organization.countCouponAttempt()
    const coupon = body.couponCode ? await couponDetails(body.couponCode) : undefined
    if (body.couponCode && !coupon)
      throw badRequest('This coupon code is not valid.', { couponCode: 'This coupon code is not valid.' })
    const customer =
      org.stripeCustomerId ??
      (await db.organization.setStripeCustomer(await createCustomer(org.id, org.name, session.user.email)))

    const choice = createHash('sha256')
      .update([body.priceId, body.couponCode ?? ''].join('|'))
      .digest('hex')
    const previous = org.stripeSubscriptionId ? await settlePrevious(org.stripeSubscriptionId, choice) : undefined
    if (previous) return previous
    const trialEnd =
      org.subscriptionStatus === 'trial' && org.trialEndsAt ? Math.floor(Date.parse(org.trialEndsAt) / 1000) : 0
    const created = await createSubscription({
      orgId: org.id,
      customer,
      planPriceId: body.priceId,
      // Keep what is left of the free trial (Stripe wants a trial end comfortably in the future).
      trialEnd: trialEnd > Date.now() / 1000 + 3600 ? trialEnd : undefined,
      discount: coupon?.discount,
      choice,
      idempotencyKey: `subscription-${org.id}-${choice}-${org.stripeSubscriptionId ?? 'first'}`,
    })
    await db.organization.setStripeSubscription(created.subscriptionId)
    return created
  },
})
