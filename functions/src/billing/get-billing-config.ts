import { BillingConfig } from '@app/core'
import { billingConfigured } from '@app/adapters/billing'
import { defineRoute } from '../http/define-route.ts'

/** What checkout needs in the browser: Stripe's publishable key, or null when billing is not configured. */
export default defineRoute({
  method: 'GET',
  path: '/api/billing/config',
  auth: 'public',
  response: BillingConfig,
  uses: ['stripe'],
  handler: async () => ({
    publishableKey: (await billingConfigured()) ? process.env.STRIPE_PUBLISHABLE_KEY || null : null,
  }),
})
