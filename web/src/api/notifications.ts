import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MyNotificationChange, MyNotifications, NotificationSettings, NotificationsView } from '@app/core'
import { apiJson, getQueryFn } from './client.ts'
import { notificationKeys } from './keys.ts'

/** Settings → Notifications (supervisors): reminders, their days and times, and who opted out. */
export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.organization,
  queryFn: getQueryFn<NotificationsView>({ on401: 'throw' }),
})
export const useNotifications = () => useQuery(notificationsQuery)

/** PUT /api/organization/notifications: the whole section at once. */
export function useUpdateNotifications() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiJson<NotificationsView>('PUT', '/api/organization/notifications', settings),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.organization, answer),
  })
}

/** The reminder emails the signed-in member turned off (profile). */
export const myNotificationsQuery = queryOptions({
  queryKey: notificationKeys.mine,
  queryFn: getQueryFn<MyNotifications>({ on401: 'throw' }),
})
export const useMyNotifications = () => useQuery(myNotificationsQuery)

/** PUT /api/profile/notifications: one kind on or off. */
export function useUpdateMyNotifications() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: MyNotificationChange) => apiJson<MyNotifications>('PUT', '/api/profile/notifications', change),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationKeys.mine, answer)
      return queryClient.invalidateQueries({ queryKey: notificationKeys.organization })
    },
  })
}
