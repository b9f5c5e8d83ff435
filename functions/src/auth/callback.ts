import * as z from 'zod'
import { Redirect } from '@app/core'
import { config, finishAuthorization } from '@app/adapters'
import { sessions, system } from '@app/data'
import { readCookie, sessionCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'
import { authStateCookie } from '../http/auth-state-cookie.ts'
import { signInFailedPage } from '../views/sign-in-failed-page.ts'

/**
 * The identity provider returns here. First sign-in creates the account, and a person with no
 * organization gets one of their own as its supervisor; the same person later gets the same account.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/callback',
  auth: 'public',
  query: z.object({
    state: z.string().max(200).optional(),
    code: z.string().max(4000).optional(),
    error: z.string().max(200).optional(),
  }),
  response: Redirect,
  uses: ['table', 'oidc'],
  handler: async ({ query, event, session: previous }) => {
    const origin = config.appOrigin
    const fail = (reason: string) => signInFailedPage(reason, [authStateCookie.clear(origin)])
    if (query.error) return fail(`The identity provider answered: ${query.error}.`)
    const state = readCookie(event.cookies, authStateCookie.name)
    if (!query.state || !query.code || state !== query.state)
      return fail('This sign-in link was not started in this browser, or it was already used.')
    const request = await system.authRequests.take(query.state)
    if (!request) return fail('This sign-in took too long or was already used.')

    const identity = await finishAuthorization(new URL(`${origin}${event.rawPath}?${event.rawQueryString}`), {
      ...request,
      state: query.state,
    })
    const existing = await system.findBySubject(identity.issuer, identity.subject)
    const member = existing ?? (await createAccount(identity, request.timeZone))

    if (previous) await sessions.delete(previous.sid)
    const { sid } = await sessions.create(member)
    return HttpResponse.redirect(request.returnTo, [sessionCookie(sid), authStateCookie.clear(origin)])
  },
})

const createAccount = async (identity: Awaited<ReturnType<typeof finishAuthorization>>, timeZone: string) => {
  const { user } = await system.createSupervisorWithOrganization({
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    profileImageUrl: identity.picture,
    timeZone,
  })
  return { orgId: user.organizationId, userId: user.id }
}
