import { Away, CurrentUser } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * A supervisor's time away: between `from` and `to` (dates in the organization's zone)
 * whatever is routed to them goes to `delegateId`, another supervisor of the organization. Links
 * already emailed to them stay valid; any supervisor may still decide anything.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/profile/away',
  auth: 'supervisor',
  body: Away,
  response: CurrentUser,
  errors: [404, 409],
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    const user = await db.members.setAway(session.userId, body, session.user)
    return { ...user, demo: session.demo === true }
  },
})
