import * as z from 'zod'
import { AppError, closeMessages, conflict, OrganizationClosure } from '@app/core'
import { auditRecord, type Actor } from './audit.ts'
import { keys } from './keys.ts'
import { outboxItem, type QueuedEmail } from './outbox.ts'
import { isConditionFailure, nowIso, table, type Key } from './table.ts'

const StoredClosure = z.object({
  orgId: z.string(),
  closedAt: z.string(),
  closedBy: z.string(),
  eraseOn: z.iso.date(),
  warnedAt: z.string().optional(),
  erasedAt: z.string().optional(),
  erasedBy: z.string().optional(),
})
export type StoredClosure = z.infer<typeof StoredClosure>

/** The answer every closed organization's request gets (403), naming the erasure date. */
export const organizationClosed = (closure: OrganizationClosure) =>
  new AppError(403, 'organization_closed', closeMessages.closed, undefined, { closure })

const subject = { type: 'organization' } as const
const keysOf = (items: Record<string, unknown>[]): Key[] => items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) }))
const partition = (pk: string, prefix?: string) =>
  table.queryAll({
    KeyConditionExpression: prefix ? 'pk = :p AND begins_with(sk, :s)' : 'pk = :p',
    ExpressionAttributeValues: { ':p': pk, ...(prefix ? { ':s': prefix } : {}) },
  })
/** Only the keys of a whole partition (an audit trail may be large: its items stay in the table). */
const keysIn = async (pk: string): Promise<Key[]> =>
  keysOf(
    await table.queryAll({
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': pk },
      ProjectionExpression: 'pk, sk',
    }),
  )
const onIndex = (index: 'gsi1' | 'gsi2', pk: string) =>
  table.queryAll({
    index,
    KeyConditionExpression: `${index}pk = :p`,
    ExpressionAttributeValues: { ':p': pk },
  })

/** The closure its item holds while the organization waits for its erasure; undefined when open (or erased). */
export const closureState = (item: Record<string, unknown> | undefined): OrganizationClosure | undefined =>
  item && !item.erasedAt ? { closedAt: String(item.closedAt), eraseOn: String(item.eraseOn) } : undefined

/**
 * A job run's view of which organizations are closed: each organization's closure is read once per
 * run (the first time it is asked about), however many of its items the run goes through.
 */
export const closedOrganizations = () => {
  const seen = new Map<string, Promise<boolean>>()
  return (orgId: string): Promise<boolean> => {
    if (!seen.has(orgId))
      seen.set(
        orgId,
        closureOf(orgId)
          .state()
          .then((closure) => closure !== undefined),
      )
    return seen.get(orgId)!
  }
}

/** One organization's closure, as its supervisors close and reopen it. */
export const closureOf = (orgId: string) => ({
  /** The organization's closure while it waits for its erasure; undefined when open. Read on every request. */
  async state(): Promise<OrganizationClosure | undefined> {
    return closureState(await table.get(keys.closure(orgId)))
  },

  /**
   * Closes: the closure (on the erasure job's list by its date), the subscription's state as
   * cancelled, and the audit record, in one transaction; a second close is a 409.
   */
  async close(by: Actor & { id: string }, closure: OrganizationClosure): Promise<void> {
    try {
      await table.transact([
        {
          Put: {
            Item: {
              ...keys.closure(orgId),
              orgId,
              closedAt: closure.closedAt,
              closedBy: by.id,
              eraseOn: closure.eraseOn,
              gsi1pk: keys.closuresPending,
              gsi1sk: keys.closureSort(closure.eraseOn, orgId),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            Key: keys.organization(orgId),
            UpdateExpression: 'SET closedAt = :at, updatedAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': closure.closedAt },
          },
        },
        auditRecord(orgId, by, {
          action: 'organization.closed',
          subject,
          changes: [{ field: 'eraseOn', before: null, after: closure.eraseOn }],
        }),
      ])
    } catch (e) {
      if (isConditionFailure(e, 0)) throw conflict(closeMessages.closed)
      throw e
    }
  },

  /** Reopens before the erasure date (`today` in the organization's zone), with its record; else 409. */
  async reopen(by: Actor, today: string): Promise<void> {
    try {
      await table.transact([
        {
          Delete: {
            Key: keys.closure(orgId),
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(erasedAt) AND eraseOn > :today',
            ExpressionAttributeValues: { ':today': today },
          },
        },
        {
          Update: {
            Key: keys.organization(orgId),
            UpdateExpression: 'REMOVE closedAt SET updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':now': nowIso() },
          },
        },
        auditRecord(orgId, by, { action: 'organization.reopened', subject }),
      ])
    } catch (e) {
      if (!isConditionFailure(e)) throw e
      const state = await closureOf(orgId).state()
      throw conflict(state ? closeMessages.tooLate : closeMessages.notClosed)
    }
  },
})

