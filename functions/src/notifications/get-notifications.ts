import { NotificationsView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { notificationsView } from '../workflows/notifications-view.ts'

/** Settings → Notifications: reminders on or off, their days and times, and who opted out. */
export default defineRoute({
  method: 'GET',
  path: '/api/organization/notifications',
  auth: 'supervisor',
  response: NotificationsView,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ db }) => notificationsView(db, await db.notifications.settings()),
})
