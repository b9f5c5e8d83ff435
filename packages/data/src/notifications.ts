import {
  notFound,
  notificationSettingsOf,
  type NotificationSettings,
  ReminderKind,
  Timesheet,
  User,
  type WeekStartDay,
} from '@app/core'
import { effectItems, type Effects } from './effects.ts'
import { auditRecord, changesOf, type Actor } from './audit.ts'
import { keys } from './keys.ts'
import { epochSeconds, isConditionFailure, nowIso, table } from './table.ts'
import { CURRENT_MEMBER, withApprovers } from './users.ts'

/** The organization item's index entry that puts it on the reminders job's list. */
export const reminderEnrolment = (orgId: string) => ({ gsi1pk: keys.reminderOrgs, gsi1sk: orgId })

/** A "sent" record outlives the weeks a reminder could still be due for (see REMINDER_GRACE_HOURS). */
const REMINDED_KEEP_DAYS = 60

/** A member with the kinds of reminder email they turned off. */
export interface Recipient {
  user: User
  optedOut: ReminderKind[]
}

const optOutsOf = (item: Record<string, unknown>): ReminderKind[] =>
  [...((item.emailOptOuts as Set<string> | undefined) ?? [])].filter(
    (k): k is ReminderKind => ReminderKind.safeParse(k).success,
  )

const NOTIFICATION_FIELDS = ['remindersEnabled', 'staffReminder', 'supervisorDigest', 'forgottenTimerHours'] as const

/**
 * Reminders of one organization: its Notifications settings (on the organization item; the
 * defaults until a supervisor saves them), each member's opt-outs (a string set on the user item),
 * and the records that make each reminder go out once.
 */
export const notificationsOf = (orgId: string) => {
  const settings = async (): Promise<NotificationSettings> => {
    const item = await table.get(keys.organization(orgId))
    if (!item) throw notFound('organization')
    return notificationSettingsOf(item.notifications, item.weekStartDay as WeekStartDay)
  }
  const inStatus = async (status: 'draft' | 'rejected', start: string, end: string): Promise<Timesheet[]> => {
    const range = keys.weekRange(start, end)
    const items = await table.queryAll({
      index: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :p AND gsi3sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':p': keys.statusTimesheets(orgId, status), ':a': range.from, ':b': range.to },
    })
    return items.map((i) => Timesheet.parse(i))
  }
  return {
    settings,

    /**
     * Saves the settings, and puts the organization on the job's list (one made before reminders
     * existed), recording what changed in the same transaction.
     */
    async saveSettings(next: NotificationSettings, by: Actor): Promise<NotificationSettings> {
      const changes = changesOf<NotificationSettings>(await settings(), next, NOTIFICATION_FIELDS)
      await table.transact([
        {
          Update: {
            Key: keys.organization(orgId),
            UpdateExpression: 'SET notifications = :n, gsi1pk = :pk, gsi1sk = :sk, updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':n': next, ':pk': keys.reminderOrgs, ':sk': orgId, ':now': nowIso() },
          },
        },
        ...(changes.length
          ? [auditRecord(orgId, by, { action: 'settings.changed', subject: { type: 'organization' }, changes })]
          : []),
      ])
      return next
    },

    /** Current members with their opt-outs. */
    async recipients(): Promise<Recipient[]> {
      const items = await table.queryPrefix(keys.orgPk(orgId), keys.usersPrefix)
      const current = items.filter((i) => !i.removedAt)
      const users = withApprovers(current.map((i) => User.parse(i)))
      return current.map((i, n) => ({ user: users[n]!, optedOut: optOutsOf(i) }))
    },

    /** The kinds a current member turned off. */
    async optOuts(userId: string): Promise<ReminderKind[]> {
      const item = await table.get(keys.user(orgId, userId))
      if (!item || item.removedAt) throw notFound('member')
      return optOutsOf(item)
    },

    /** Turns one kind off (or back on) for a current member; the same answer when already so. */
    async setOptOut(userId: string, kind: ReminderKind, off: boolean): Promise<ReminderKind[]> {
      try {
        const out = await table.update(keys.user(orgId, userId), {
          UpdateExpression: `${off ? 'ADD' : 'DELETE'} emailOptOuts :k`,
          ConditionExpression: CURRENT_MEMBER,
          ExpressionAttributeValues: { ':k': new Set([kind]) },
          ReturnValues: 'ALL_NEW',
        })
        return optOutsOf(out ?? {})
      } catch (e) {
        if (isConditionFailure(e)) throw notFound('member')
        throw e
      }
    },

    /** Drafts whose week starts between two dates (running timers live in drafts). */
    drafts: (start: string, end: string) => inStatus('draft', start, end),

    /** Declined timesheets whose week starts between two dates (editable again, so a timer may run there too). */
    declined: (start: string, end: string) => inStatus('rejected', start, end),

    /** When the reminder `kind` for `period` went to `userId`, or null when it has not. */
    async sentAt(kind: ReminderKind, period: string, userId: string): Promise<Date | null> {
      const item = await table.get(keys.reminderSent(orgId, kind, period, userId))
      return typeof item?.sentAt === 'string' ? new Date(item.sentAt) : null
    },

    /**
     * Records the reminder `kind` for `period` to `userId` and queues its email, in one transaction:
     * false (and nothing queued) when it was already sent, so two overlapping runs send it once.
     */
    async remindOnce(kind: ReminderKind, period: string, userId: string, effects: Effects): Promise<boolean> {
      try {
        await table.transact([
          {
            Put: {
              Item: {
                ...keys.reminderSent(orgId, kind, period, userId),
                sentAt: nowIso(),
                expire: epochSeconds() + REMINDED_KEEP_DAYS * 86_400,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...effectItems(orgId, effects),
        ])
        return true
      } catch (e) {
        if (isConditionFailure(e, 0)) return false
        throw e
      }
    },
  }
}

/** Every organization on the reminders job's list, a page at a time. */
export async function* reminderOrganizations(): AsyncGenerator<string> {
  let cursor: Record<string, unknown> | undefined
  do {
    const page = await table.query({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': keys.reminderOrgs },
      ExclusiveStartKey: cursor,
    })
    for (const item of page.items) yield String(item.gsi1sk)
    cursor = page.cursor
  } while (cursor)
}
