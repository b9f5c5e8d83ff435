import { badRequest, WebhookCreated, WebhookInput, webhookUrlProblem } from '@app/core'
import { config } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'

/**
 * Settings → Webhooks: a new webhook; its signing secret (`whsec_…`) is answered this once. On AWS
 * the URL must be https and may not name a private address (names are checked again at each
 * delivery, after DNS); the local stack may deliver to loopback over http.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/webhooks',
  auth: 'supervisor',
  wholeChurch: true,
  body: WebhookInput,
  response: WebhookCreated,
  errors: [409],
  uses: ['table', 'secretsKey'],
  handler: ({ body, session, db }) => {
    const problem = webhookUrlProblem(body.url, config.isLocal)
    if (problem) throw badRequest(problem, { url: problem })
    return db.webhooks.create(body, session.user)
  },
})
