import Stripe from 'stripe'
import { messages, unavailable } from '@app/core'
import { read } from './config.ts'
import { secrets } from './secrets.ts'

/**
 * Stripe, when STRIPE_SECRET_KEY is set; otherwise every billing call answers 503 'Billing is not
 * configured' (never a fake success) and the free trial still works. STRIPE_API_BASE points the
 * library at a local test double in tests.
 */
let client: Stripe | undefined
let clientFor: string | undefined

export const stripe = async (): Promise<Stripe> => {
  const key = (await secrets.stripe()).secretKey
  if (!key) throw unavailable(messages.billingNotConfigured)
  const apiBase = read('STRIPE_API_BASE')
  if (!client || clientFor !== `${key} ${apiBase}`) {
    const base = apiBase ? new URL(apiBase) : undefined
    client = new Stripe(key, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      telemetry: false,
      ...(base
        ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    })
    clientFor = `${key} ${apiBase}`
  }
  return client
}

export { billingConfigured } from './secrets.ts'

const prices = (): Record<string, string> => {
  const json = read('STRIPE_PRICES')
  return json ? (JSON.parse(json) as Record<string, string>) : {}
}

/**
 * Our plan price identifiers (price_professional_monthly, ...) mapped to the Stripe account's
 * price ids by STRIPE_PRICES (JSON); without a mapping the identifier is used as it is.
 */
export const stripePriceId = (planPriceId: string): string => {
  const map = prices()
  return map[planPriceId] ?? planPriceId
}

export const planPriceIdFor = (stripePrice: string): string => {
  const map = prices()
  return Object.entries(map).find(([, v]) => v === stripePrice)?.[0] ?? stripePrice
}

const webhookSecret = async () => {
  const secret = (await secrets.stripe()).webhookSecret
  if (!secret) throw unavailable(messages.billingNotConfigured)
  return secret
}

export interface SubscriptionEvent {
  id: string
  created: number
  subscriptionId: string
  status: string
  orgId: string | undefined
  /** Our plan price identifier (mapped back from the Stripe price). */
  planPriceId: string | undefined
  currentPeriodEnd: string | null
  trialEndsAt: string | null
  /** Whether a payment method is attached (a trial without one keeps the trial's limits). */
  paymentMethodOnFile: boolean
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null)

/**
 * Verifies a webhook's signature on the raw body and reads a subscription event out of it;
 * undefined for the event types we do not act on. Throws on a bad signature.
 */
export const readSubscriptionEvent = async (
  rawBody: string,
  signature: string,
): Promise<SubscriptionEvent | undefined> => {
  const event = (await stripe()).webhooks.constructEvent(rawBody, signature, await webhookSecret())
  if (!event.type.startsWith('customer.subscription.')) return undefined
  const subscription = event.data.object as Stripe.Subscription
  const item = subscription.items?.data?.[0]
  return {
    id: event.id,
    created: event.created,
    subscriptionId: subscription.id,
    status: subscription.status,
    orgId: subscription.metadata?.orgId,
    planPriceId: item?.price?.id ? planPriceIdFor(item.price.id) : undefined,
    currentPeriodEnd: iso(item?.current_period_end),
    trialEndsAt: iso(subscription.trial_end),
    paymentMethodOnFile: Boolean(subscription.default_payment_method),
  }
}

/** The organization's Stripe customer, created once (the idempotency key covers a retry). */
export const createCustomer = async (orgId: string, name: string, email: string | null) =>
  (
    await (
      await stripe()
    ).customers.create(
      { name, email: email ?? undefined, metadata: { orgId } },
      { idempotencyKey: `customer-${orgId}` },
    )
  ).id

/** What checkout asks Stripe to expand: the intent the Payment Element confirms. */
const INTENTS = ['latest_invoice.confirmation_secret', 'pending_setup_intent']

/** The secret the Payment Element confirms (a setup intent during a trial, else the first invoice's payment), if one waits. */
const waitingIntent = (subscription: Stripe.Subscription) => {
  const setup = subscription.pending_setup_intent
  const invoice = subscription.latest_invoice
  const clientSecret =
    setup && typeof setup !== 'string'
      ? setup.client_secret
      : invoice && typeof invoice !== 'string'
        ? (invoice.confirmation_secret?.client_secret ?? null)
        : null
  if (!clientSecret) return undefined
  return {
    subscriptionId: subscription.id,
    clientSecret,
    intentType: setup ? ('setup' as const) : ('payment' as const),
  }
}

/**
 * The organization's current subscription before a new checkout for `choice` (plan and coupon):
 * never paid for, made for the same choice and still waiting for its payment details, it is
 * answered again (a second click, even one that comes after the first finished); otherwise, never
 * paid for, it is cancelled (checkout restarted, coupon changed). Undefined when a new one is to be made.
 */
export const settlePrevious = async (subscriptionId: string, choice: string) => {
  const client = await stripe()
  const previous = await client.subscriptions.retrieve(subscriptionId, { expand: INTENTS })
  if (previous.status !== 'incomplete' && previous.status !== 'trialing') return undefined
  const again = previous.metadata?.checkout === choice ? waitingIntent(previous) : undefined
  if (again) return again
  await client.subscriptions.cancel(previous.id)
  return undefined
}

export interface NewSubscription {
  orgId: string
  customer: string
  planPriceId: string
  trialEnd?: number
  discount?: { promotion_code: string } | { coupon: string }
  /** The plan and coupon asked for, kept on the subscription (see settlePrevious). */
  choice: string
  idempotencyKey: string
}

/** Creates the subscription and answers the secret the Payment Element confirms. */
export const createSubscription = async (p: NewSubscription) => {
  const subscription = await (
    await stripe()
  ).subscriptions.create(
    {
      customer: p.customer,
      items: [{ price: stripePriceId(p.planPriceId) }],
      ...(p.trialEnd ? { trial_end: p.trialEnd } : {}),
      ...(p.discount ? { discounts: [p.discount] } : {}),
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { orgId: p.orgId, planPriceId: p.planPriceId, checkout: p.choice },
      expand: INTENTS,
    },
    { idempotencyKey: p.idempotencyKey },
  )
  const intent = waitingIntent(subscription)
  if (!intent) throw new Error(`subscription ${subscription.id} has no intent to confirm`)
  return intent
}

/** Stripe's states of a subscription that no longer bills. */
const ENDED = new Set(['canceled', 'incomplete_expired'])

/**
 * Cancels the organization's subscription at once (closing it); one already ended is
 * left as it is, so a second try after a failure cancels nothing twice.
 */
export const cancelSubscription = async (subscriptionId: string) => {
  const client = await stripe()
  const current = await client.subscriptions.retrieve(subscriptionId)
  if (ENDED.has(current.status)) return
  await client.subscriptions.cancel(subscriptionId)
}
