import Stripe from 'stripe'
import { messages, unavailable } from '@app/core'
import { config } from './config.ts'

/**
 * Stripe, when STRIPE_SECRET_KEY is set; otherwise every billing call answers 503 'Billing is not
 * configured' (never a fake success) and the free trial still works. STRIPE_API_BASE points the
 * library at a local test double in tests.
 */
let client: Stripe | undefined
let clientKey: string | undefined

export const stripe = (): Stripe => {
  const key = config.stripeSecretKey
  if (!key) throw unavailable(messages.billingNotConfigured)
  if (!client || clientKey !== key) {
    const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : undefined
    client = new Stripe(key, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      telemetry: false,
      ...(base
        ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    })
    clientKey = key
  }
  return client
}

export const billingConfigured = () => Boolean(config.stripeSecretKey)

/**
 * Our plan price identifiers (price_professional_monthly, ...) mapped to the Stripe account's
 * price ids by STRIPE_PRICES (JSON); without a mapping the identifier is used as it is.
 */
export const stripePriceId = (planPriceId: string): string => {
  const map = process.env.STRIPE_PRICES ? (JSON.parse(process.env.STRIPE_PRICES) as Record<string, string>) : {}
  return map[planPriceId] ?? planPriceId
}

export const planPriceIdFor = (stripePrice: string): string => {
  const map = process.env.STRIPE_PRICES ? (JSON.parse(process.env.STRIPE_PRICES) as Record<string, string>) : {}
  return Object.entries(map).find(([, v]) => v === stripePrice)?.[0] ?? stripePrice
}

export const webhookSecret = () => {
  const secret = process.env.STRIPE_WEBHOOK_SECRET
  if (!secret) throw unavailable(messages.billingNotConfigured)
  return secret
}
