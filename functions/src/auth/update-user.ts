import { CurrentUser, UpdateOwnUserBody } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * A signed-in member changes their own settings: their language, chosen on /profile.
 * The choice is kept for good (a sign-in from a browser in another language does not undo it)
 * and recorded as the member's own edit. The read-only demo is refused like every other change.
 */
export default defineRoute({
  method: 'PATCH',
  path: '/api/auth/user',
  auth: 'member',
  body: UpdateOwnUserBody,
  response: CurrentUser,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    const user = await db.members.setLanguage(session.userId, body.language, 'chosen', session.user)
    return { ...user, demo: session.demo === true }
  },
})
