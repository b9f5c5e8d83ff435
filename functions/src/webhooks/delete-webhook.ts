import { NoContent, WebhookParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertWholeChurch } from '../workflows/campuses.ts'

/** Settings → Webhooks: deletes a webhook; nothing more is delivered to it. */
export default defineRoute({
  method: 'DELETE',
  path: '/api/webhooks/{id}',
  auth: 'supervisor',
  params: WebhookParams,
  response: NoContent,
  uses: ['table'],
  handler: async ({ params, session, db }) => {
    assertWholeChurch(session.user)
    await db.webhooks.remove(params.id, session.user)
    return undefined
  },
})
