import { MyNotificationChange, MyNotifications } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Turns one kind of reminder email on or off for the signed-in member only. */
export default defineRoute({
  method: 'PUT',
  path: '/api/profile/notifications',
  auth: 'member',
  body: MyNotificationChange,
  response: MyNotifications,
  errors: [404],
  uses: ['table'],
  handler: async ({ body, db, session }) => ({
    optedOut: await db.notifications.setOptOut(session.userId, body.kind, !body.subscribed),
  }),
})
