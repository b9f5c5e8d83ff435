import { WebhookDeliveryParams, WebhookDeliveryView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { deliverWebhook } from '../workflows/webhook-sender.ts'

/**
 * Settings → Webhooks → Redeliver: sends a delivery again now (same `webhook-id`), and retries it
 * with backoff for another 24 hours if it fails. Answers the delivery as it stands after the try.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  auth: 'supervisor',
  wholeChurch: true,
  params: WebhookDeliveryParams,
  response: WebhookDeliveryView,
  errors: [404],
  uses: ['table', 'secretsKey'],
  handler: async ({ params, db }) => {
    await db.webhooks.redeliver(params.id, params.deliveryId)
    await deliverWebhook(db.orgId, params.id, params.deliveryId)
    return db.webhooks.delivery(params.id, params.deliveryId)
  },
})
