import { useQuery } from '@tanstack/react-query'
import type { MyNotificationChange, MyNotifications, NotificationSettings, NotificationsView } from '@app/core'
import { readQuery } from './client.ts'
import { notificationKeys } from './keys.ts'
import { usePutThrough } from './write-through.ts'

/** Settings → Notifications (supervisors): reminders, their days and times, and who opted out. */
export const notificationsQuery = readQuery<NotificationsView>(notificationKeys.organization)
export const useNotifications = () => useQuery(notificationsQuery)

/** PUT /api/organization/notifications: the whole section at once. */
export const useUpdateNotifications = () =>
  usePutThrough<NotificationSettings, NotificationsView>(notificationKeys.organization)

/** The reminder emails the signed-in member turned off (profile). */
export const myNotificationsQuery = readQuery<MyNotifications>(notificationKeys.mine)
export const useMyNotifications = () => useQuery(myNotificationsQuery)

/** PUT /api/profile/notifications: one kind on or off. */
export const useUpdateMyNotifications = () =>
  usePutThrough<MyNotificationChange, MyNotifications>(notificationKeys.mine, [notificationKeys.organization])