/** The erasure job's side of closures, across organizations. */
export const closures = {
  /** Closures not yet erased whose erasure date is on or before `date`, soonest first. */
  async pendingBy(date: string): Promise<StoredClosure[]> {
    const items = await table.queryAll({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk <= :to',
      ExpressionAttributeValues: { ':p': keys.closuresPending, ':to': `${date}#~` },
    })
    return items.map((i) => StoredClosure.parse(i))
  },

  /** What remains of an organization: its closure, then once erased its tombstone. */
  async find(orgId: string): Promise<StoredClosure | undefined> {
    const item = await table.get(keys.closure(orgId))
    return item ? StoredClosure.parse(item) : undefined
  },

  /** Queues the week-before warning to the supervisors once: false when it was already queued (or reopened). */
  async warn(orgId: string, emails: QueuedEmail[]): Promise<boolean> {
    try {
      await table.transact([
        {
          Update: {
            Key: keys.closure(orgId),
            UpdateExpression: 'SET warnedAt = :now',
            ConditionExpression:
              'attribute_exists(pk) AND attribute_not_exists(warnedAt) AND attribute_not_exists(erasedAt)',
            ExpressionAttributeValues: { ':now': nowIso() },
          },
        },
        ...emails.slice(0, 99).map((email) => ({ Put: { Item: outboxItem(orgId, email) } })),
      ])
      return true
    } catch (e) {
      if (isConditionFailure(e, 0)) return false
      throw e
    }
  },

  /** The staff pool usernames of everyone who ever belonged (removed members' are long deleted; again is harmless). */
  async usernames(orgId: string): Promise<string[]> {
    const users = await partition(keys.orgPk(orgId), keys.usersPrefix)
    return users.flatMap((u) => (typeof u.username === 'string' && u.username ? [u.username] : []))
  },

  /**
   * The supervisor sign-in identities (issuer and subject) of everyone who ever belonged whose only
   * organization this is: not one bound to another organization since (a removed supervisor who
   * joined another), nor one invited to another by their address.
   */
  async identities(orgId: string): Promise<{ issuer: string; subject: string }[]> {
    const users = await partition(keys.orgPk(orgId), keys.usersPrefix)
    const out: { issuer: string; subject: string }[] = []
    for (const u of users) {
      if (typeof u.issuer !== 'string' || typeof u.subject !== 'string') continue
      const bound = await table.get(keys.subject(u.issuer, u.subject))
      if (bound && bound.orgId !== orgId) continue
      const invited =
        typeof u.email === 'string' && u.email
          ? (await partition(keys.invitationsPk(u.email))).some(
              (i) => i.sk !== keys.invitation(u.email as string, orgId).sk,
            )
          : false
      if (!invited) out.push({ issuer: u.issuer, subject: u.subject })
    }
    return out
  },

  /**
   * Deletes every item of the organization: first what points into it from outside its
   * partitions (sessions, identity, username and invitation lookups, staff sign-in attempt
   * counters, API tokens, its slug, its payment events), then its audit trail, then its partition with the members and the
   * organization item last, so that a run interrupted anywhere finds what is left the next time.
   * Every step deletes only what is there, so running it again does nothing more.
   */
  async eraseItems(orgId: string): Promise<number> {
    const org = await table.get(keys.organization(orgId))
    const users = await partition(keys.orgPk(orgId), keys.usersPrefix)
    const outside: Key[] = []
    for (const u of users) {
      outside.push(...keysOf(await onIndex('gsi1', keys.userSessions(orgId, String(u.id)))))
      if (typeof u.issuer === 'string' && typeof u.subject === 'string') {
        // Only while it names this organization: a removed supervisor may belong to another since.
        const bound = await table.get(keys.subject(u.issuer, u.subject))
        if (bound && bound.orgId === orgId) outside.push(keys.subject(u.issuer, u.subject))
      }
      if (typeof u.username === 'string' && u.username) {
        outside.push(keys.username(u.username))
        // The staff sign-in attempt counters of the username, from every address.
        outside.push(...keysOf(await onIndex('gsi1', keys.loginAttemptsOf(u.username))))
      }
      if (typeof u.email === 'string' && u.email) outside.push(keys.invitation(u.email, orgId))
    }
    for (const token of await onIndex('gsi1', keys.orgApiTokens(orgId)))
      outside.push(...keysOf(await partition(String(token.pk))))
    outside.push(...keysOf(await onIndex('gsi2', keys.orgBillingEvents(orgId))))
    if (org && typeof org.slug === 'string') outside.push(keys.orgSlug(org.slug))
    await table.deleteMany(outside)

    // One by one: the erasure job's role may delete audit records, never batch-write them.
    const trail = await keysIn(keys.auditPartition(orgId))
    await table.deleteEach(trail)
    const own = await keysIn(keys.orgPk(orgId))
    const isLast = (k: Key) => k.sk.startsWith(keys.usersPrefix) || k.sk === keys.organization(orgId).sk
    await table.deleteMany(own.filter((k) => !isLast(k)))
    await table.deleteMany(own.filter((k) => k.sk.startsWith(keys.usersPrefix)))
    await table.deleteMany(own.filter((k) => k.sk === keys.organization(orgId).sk))
    return outside.length + trail.length + own.length
  },

  /** The closure becomes the tombstone, off the job's list: once; false when it already was. */
  async tombstone(orgId: string, by: string): Promise<boolean> {
    try {
      await table.update(keys.closure(orgId), {
        UpdateExpression: 'SET erasedAt = :now, erasedBy = :by REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(erasedAt)',
        ExpressionAttributeValues: { ':now': nowIso(), ':by': by },
      })
      return true
    } catch (e) {
      if (isConditionFailure(e)) return false
      throw e
    }
  },
}
