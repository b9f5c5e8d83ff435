import { WebhookDeliveryList, WebhookParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Settings → Webhooks: a webhook's last 100 deliveries, newest first, each with its status code, tries and time. */
export default defineRoute({
  method: 'GET',
  path: '/api/webhooks/{id}/deliveries',
  auth: 'supervisor',
  wholeChurch: true,
  params: WebhookParams,
  response: WebhookDeliveryList,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ params, db }) => {
    return db.webhooks.deliveries(params.id)
  },
})
