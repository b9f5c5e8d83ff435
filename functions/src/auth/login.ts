import * as z from 'zod'
import { Redirect } from '@app/core'
import { config, startAuthorization } from '@app/adapters'
import { system } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'
import { safeReturnTo } from '../http/return-to.ts'
import { authStateCookie } from '../http/auth-state-cookie.ts'

/** Browser navigation that starts a supervisor's sign-in at the identity provider. */
export default defineRoute({
  method: 'GET',
  path: '/api/login',
  auth: 'public',
  query: z.object({ returnTo: z.string().max(2000).optional(), tz: z.string().max(64).optional() }),
  response: Redirect,
  uses: ['table', 'oidc'],
  handler: async ({ query }) => {
    const start = await startAuthorization()
    const timeZone = query.tz && isTimeZone(query.tz) ? query.tz : 'America/New_York'
    await system.authRequests.save(start.state, {
      codeVerifier: start.codeVerifier,
      nonce: start.nonce,
      returnTo: safeReturnTo(query.returnTo, config.appOrigin),
      timeZone,
    })
    return HttpResponse.redirect(start.url, [authStateCookie.set(start.state, config.appOrigin)])
  },
})

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}
