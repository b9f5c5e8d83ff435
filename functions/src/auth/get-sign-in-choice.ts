import { notFound, SignInChoice } from '@app/core'
import { system } from '@app/data'
import { readCookie } from '../http/cookies.ts'
import { defineRoute } from '../http/define-route.ts'
import { signInChoiceCookie } from '../http/auth-state-cookie.ts'

/**
 * What a first Supervisor Login with open invitations chooses between (the cookie the callback set
 * names the choice kept on the server; without it, or once spent or 10 minutes old, 404).
 */
export default defineRoute({
  method: 'GET',
  path: '/api/sign-in/choice',
  auth: 'public',
  response: SignInChoice,
  errors: [404],
  uses: ['table'],
  handler: async ({ event }) => {
    const id = readCookie(event.cookies, signInChoiceCookie.name)
    const pending = id ? await system.signInChoices.find(id) : undefined
    if (!pending) throw notFound('sign-in choice')
    const invitations = await system.openInvitations(pending.email)
    return {
      email: pending.email,
      firstName: pending.firstName,
      lastName: pending.lastName,
      invitations: invitations.map((i) => ({
        organizationId: i.orgId,
        organizationName: i.organizationName,
        inviterName: i.inviterName,
      })),
    }
  },
})
