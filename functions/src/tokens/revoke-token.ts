import { ApiTokenId, wholeChurch } from '@app/core'
import { removalRoute } from '../http/removal-route.ts'

/** Settings → API: revokes a token; its next request is refused (401). */
export default removalRoute({
  path: '/api/tokens/{id}',
  params: ApiTokenId,
  // A campus admin revokes only the tokens they made.
  remove: (db, id, session) =>
    db.apiTokens.revoke(id, session.user, wholeChurch(session.user) ? undefined : session.userId),
})
