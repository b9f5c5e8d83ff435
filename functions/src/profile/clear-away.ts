import { CurrentUser } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Ends a supervisor's time away: what is routed to them comes to them again. */
export default defineRoute({
  method: 'DELETE',
  path: '/api/profile/away',
  auth: 'supervisor',
  response: CurrentUser,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ session, db }) => {
    const user = await db.members.setAway(session.userId, null, session.user)
    return { ...user, demo: session.demo === true }
  },
})
