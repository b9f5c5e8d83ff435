import { conflict, SubscriptionState, subscriptionView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * Every organization starts its 14-day, card-free trial when its first supervisor signs up, so
 * this answers the running trial, and refuses a second one once it has been used.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/start-trial',
  auth: 'supervisor',
  wholeChurch: true,
  response: SubscriptionState,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ db }) => {
    const org = await db.organization.get()
    const view = subscriptionView(org)
    if (org.subscriptionStatus !== 'trial') throw conflict('Your organization already has a subscription')
    if (!org.trialEndsAt || Date.parse(org.trialEndsAt) <= Date.now()) {
      throw conflict('Your organization has already used its free trial. Choose a plan to continue.')
    }
    return view
  },
})
