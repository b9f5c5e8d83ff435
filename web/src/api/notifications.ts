import { useQuery } from '@tanstack/react-query'
import type { MyNotificationChange, MyNotifications, NotificationSettings, NotificationsView } from '@app/core'
import { apiJson, readQuery } from './client.ts'
import { notificationKeys } from './keys.ts'
import { useWriteThrough } from './write-through.ts'

/** Settings → Notifications (supervisors): reminders, their days and times, and who opted out. */
export const notificationsQuery = readQuery<NotificationsView>(notificationKeys.organization)
export const useNotifications = () => useQuery(notificationsQuery)

/** PUT /api/organization/notifications: the whole section at once. */
export const useUpdateNotifications = () =>
  useWriteThrough(notificationKeys.organization, (settings: NotificationSettings) =>
    apiJson<NotificationsView>('PUT', '/api/organization/notifications', settings),
  )

/** The reminder emails the signed-in member turned off (profile). */
export const myNotificationsQuery = readQuery<MyNotifications>(notificationKeys.mine)
export const useMyNotifications = () => useQuery(myNotificationsQuery)

/** PUT /api/profile/notifications: one kind on or off. */
export const useUpdateMyNotifications = () =>
  useWriteThrough(
    notificationKeys.mine,
    (change: MyNotificationChange) => apiJson<MyNotifications>('PUT', '/api/profile/notifications', change),
    [notificationKeys.organization],
  )
