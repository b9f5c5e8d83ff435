import { ApiTokenCreated, ApiTokenInput } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Settings → API: a new API token; its secret is answered this once (the table keeps only its hash). */
export default defineRoute({
  method: 'POST',
  path: '/api/tokens',
  auth: 'supervisor',
  body: ApiTokenInput,
  response: ApiTokenCreated,
  errors: [409],
  uses: ['table'],
  handler: ({ body, session, db }) => db.apiTokens.create(body, session.user),
})
