import { SubscriptionState, subscriptionView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

export default defineRoute({
  method: 'GET',
  path: '/api/subscription/status',
  auth: 'supervisor',
  response: SubscriptionState,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ db }) => subscriptionView(await db.organization.get()),
})
