import { WebhookParams } from '@app/core'
import { removalRoute } from '../http/removal-route.ts'
import { assertWholeChurch } from '../workflows/campuses.ts'

/** Settings → Webhooks: deletes a webhook; nothing more is delivered to it. */
export default removalRoute({
  path: '/api/webhooks/{id}',
  params: WebhookParams,
  remove: (db, id, session) => {
    assertWholeChurch(session.user)
    return db.webhooks.remove(id, session.user)
  },
})
