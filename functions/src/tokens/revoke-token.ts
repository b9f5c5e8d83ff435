import { ApiTokenId } from '@app/core'
import { removalRoute } from '../http/removal-route.ts'

/** Settings → API: revokes a token; its next request is refused (401). */
export default removalRoute({
  path: '/api/tokens/{id}',
  params: ApiTokenId,
  remove: (db, id, by) => db.apiTokens.revoke(id, by),
})
