import { Redirect } from '@app/core'
import { sessions } from '@app/data'
import { clearedSessionCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'

/** Browser navigation: ends the session on the server and returns home. */
export default defineRoute({
  method: 'GET',
  path: '/api/logout',
  auth: 'public',
  response: Redirect,
  uses: ['table'],
  handler: async ({ session }) => {
    if (session) await sessions.delete(session.sid)
    return HttpResponse.redirect('/', [clearedSessionCookie()])
  },
})
