import { createHash } from 'node:crypto'
import { z } from 'zod'
import { badRequest, plans } from '@app/core'
import { stripe, stripePriceId } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { couponDetails } from '../support/coupons.ts'

const knownPriceIds = new Set(plans.flatMap((p) => Object.values(p.priceIds)))
const unfinished = new Set(['incomplete', 'trialing'])

/**
 * Starts checkout for a plan: reuses the organization's Stripe customer, keeps the rest of the
 * free trial, applies a coupon, and answers the client secret for the Payment Element. The
 * idempotency key makes a double click one subscription; changing the coupon replaces the
 * unfinished one.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/create-subscription',
  auth: 'supervisor',
  body: z.object({
    priceId: z
      .string()
      .trim()
      .refine((id) => knownPriceIds.has(id), 'Unknown plan'),
    couponCode: z.string().trim().max(100).optional(),
  }),
  uses: ['table', 'stripe'],
  handler: async ({ body, session, db }) => {
    const client = stripe()
    const org = await db.organization.get()
    const customer =
      org.stripeCustomerId ??
      (await db.organization.setStripeCustomer(
        (
          await client.customers.create(
            { name: org.name, email: session.user.email ?? undefined, metadata: { orgId: org.id } },
            { idempotencyKey: `customer-${org.id}` },
          )
        ).id,
      ))
    const coupon = body.couponCode ? await couponDetails(client, body.couponCode) : undefined
    if (body.couponCode && !coupon)
      throw badRequest('This coupon code is not valid.', { couponCode: 'This coupon code is not valid.' })

    const price = stripePriceId(body.priceId)
    if (org.stripeSubscriptionId) {
      const previous = await client.subscriptions.retrieve(org.stripeSubscriptionId)
      if (unfinished.has(previous.status)) await client.subscriptions.cancel(previous.id)
    }
    const trialEnd =
      org.subscriptionStatus === 'trial' && org.trialEndsAt ? Math.floor(Date.parse(org.trialEndsAt) / 1000) : undefined
    const onTrial = trialEnd !== undefined && trialEnd > Date.now() / 1000 + 3600
    const key = createHash('sha256')
      .update([org.id, price, body.couponCode ?? '', org.stripeSubscriptionId ?? 'first'].join('|'))
      .digest('hex')
    const subscription = await client.subscriptions.create(
      {
        customer,
        items: [{ price }],
        ...(onTrial ? { trial_end: trialEnd } : {}),
        ...(coupon ? { discounts: [coupon.discount] } : {}),
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { orgId: org.id, planPriceId: body.priceId },
        expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
      },
      { idempotencyKey: `subscription-${key}` },
    )
    await db.organization.setStripeSubscription(subscription.id)
    const setup = subscription.pending_setup_intent
    const invoice = subscription.latest_invoice
    const clientSecret =
      setup && typeof setup !== 'string'
        ? setup.client_secret
        : invoice && typeof invoice !== 'string'
          ? (invoice.confirmation_secret?.client_secret ?? null)
          : null
    if (!clientSecret) throw new Error(`subscription ${subscription.id} has no intent to confirm`)
    return { clientSecret, intentType: setup ? 'setup' : 'payment', subscriptionId: subscription.id }
  },
})
