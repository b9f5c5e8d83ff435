import { CurrentUser } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * The signed-in member (never a password or secret), or 401 when signed out; `demo` marks the
 * read-only demo, and `organizationClosed` a closed organization, whose members see
 * only that it is closed (its supervisors with a Reopen button).
 */
export default defineRoute({
  method: 'GET',
  path: '/api/auth/user',
  auth: 'member',
  response: CurrentUser,
  uses: ['table:read'],
  whenClosed: true,
  // The approver as every read answers it (the session's read leaves it as stored).
  handler: async ({ session, db }) => {
    // Read beside the approver, so the answer waits for one round trip, not two.
    const [user, signInWays] = await Promise.all([
      db.users.withCurrentApprover(session.user),
      db.users.signInWays(session.user.id),
    ])
    return {
      ...user,
      signInWays,
      demo: session.demo === true,
      ...(session.closure ? { organizationClosed: session.closure } : {}),
    }
  },
})
