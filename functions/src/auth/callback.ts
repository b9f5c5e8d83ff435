import * as z from 'zod'
import { DEFAULT_LANGUAGE, Redirect } from '@app/core'
import { config, finishAuthorization, type Identity } from '@app/adapters'
import { orgDb, sessions, system } from '@app/data'
import { clearedSessionCookie, readCookie, sessionCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { browserLanguageOf } from '../http/language.ts'
import { HttpResponse } from '../http/response.ts'
import { authStateCookie, signInChoiceCookie } from '../http/auth-state-cookie.ts'
import { newSupervisorOf, openSupervisorSession, SIGN_IN_CHOICE_PAGE } from '../workflows/first-sign-in.ts'
import { signInFailedPage, type SignInProblem } from '../views/sign-in-failed-page.ts'

/**
 * The identity provider returns here. First sign-in creates the account, and a person with no
 * organization gets one of their own as its supervisor; the same person later gets the same account.
 * A first sign-in whose verified email was invited by an organization binds nothing yet: the person
 * is asked whether to join it or start their own (sign-in-choice.ts), as a pre-invited address must
 * not capture its owner's first sign-in.
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
  errors: [404, 409],
  uses: ['table', 'oidc'],
  handler: async ({ query, event, session: previous }) => {
    const origin = config.appOrigin
    const browser = browserLanguageOf(event)
    const fail = (problem: SignInProblem) =>
      signInFailedPage(browser ?? DEFAULT_LANGUAGE, problem, [authStateCookie.clear(origin)])
    if (query.error) return fail({ providerAnswered: query.error })
    const state = readCookie(event.cookies, authStateCookie.name)
    if (!query.state || !query.code || state !== query.state) return fail('notStarted')
    const request = await system.authRequests.take(query.state)
    if (!request) return fail('tooLong')

    let identity: Identity
    try {
      identity = await finishAuthorization(new URL(`${origin}${event.rawPath}?${event.rawQueryString}`), {
        ...request,
        state: query.state,
      })
    } catch (e) {
      // A code that is wrong, expired or already used is the caller's problem, not ours;
      // the identity provider being down is ours (503 from the error model).
      if (!isRefusedByProvider(e)) throw e
      return fail('refused')
    }
    // The browser's language when the sign-in started, else the one it asks for now.
    const language = request.language ?? browser
    let member = await existingAccountOf(identity)
    if (!member) {
      const email = identity.email && identity.emailVerified ? identity.email.toLowerCase() : undefined
      if (email && (await system.openInvitations(email)).length > 0) {
        const choice = await system.signInChoices.save({
          issuer: identity.issuer,
          subject: identity.subject,
          email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          picture: identity.picture,
          timeZone: request.timeZone,
          language,
          returnTo: request.returnTo,
        })
        // Whoever was signed in on this browser is no longer: the person signing in now chooses.
        if (previous) await sessions.delete(previous.sid)
        return HttpResponse.redirect(SIGN_IN_CHOICE_PAGE, [
          signInChoiceCookie.set(choice, origin),
          ...(previous ? [clearedSessionCookie()] : []),
          authStateCookie.clear(origin),
        ])
      }
      member = await system.createSupervisorOrFind(newSupervisorOf(identity, request.timeZone, language))
    }
    if (!member) return fail('notOpened')

    const opened = await openSupervisorSession(member, language, event, previous)
    if (!opened) return fail('notOpened')
    return HttpResponse.redirect(request.returnTo, [sessionCookie(opened.sid), authStateCookie.clear(origin)])
  },
})

/** openid-client's answers for a grant the provider refused or a response that fails its checks. */
const isRefusedByProvider = (e: unknown) =>
  e instanceof Error && ['ResponseBodyError', 'AuthorizationResponseError', 'OperationProcessingError'].includes(e.name)

/**
 * The person's account if it still exists. A removed member's old lookup is released first, so
 * they can start again.
 */
const existingAccountOf = async (identity: Identity) => {
  const existing = await system.findBySubject(identity.issuer, identity.subject)
  if (existing && (await orgDb(existing.orgId).users.find(existing.userId))) return existing
  if (existing) await system.releaseSubject(identity.issuer, identity.subject, existing)
  return undefined
}
