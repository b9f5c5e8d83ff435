import { badRequest, planForPriceId, SubscriptionStatus, WebhookReceipt } from '@app/core'
import { readSubscriptionEvent, type SubscriptionEvent } from '@app/adapters/billing'
import { orgDb } from '@app/data'
import { defineRoute } from '../http/define-route.ts'

/**
 * Stripe tells us about subscriptions here. The signature is checked on the raw body; each event
 * applies once, and an older event never overwrites a newer state.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/stripe/webhook',
  auth: 'public',
  skipCsrf: true,
  response: WebhookReceipt,
  errors: [503],
  uses: ['table', 'stripe'],
  handler: async ({ event: request }) => {
    const raw = request.isBase64Encoded
      ? Buffer.from(request.body ?? '', 'base64').toString('utf8')
      : (request.body ?? '')
    let event: SubscriptionEvent | undefined
    try {
      event = await readSubscriptionEvent(raw, request.headers['stripe-signature'] ?? '')
    } catch {
      throw badRequest('Invalid webhook signature')
    }
    const status = SubscriptionStatus.safeParse(event?.status)
    if (!event?.orgId || !status.success) return { received: true, applied: false }
    const applied = await orgDb(event.orgId).organization.applyBillingEvent({
      id: event.id,
      created: event.created,
      status: status.data,
      subscriptionId: event.subscriptionId,
      plan: event.planPriceId ? planForPriceId(event.planPriceId).plan.id : undefined,
      currentPeriodEnd: event.currentPeriodEnd,
      trialEndsAt: event.trialEndsAt,
      paymentMethodOnFile: event.paymentMethodOnFile,
    })
    return { received: true, applied }
  },
})
