import { WebhookList } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Settings → Webhooks: the organization's webhooks, never their secrets. */
export default defineRoute({
  method: 'GET',
  path: '/api/webhooks',
  auth: 'supervisor',
  response: WebhookList,
  uses: ['table:read'],
  handler: ({ db }) => db.webhooks.list(),
})
