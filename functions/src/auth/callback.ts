import * as z from 'zod'
import { DEFAULT_LANGUAGE, Redirect, type Language } from '@app/core'
import { config, finishAuthorization, type Identity } from '@app/adapters'
import { orgDb, sessions, system } from '@app/data'
import { clientOf } from '../http/client.ts'
import { readCookie, sessionCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { browserLanguageOf } from '../http/language.ts'
import { HttpResponse } from '../http/response.ts'
import { authStateCookie } from '../http/auth-state-cookie.ts'
import { signInFailedPage, type SignInProblem } from '../views/sign-in-failed-page.ts'

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
    // The browser's language when the sign-in started, else the one it asks for now (issue 21).
    const language = request.language ?? browser
    const member = await accountOf(identity, request.timeZone, language)
    if (!member) return fail('notOpened')

    const db = orgDb(member.orgId)
    const found = await db.users.find(member.userId)
    if (!found) return fail('notOpened')
    const user = language ? await db.members.setLanguage(found.id, language, 'browser', found) : found

    if (previous) await sessions.delete(previous.sid)
    const { sid } = await sessions.create(member, { member: user, client: clientOf(event) })
    return HttpResponse.redirect(request.returnTo, [sessionCookie(sid), authStateCookie.clear(origin)])
  },
})

/** openid-client's answers for a grant the provider refused or a response that fails its checks. */
const isRefusedByProvider = (e: unknown) =>
  e instanceof Error && ['ResponseBodyError', 'AuthorizationResponseError', 'OperationProcessingError'].includes(e.name)

/**
 * The person's member: their account if it still exists, else the organization that invited them
 * as a supervisor (issue 31), else a new organization of their own.
 * A removed member's old lookup is released first, so they can start again; two first sign-ins
 * at once make one account (the loser of the race finds the winner's).
 */
const accountOf = async (identity: Identity, timeZone: string, language: Language | undefined) => {
  const existing = await system.findBySubject(identity.issuer, identity.subject)
  if (existing && (await orgDb(existing.orgId).users.find(existing.userId))) return existing
  if (existing) await system.releaseSubject(identity.issuer, identity.subject, existing)
  // Issue 31: a supervisor added under Employees with this (verified) email joins that organization.
  if (identity.email && identity.emailVerified) {
    const invited = await system.acceptInvitation({
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email.toLowerCase(),
    })
    if (invited) return invited
  }
  return system.createSupervisorOrFind({
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    profileImageUrl: identity.picture,
    timeZone,
    language,
  })
}
