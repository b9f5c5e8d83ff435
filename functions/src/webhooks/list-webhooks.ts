import { WebhookList } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Settings → Webhooks: the organization's webhooks, never their secrets. */
export default defineRoute({
  method: 'GET',
  path: '/api/webhooks',
  auth: 'supervisor',
  wholeChurch: true,
  response: WebhookList,
  uses: ['table:read'],
  handler: async ({ db }) => {
    return db.webhooks.list()
  },
})
