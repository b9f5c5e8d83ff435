import { WebhookParams, WebhookView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Settings → Webhooks: one webhook (its address and events), never its secret. */
export default defineRoute({
  method: 'GET',
  path: '/api/webhooks/{id}',
  auth: 'supervisor',
  wholeChurch: true,
  params: WebhookParams,
  response: WebhookView,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ params, db }) => {
    return db.webhooks.get(params.id)
  },
})
