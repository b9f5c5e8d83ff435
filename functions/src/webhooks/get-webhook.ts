import { WebhookParams, WebhookView } from '@app/core'
import { assertWholeChurch } from '../workflows/campuses.ts'
import { defineRoute } from '../http/define-route.ts'

/** Settings → Webhooks: one webhook (its address and events), never its secret. */
export default defineRoute({
  method: 'GET',
  path: '/api/webhooks/{id}',
  auth: 'supervisor',
  params: WebhookParams,
  response: WebhookView,
  uses: ['table:read'],
  handler: async ({ session, params, db }) => {
    assertWholeChurch(session.user)
    return db.webhooks.get(params.id)
  },
})
