import { conflict, notFound, SignedInPath, SignInDecision } from '@app/core'
import { config } from '@app/adapters'
import { system } from '@app/data'
import { readCookie, sessionCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { HttpResponse } from '../http/response.ts'
import { signInChoiceCookie } from '../http/auth-state-cookie.ts'
import { newSupervisorOf, openSupervisorSession } from '../workflows/first-sign-in.ts'

/**
 * The person's choice at a first Supervisor Login with open invitations: join the organization
 * that invited them (the identity bound to that member), or start their own (as any first sign-in,
 * declining the invitations they were offered). Only then is anything made; the choice is spent and
 * the session opened.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/sign-in/choice',
  auth: 'public',
  body: SignInDecision,
  response: SignedInPath,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ body, event, session: previous }) => {
    const id = readCookie(event.cookies, signInChoiceCookie.name)
    const pending = id ? await system.signInChoices.find(id) : undefined
    if (!id || !pending) throw notFound('sign-in choice')
    const member =
      body.choice === 'join'
        ? await system.acceptInvitation({ ...pending, orgId: body.organizationId! })
        : await system.createSupervisorOrFind(newSupervisorOf(pending, pending.timeZone, pending.language), {
            email: pending.email,
            invitations: await system.openInvitations(pending.email),
          })
    // Withdrawn meanwhile (the member removed, the organization closed): the choice stays to make again.
    if (!member) throw conflict(invitationGone)
    await system.signInChoices.spend(id)
    const opened = await openSupervisorSession(member, pending.language, event, previous)
    if (!opened) throw conflict(invitationGone)
    return HttpResponse.json({ returnTo: pending.returnTo }, 200, [
      sessionCookie(opened.sid),
      signInChoiceCookie.clear(config.appOrigin),
    ])
  },
})

const invitationGone = 'This invitation is no longer open'
