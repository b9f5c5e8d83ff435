import { ApiTokenId, NoContent, wholeChurch } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Settings → API: revokes a token; its next request is refused (401). */
export default defineRoute({
  method: 'DELETE',
  path: '/api/tokens/{id}',
  auth: 'supervisor',
  params: ApiTokenId,
  response: NoContent,
  uses: ['table'],
  handler: async ({ params, session, db }) => {
    await db.apiTokens.revoke(params.id, session.user, wholeChurch(session.user) ? undefined : session.userId)
    return undefined
  },
})
