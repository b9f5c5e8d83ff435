import { ApiTokenList } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Settings → API: the organization's tokens, with when each was last used, never their secrets. */
export default defineRoute({
  method: 'GET',
  path: '/api/tokens',
  auth: 'supervisor',
  response: ApiTokenList,
  uses: ['table:read'],
  handler: ({ db }) => db.apiTokens.list(),
})
