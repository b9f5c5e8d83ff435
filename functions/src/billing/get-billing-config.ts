import { BillingConfig } from '@app/core'
import { config } from '@app/adapters'
import { billingConfigured } from '@app/adapters/billing'
import { defineRoute } from '../http/define-route.ts'

/** What checkout needs in the browser: Stripe's publishable key, or null when billing is not configured. */
export default defineRoute({
  method: 'GET',
  path: '/api/billing/config',
  auth: 'public',
  response: BillingConfig,
  uses: ['table:read', 'stripe'],
  handler: async () => ({
    publishableKey: (await billingConfigured()) ? (config.stripePublishableKey ?? null) : null,
  }),
})
