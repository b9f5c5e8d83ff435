import { randomUUID } from 'node:crypto'
import type { EmailMessage } from '@app/adapters'
import type { Language } from '@app/core'
import { auditRecord, memberSubject, systemActor } from './audit.ts'
import { keys } from './keys.ts'
import { epochSeconds, isConditionFailure, nowIso, table } from './table.ts'

/**
 * Emails are written to an outbox in the same transaction as the decision that causes them, so a
 * crash or an SES failure can delay an email but never lose it, and never undo the decision.
 * The sender tries at once; the retry job sends whatever is still due.
 */
export const MAX_EMAIL_ATTEMPTS = 8
/** How long an email waits for its address to be confirmed before it is dropped (with an audit record). */
export const HELD_EMAIL_DAYS = 14
const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** attempts)

/**
 * What an outbox email keeps: the name of its template, its reader's language and the
 * template's values, rendered into subject, text and HTML only when it is sent (functions'
 * views/templates.ts), so a change that queues emails writes a few small items.
 */
export interface TemplatedEmail {
  template: string
  language: Language
  values: Record<string, unknown>
}

/**
 * An email as the sender finds it in the outbox: templated, or (`message`) rendered whole, as
 * items queued by an older version were; those stay deliverable as they are.
 */
export type StoredEmail = TemplatedEmail | { message: EmailMessage }

export interface OutboxEntry {
  orgId: string
  id: string
  email: StoredEmail
  attempts: number
}

/** An email held for an address not yet confirmed, as the sweep of expired ones finds it. */
export interface HeldEmail {
  orgId: string
  id: string
  address: string
  heldSince: string
  template: string
  member: { id: string; firstName: string; lastName: string } | null
}

/** An email to queue with a change: its id is chosen first, so the sender can try it by id after. */
export interface QueuedEmail {
  id: string
  email: TemplatedEmail
}

/** The email an outbox item holds: its template and values, or an older item's rendered message. */
const storedEmail = (item: Record<string, unknown>): StoredEmail =>
  typeof item.template === 'string'
    ? {
        template: item.template,
        language: item.language as Language,
        values: (item.values ?? {}) as Record<string, unknown>,
      }
    : { message: item.message as EmailMessage }

/** The outbox item that holds `email` for `orgId`, due at once. */
export const outboxItem = (orgId: string, queued: QueuedEmail) => {
  const now = nowIso()
  return {
    ...keys.outbox(orgId, queued.id),
    orgId,
    id: queued.id,
    template: queued.email.template,
    language: queued.email.language,
    values: queued.email.values,
    attempts: 0,
    createdAt: now,
    gsi1pk: keys.outboxDue,
    gsi1sk: keys.outboxDueAt(now, orgId, queued.id),
  }
}

export { EMAIL_DAILY_LIMIT } from '@app/core'

/** A day of the quota, not a date anyone sees: UTC is the same for every organization. */
const quotaDay = () => new Date().toISOString().slice(0, 10)

/** One CloudWatch metric (embedded metric format) with its log line: the outbox's quota and dropped mail. */
const logMetric = (metric: string, level: 'info' | 'warn', event: string, fields: Record<string, unknown>) =>
  console.log(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [
          { Namespace: 'MinistryTimesheets', Dimensions: [[]], Metrics: [{ Name: metric, Unit: 'Count' }] },
        ],
      },
      level,
      event,
      ...fields,
      [metric]: 1,
    }),
  )

