import { MyNotifications } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** The reminder emails the signed-in member turned off (the profile page). */
export default defineRoute({
  method: 'GET',
  path: '/api/profile/notifications',
  auth: 'member',
  response: MyNotifications,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ db, session }) => ({ optedOut: await db.notifications.optOuts(session.userId) }),
})
