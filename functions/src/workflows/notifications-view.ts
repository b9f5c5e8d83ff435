import { fullName, type NotificationSettings, type NotificationsView } from '@app/core'
import type { OrgDb } from '@app/data'

/** The settings with the members who turned a kind off, by name, for the supervisors' section. */
export const notificationsView = async (db: OrgDb, settings: NotificationSettings): Promise<NotificationsView> => {
  const recipients = await db.notifications.recipients()
  return {
    ...settings,
    optedOut: recipients
      .filter((r) => r.optedOut.length)
      .map((r) => ({ userId: r.user.id, name: fullName(r.user), kinds: r.optedOut }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
}
