import * as z from 'zod'
import { isValidTimeZone, Language, Redirect } from '@app/core'
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
  query: z.object({
    returnTo: z.string().max(2000).optional(),
    tz: z.string().max(64).optional(),
    // The web's current language (web/src/lib/browser.ts); an unknown one is ignored, not refused.
    language: z.string().max(16).optional(),
  }),
  response: Redirect,
  uses: ['table', 'oidc'],
  handler: async ({ query }) => {
    const start = await startAuthorization()
    // The web sends the browser's zone (web/src/lib/browser.ts); it is used only if this
    // sign-in creates the organization. A browser that sends none gets New York's.
    const timeZone = isValidTimeZone(query.tz) ? query.tz : 'America/New_York'
    await system.authRequests.save(start.state, {
      codeVerifier: start.codeVerifier,
      nonce: start.nonce,
      returnTo: safeReturnTo(query.returnTo, config.appOrigin),
      timeZone,
      language: Language.safeParse(query.language).data,
    })
    return HttpResponse.redirect(start.url, [authStateCookie.set(start.state, config.appOrigin)])
  },
})
