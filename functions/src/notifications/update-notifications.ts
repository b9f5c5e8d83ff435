import { NotificationSettings, NotificationsView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { notificationsView } from '../workflows/notifications-view.ts'

/** Saves Settings → Notifications (the whole section at once). */
export default defineRoute({
  method: 'PUT',
  path: '/api/organization/notifications',
  auth: 'supervisor',
  // Reminders, the digest and the clock-out limit are the church's, every campus's alike.
  wholeChurch: true,
  body: NotificationSettings,
  response: NotificationsView,
  errors: [404],
  uses: ['table'],
  handler: async ({ body, db, session }) =>
    notificationsView(db, await db.notifications.saveSettings(body, session.user)),
})
