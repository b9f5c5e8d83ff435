import { WebhookList } from '@app/core'
import { assertWholeChurch } from '../workflows/campuses.ts'
import { defineRoute } from '../http/define-route.ts'

/** Settings → Webhooks: the organization's webhooks, never their secrets. */
export default defineRoute({
  method: 'GET',
  path: '/api/webhooks',
  auth: 'supervisor',
  response: WebhookList,
  uses: ['table:read'],
  handler: async ({ session, db }) => {
    assertWholeChurch(session.user)
    return db.webhooks.list()
  },
})
