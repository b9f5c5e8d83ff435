import { WebhookParams } from '@app/core'
import { removalRoute } from '../http/removal-route.ts'

/** Settings → Webhooks: deletes a webhook; nothing more is delivered to it. */
export default removalRoute({
  path: '/api/webhooks/{id}',
  params: WebhookParams,
  wholeChurch: true,
  remove: (db, id, session) => db.webhooks.remove(id, session.user),
})
