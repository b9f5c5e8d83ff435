import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import { afterWrongPin, notFound, type KioskView, type PinLock } from '@app/core'
import { auditRecord, memberSubject, type Actor, type Person } from './audit.ts'
import { keys } from './keys.ts'
import { newKioskSession, sessionHash } from './sessions.ts'
import { epochSeconds, isConditionFailure, nowIso, table } from './table.ts'

/**
 * Issue 34: members' kiosk PINs (only their scrypt hash; the hashing is the caller's) with their
 * lockout, and the organization's kiosks, each a long-lived session of its own.
 */
const StoredPin = z.object({
  userId: z.string(),
  hash: z.string(),
  failures: z.number().default(0),
  lockedUntil: z.number().optional(),
})
export type StoredPin = z.infer<typeof StoredPin>

const StoredKiosk = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable().default(null),
  sidHash: z.string(),
})
export type StoredKiosk = z.infer<typeof StoredKiosk>

const viewOf = (k: StoredKiosk): KioskView => ({
  id: k.id,
  name: k.name,
  createdAt: k.createdAt,
  createdBy: k.createdBy,
  lastUsedAt: k.lastUsedAt,
})

export const kiosksOf = (orgId: string) => ({
  /** Sets (a hash) or clears (null) a member's PIN, with its record; a new PIN starts unlocked. */
  async setPin(member: Person, hash: string | null, by: Actor) {
    const record = auditRecord(orgId, by, {
      action: 'member.pinChanged',
      subject: memberSubject(member),
      changes: [{ field: 'pin', before: null, after: hash ? 'set' : 'cleared' }],
    })
    await table.transact([
      hash
        ? { Put: { Item: { ...keys.pin(orgId, member.id), userId: member.id, hash, failures: 0 } } }
        : { Delete: { Key: keys.pin(orgId, member.id) } },
      record,
    ])
  },

  async pin(userId: string): Promise<StoredPin | undefined> {
    const item = await table.get(keys.pin(orgId, userId))
    return item ? StoredPin.parse(item) : undefined
  },

  /** Every member's PIN item (the kiosk's list reads who has one). */
  async pins(): Promise<StoredPin[]> {
    const items = await table.queryAll({
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': keys.orgPk(orgId), ':s': keys.pinsPrefix },
    })
    return items.map((i) => StoredPin.parse(i))
  },

  /**
   * One wrong PIN, counted only if the item is as it was read (two kiosks at once count both: the
   * loser reads again); the fifth in a row locks it. Answers the lock after it.
   */
  async wrongPin(pin: StoredPin): Promise<PinLock> {
    let current: StoredPin | undefined = pin
    for (let attempt = 0; attempt < 5 && current; attempt++) {
      const now = epochSeconds()
      const next = afterWrongPin(current, now)
      try {
        await table.update(keys.pin(orgId, current.userId), {
          UpdateExpression:
            next.lockedUntil === undefined
              ? 'SET failures = :f REMOVE lockedUntil'
              : 'SET failures = :f, lockedUntil = :u',
          ConditionExpression: 'attribute_exists(pk) AND #h = :h AND failures = :was',
          ExpressionAttributeNames: { '#h': 'hash' },
          ExpressionAttributeValues: {
            ':f': next.failures,
            ':h': current.hash,
            ':was': current.failures,
            ...(next.lockedUntil === undefined ? {} : { ':u': next.lockedUntil }),
          },
        })
        return next
      } catch (e) {
        if (!isConditionFailure(e)) throw e
        current = await this.pin(pin.userId)
      }
    }
    return current ?? { failures: 0 }
  },

  /** A right PIN starts the count of wrong ones over. */
  async rightPin(pin: StoredPin) {
    if (pin.failures === 0 && pin.lockedUntil === undefined) return
    await table
      .update(keys.pin(orgId, pin.userId), {
        UpdateExpression: 'SET failures = :z REMOVE lockedUntil',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':z': 0 },
      })
      .catch(() => undefined)
  },

  /**
   * A kiosk named `name`: the caller's session `sid` is replaced by a kiosk session (a new id, so
   * the old cookie opens nothing), with the kiosk and its record, in one transaction.
   */
  async create(name: string, by: Person, sid: string) {
    const id = randomUUID()
    const created = newKioskSession({ userId: by.id, orgId }, id)
    const kiosk: StoredKiosk = {
      id,
      name,
      createdAt: nowIso(),
      createdBy: by.id,
      lastUsedAt: null,
      sidHash: created.sidHash,
    }
    await table.transact([
      { Delete: { Key: keys.session(sessionHash(sid)) } },
      { Put: { Item: created.item } },
      { Put: { Item: { ...keys.kiosk(orgId, id), ...kiosk }, ConditionExpression: 'attribute_not_exists(pk)' } },
      auditRecord(orgId, by, {
        action: 'kiosk.created',
        subject: { type: 'organization' },
        changes: [{ field: 'kiosk', before: null, after: name }],
      }),
    ])
    return { sid: created.sid, kiosk: viewOf(kiosk) }
  },

  async find(id: string): Promise<StoredKiosk | undefined> {
    const item = await table.get(keys.kiosk(orgId, id))
    return item ? StoredKiosk.parse(item) : undefined
  },

  async list(): Promise<KioskView[]> {
    const items = await table.queryAll({
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': keys.orgPk(orgId), ':s': keys.kiosksPrefix },
    })
    return items.map((i) => viewOf(StoredKiosk.parse(i)))
  },

  /** Ends a kiosk at once: its session and the kiosk go, with the record, in one transaction. */
  async revoke(id: string, by: Person) {
    const kiosk = await this.find(id)
    if (!kiosk) throw notFound('kiosk')
    await table.transact([
      { Delete: { Key: keys.kiosk(orgId, id), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { Key: keys.session(kiosk.sidHash) } },
      auditRecord(orgId, by, {
        action: 'kiosk.revoked',
        subject: { type: 'organization' },
        changes: [{ field: 'kiosk', before: kiosk.name, after: null }],
      }),
    ])
  },

  /** The kiosk's last use (Settings lists it). */
  async used(id: string) {
    await table
      .update(keys.kiosk(orgId, id), {
        UpdateExpression: 'SET lastUsedAt = :t',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': nowIso() },
      })
      .catch(() => undefined)
  },
})
