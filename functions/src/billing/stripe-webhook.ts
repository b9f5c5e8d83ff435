import type Stripe from 'stripe'
import { badRequest, planForPriceId, SubscriptionStatus } from '@app/core'
import { planPriceIdFor, stripe, webhookSecret } from '@app/adapters'
import { orgDb } from '@app/data'
import { defineRoute } from '../http/define-route.ts'

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null)

/**
 * Stripe tells us about subscriptions here. The signature is checked on the raw body; each event
 * applies once, and an older event never overwrites a newer state.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/stripe/webhook',
  auth: 'public',
  skipCsrf: true,
  uses: ['table', 'stripe'],
  handler: async ({ event: request }) => {
    const raw = request.isBase64Encoded
      ? Buffer.from(request.body ?? '', 'base64').toString('utf8')
      : (request.body ?? '')
    const signature = request.headers['stripe-signature'] ?? ''
    let event: Stripe.Event
    try {
      event = stripe().webhooks.constructEvent(raw, signature, webhookSecret())
    } catch {
      throw badRequest('Invalid webhook signature')
    }
    if (!event.type.startsWith('customer.subscription.')) return { received: true, applied: false }
    const subscription = event.data.object as Stripe.Subscription
    const orgId = subscription.metadata?.orgId
    const status = SubscriptionStatus.safeParse(subscription.status)
    if (!orgId || !status.success) return { received: true, applied: false }
    const item = subscription.items?.data?.[0]
    const planPrice = item?.price?.id ? planPriceIdFor(item.price.id) : undefined
    const applied = await orgDb(orgId).organization.applyBillingEvent({
      id: event.id,
      created: event.created,
      status: status.data,
      subscriptionId: subscription.id,
      plan: planPrice ? planForPriceId(planPrice).plan.id : undefined,
      currentPeriodEnd: iso(item?.current_period_end),
      trialEndsAt: iso(subscription.trial_end),
    })
    return { received: true, applied }
  },
})