export const outbox = {
  /**
   * Names an email to queue as an effect of a change (see effects.ts), as its template, language
   * and values (functions' views/templates.ts makes them); nothing is written yet.
   */
  email: (email: TemplatedEmail): QueuedEmail => ({ id: randomUUID(), email }),

  /**
   * Claims an email for one sender for a minute, so two senders (the request that queued it and
   * an overlapping run of the retry job) never send it twice. False when someone else holds it.
   */
  async claim(orgId: string, id: string): Promise<boolean> {
    const now = Date.now()
    try {
      await table.update(keys.outbox(orgId, id), {
        UpdateExpression: 'SET claimedUntil = :until',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
        ExpressionAttributeValues: { ':until': now + 60_000, ':now': now },
      })
      return true
    } catch (e) {
      if (isConditionFailure(e)) return false
      throw e
    }
  },

  /**
   * Takes one email of the organization's quota for today, when `limit` allows it (the
   * quota holds emails back at sending, it never refuses the change that queued them). False, with
   * an `EmailQuotaReached` metric, when today's quota is spent.
   */
  async takeQuota(orgId: string, limit: number): Promise<boolean> {
    try {
      await table.update(keys.emailQuota(orgId, quotaDay()), {
        UpdateExpression: 'ADD sent :one SET expire = if_not_exists(expire, :expire)',
        ConditionExpression: 'attribute_not_exists(sent) OR sent < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expire': epochSeconds() + 2 * 86_400 },
      })
      return true
    } catch (e) {
      if (!isConditionFailure(e)) throw e
      logMetric('EmailQuotaReached', 'warn', 'email-quota-reached', { orgId, limit })
      return false
    }
  },

  /**
   * Holds a claimed email, without counting a try, until `until`: by default over quota, until the
   * next quota day (midnight UTC), when the retry job sends it; a closed organization's until the
   * retry job looks again (it is sent then if the organization was reopened).
   */
  hold: (orgId: string, id: string, until?: Date) => {
    const tomorrow = new Date(`${quotaDay()}T00:00:00.000Z`)
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1)
    return table.update(keys.outbox(orgId, id), {
      UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk REMOVE claimedUntil',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':pk': keys.outboxDue,
        ':sk': keys.outboxDueAt((until ?? tomorrow).toISOString(), orgId, id),
      },
    })
  },

  sent: (orgId: string, id: string) => table.delete(keys.outbox(orgId, id)),

  /**
   * Drops a claimed email to an address no current member has (nobody can confirm it), with an
   * `EmailToUnconfirmedDropped` metric. A member's unconfirmed address has its emails held instead.
   */
  async dropUnconfirmed(orgId: string, id: string, template: string) {
    await table.delete(keys.outbox(orgId, id))
    logMetric('EmailToUnconfirmedDropped', 'info', 'email-to-unconfirmed-dropped', { orgId, outboxId: id, template })
  },

  /**
   * Holds a claimed email to an address its owner has not confirmed yet: off the due list until
   * `release` (the address confirmed) puts it back, or `dropExpiredHeld` drops it after
   * HELD_EMAIL_DAYS from when it was first held. `member` is whose address it is, for that record.
   */
  async holdForConfirmation(
    orgId: string,
    id: string,
    address: string,
    member: { id: string; firstName: string; lastName: string },
  ) {
    const item = await table.get(keys.outbox(orgId, id))
    const since = typeof item?.heldSince === 'string' ? item.heldSince : nowIso()
    await table.update(keys.outbox(orgId, id), {
      UpdateExpression:
        'SET gsi1pk = :pk, gsi1sk = :sk, heldSince = :since, heldFor = :address, heldMember = :member REMOVE claimedUntil',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':pk': keys.outboxHeld,
        ':sk': keys.outboxDueAt(since, orgId, id),
        ':since': since,
        ':address': address.toLowerCase(),
        ':member': member,
      },
    })
  },

  /**
   * Puts every email held for `address` back on the due list (its owner confirmed it), and answers
   * them for the caller to try at once; the retry job sends any it could not.
   */
  async release(orgId: string, address: string): Promise<OutboxEntry[]> {
    const items = await table.queryPrefix(keys.orgPk(orgId), keys.outboxPrefix, {
      FilterExpression: 'heldFor = :a',
      ExpressionAttributeValues: { ':a': address.toLowerCase() },
    })
    const now = nowIso()
    const released: OutboxEntry[] = []
    for (const i of items) {
      const id = String(i.id)
      try {
        await table.update(keys.outbox(orgId, id), {
          UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk REMOVE heldFor',
          ConditionExpression: 'attribute_exists(pk) AND heldFor = :a',
          ExpressionAttributeValues: {
            ':pk': keys.outboxDue,
            ':sk': keys.outboxDueAt(now, orgId, id),
            ':a': address.toLowerCase(),
          },
        })
        released.push({ orgId, id, email: storedEmail(i), attempts: Number(i.attempts) })
      } catch (e) {
        if (!isConditionFailure(e)) throw e // sent or released by someone else meanwhile
      }
    }
    return released
  },

  /** Emails held longer than HELD_EMAIL_DAYS at `now`, oldest first (at most `limit`). */
  async expiredHeld(now = new Date(), limit = 50): Promise<HeldEmail[]> {
    const before = new Date(now.getTime() - HELD_EMAIL_DAYS * 86_400_000).toISOString()
    const page = await table.query({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk <= :before',
      ExpressionAttributeValues: { ':p': keys.outboxHeld, ':before': keys.outboxDueBy(before) },
      Limit: limit,
    })
    return page.items.map((i) => ({
      orgId: String(i.orgId),
      id: String(i.id),
      address: String(i.heldFor ?? ''),
      heldSince: String(i.heldSince),
      template: typeof i.template === 'string' ? i.template : 'message',
      member: (i.heldMember ?? null) as { id: string; firstName: string; lastName: string } | null,
    }))
  },

  /**
   * Drops an email held past HELD_EMAIL_DAYS, with its audit record in the same transaction (who it
   * was for, which email, since when), so the organization can see what never reached whom.
   * Nothing happens when it was released or sent meanwhile.
   */
  async dropHeld(held: HeldEmail): Promise<boolean> {
    try {
      await table.transact([
        {
          Delete: {
            Key: keys.outbox(held.orgId, held.id),
            ConditionExpression: 'gsi1pk = :p AND heldSince = :since',
            ExpressionAttributeValues: { ':p': keys.outboxHeld, ':since': held.heldSince },
          },
        },
        auditRecord(held.orgId, systemActor('Email outbox'), {
          action: 'email.heldDropped',
          subject: held.member
            ? memberSubject({ id: held.member.id, firstName: held.member.firstName, lastName: held.member.lastName })
            : { type: 'organization' },
          changes: [
            { field: 'email', before: held.template, after: null },
            { field: 'address', before: held.address, after: null },
            { field: 'heldSince', before: held.heldSince, after: null },
          ],
        }),
      ])
    } catch (e) {
      if (isConditionFailure(e, 0)) return false
      throw e
    }
    logMetric('EmailToUnconfirmedDropped', 'info', 'held-email-dropped', {
      orgId: held.orgId,
      outboxId: held.id,
      template: held.template,
    })
    return true
  },

  /** Records a failed try and when to try next; after the last try the email is parked as dead. */
  async failed(orgId: string, id: string, attempts: number, error: string) {
    const next = attempts + 1
    const dead = next >= MAX_EMAIL_ATTEMPTS
    const at = new Date(Date.now() + backoffSeconds(next) * 1000).toISOString()
    await table.update(keys.outbox(orgId, id), {
      UpdateExpression: 'SET attempts = :n, lastError = :e, gsi1pk = :pk, gsi1sk = :sk REMOVE claimedUntil',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':n': next,
        ':e': error.slice(0, 500),
        ':pk': dead ? keys.outboxDead : keys.outboxDue,
        ':sk': keys.outboxDueAt(at, orgId, id),
      },
    })
  },

  /** Emails due for another try now, oldest first. */
  async due(limit = 50): Promise<OutboxEntry[]> {
    const page = await table.query({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':p': keys.outboxDue, ':now': keys.outboxDueBy(nowIso()) },
      Limit: limit,
    })
    return page.items.map((i) => ({
      orgId: String(i.orgId),
      id: String(i.id),
      email: storedEmail(i),
      attempts: Number(i.attempts),
    }))
  },

  /** For the operations alarms: how old the oldest due email is, and how many were given up on. */
  async health(): Promise<{ oldestDueSeconds: number; dead: number }> {
    const [oldest, dead] = await Promise.all([
      table.query({
        index: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': keys.outboxDue },
        Limit: 1,
      }),
      table.count({
        index: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': keys.outboxDead },
      }),
    ])
    const first = oldest.items[0]
    const createdAt = first ? Date.parse(String(first.createdAt)) : Date.now()
    return { oldestDueSeconds: Math.max(0, Math.round((Date.now() - createdAt) / 1000)), dead }
  },

  /** Everything still queued for one organization (tests and operations). */
  async pendingFor(orgId: string) {
    const items = await table.queryPrefix(keys.orgPk(orgId), keys.outboxPrefix)
    return items.map((i) => ({ id: String(i.id), attempts: Number(i.attempts), email: storedEmail(i) }))
  },
}
