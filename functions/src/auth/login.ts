import * as z from 'zod'
import { isValidTimeZone, Language, Redirect } from '@app/core'
import { authorizationChecks, config, signInUrl } from '@app/adapters'
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
    const checks = authorizationChecks()
    // The web sends the browser's zone (web/src/lib/browser.ts); it is used only if this
    // sign-in creates the organization. A browser that sends none gets New York's.
    const timeZone = isValidTimeZone(query.tz) ? query.tz : 'America/New_York'
    // The request is saved while the provider is discovered (a cold start's slowest wait): one
    // round trip instead of two. Should the discovery fail, the saved request expires unused.
    const [url] = await Promise.all([
      signInUrl(checks),
      system.authRequests.save(checks.state, {
        codeVerifier: checks.codeVerifier,
        nonce: checks.nonce,
        returnTo: safeReturnTo(query.returnTo, config.appOrigin),
        timeZone,
        language: Language.safeParse(query.language).data,
      }),
    ])
    return HttpResponse.redirect(url, [authStateCookie.set(checks.state, config.appOrigin)])
  },
})
