import { ApiTokenList, wholeChurch } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Settings → API: the organization's tokens, with when each was last used, never their secrets. */
export default defineRoute({
  method: 'GET',
  path: '/api/tokens',
  auth: 'supervisor',
  response: ApiTokenList,
  uses: ['table:read'],
  // A campus admin's tokens reach their campuses only; they list and revoke their own.
  handler: ({ session, db }) => db.apiTokens.list(wholeChurch(session.user) ? undefined : session.userId),
})
