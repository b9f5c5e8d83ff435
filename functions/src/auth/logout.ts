import * as z from 'zod'
import { Redirect } from '@app/core'
import { config, endSessionUrl } from '@app/adapters'
import { sessions } from '@app/data'
import { clearedSessionCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { mayActOnNavigation } from '../http/navigation.ts'
import { HttpResponse } from '../http/response.ts'
import { confirmationPage } from '../views/confirmation-page.ts'

/**
 * Browser navigation (`/api/logout?local=true`): ends the session on the server and returns home.
 * A supervisor's sign-in at the identity provider ends too, so the next Supervisor Login on a
 * shared computer asks who is signing in. Another site's navigation gets a confirmation page.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/logout',
  auth: 'public',
  query: z.object({ local: z.string().max(10).optional(), confirm: z.string().max(64).optional() }),
  response: Redirect,
  uses: ['table', 'oidc'],
  whenClosed: true,
  handler: async ({ session, event, query }) => {
    if (!session) return HttpResponse.redirect('/', [clearedSessionCookie()])
    if (!mayActOnNavigation(event, session.sid, 'logout', query.confirm)) {
      return confirmationPage(
        { language: session.user.language, page: 'signOut', path: '/api/logout', query: { local: query.local } },
        session.sid,
        'logout',
      )
    }
    await sessions.delete(session.sid)
    const home = session.user.authType === 'oidc' ? await endSessionUrl(`${config.appOrigin}/`) : '/'
    return HttpResponse.redirect(home, [clearedSessionCookie()])
  },
})
