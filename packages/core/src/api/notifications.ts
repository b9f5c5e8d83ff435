import * as z from 'zod'
import { NotificationSettings, ReminderKind } from '../reminders.ts'

/** GET and PUT /api/organization/notifications: the settings, and who turned which kind off. */
export const NotificationsView = NotificationSettings.extend({
  optedOut: z.array(z.object({ userId: z.string(), name: z.string(), kinds: z.array(ReminderKind) })),
})
export type NotificationsView = z.infer<typeof NotificationsView>

/** GET /api/profile/notifications: the kinds the signed-in member turned off. */
export const MyNotifications = z.object({ optedOut: z.array(ReminderKind) })
export type MyNotifications = z.infer<typeof MyNotifications>

/** PUT /api/profile/notifications: one kind on or off. */
export const MyNotificationChange = z.object({
  kind: ReminderKind,
  subscribed: z.boolean({ error: 'subscribed must be true or false' }),
})
export type MyNotificationChange = z.infer<typeof MyNotificationChange>
