import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import {
  budgetLocked,
  budgetRefusedUntil,
  forbidden,
  KIOSK_TRIES,
  messages,
  notFound,
  PIN_TRIES,
  retryAfterSeconds,
  windowOpen,
  type KioskView,
  type TryBudget,
  type TryRule,
} from '@app/core'
import { auditRecord, memberSubject, type Actor, type Person } from './audit.ts'
import { effectItems, type Effects } from './effects.ts'
import { keys } from './keys.ts'
import { newKioskSession, sessionHash } from './sessions.ts'
import { epochSeconds, isConditionFailure, nowIso, table, type Key } from './table.ts'
import { supervisorInTermCheck, supervisorTermOf } from './users.ts'

/**
 * Members' kiosk PINs (only their scrypt hash; the hashing is the caller's) and the organization's
 * kiosks, each a long-lived session of its own. A PIN and a kiosk each hold a budget of tries
 * (core's TryRule): a try is taken by one conditional write before the PIN is checked, so PINs sent
 * at once never check more than the budget allows.
 */
const Budget = {
  tries: z.number().default(0),
  windowEnds: z.number().optional(),
  lockedUntil: z.number().optional(),
}
const StoredPin = z.object({ userId: z.string(), hash: z.string(), ...Budget })
export type StoredPin = z.infer<typeof StoredPin>

const StoredKiosk = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable().default(null),
  sidHash: z.string(),
  campusId: z.string().optional(),
  ...Budget,
})
export type StoredKiosk = z.infer<typeof StoredKiosk>

/** A try its budget refused: the seconds until the budget, as stored, lets one through again. */
export interface Refused {
  retryAfter: number
}
/** Whether a try's answer is a refusal (rather than the PIN or kiosk it was taken from). */
export const isRefused = (taken: object): taken is Refused => 'retryAfter' in taken

const viewOf = (k: StoredKiosk): KioskView => ({
  id: k.id,
  name: k.name,
  createdAt: k.createdAt,
  createdBy: k.createdBy,
  lastUsedAt: k.lastUsedAt,
  ...(k.campusId ? { campusId: k.campusId } : {}),
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
        ? { Put: { Item: { ...keys.pin(orgId, member.id), userId: member.id, hash, tries: 0 } } }
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
    const items = await table.queryPrefix(keys.orgPk(orgId), keys.pinsPrefix)
    return items.map((i) => StoredPin.parse(i))
  },

  /**
   * Takes one try of the member's PIN before it is checked: the PIN (its hash, as the write left
   * it), a refusal when its budget is spent, or undefined when the member has no PIN.
   */
  async takePinTry(userId: string): Promise<StoredPin | Refused | undefined> {
    const taken = await takeTry(keys.pin(orgId, userId), PIN_TRIES)
    return taken === undefined || isRefused(taken) ? taken : StoredPin.parse(taken)
  },

  /**
   * Takes one try of the kiosk's budget before a PIN is checked there: the kiosk, a refusal when
   * its budget is spent, or undefined when it is gone (revoked).
   */
  async takeKioskTry(id: string): Promise<StoredKiosk | Refused | undefined> {
    const taken = await takeTry(keys.kiosk(orgId, id), KIOSK_TRIES)
    return taken === undefined || isRefused(taken) ? taken : StoredKiosk.parse(taken)
  },

  /** A member's try taken for nothing (the kiosk refused before the PIN was checked): given back. */
  async givePinTryBack(pin: StoredPin) {
    await giveBack(keys.pin(orgId, pin.userId), pin.windowEnds)
  },

  /**
   * Whether the kiosk would refuse a try now (a refusal: locked, or its window's tries taken), or
   * undefined when it is gone; read only, no try taken.
   */
  async kioskState(id: string): Promise<'open' | Refused | undefined> {
    const item = await table.get(keys.kiosk(orgId, id))
    if (!item) return undefined
    return refusalOf(StoredBudget.parse(item), KIOSK_TRIES, epochSeconds()) ?? 'open'
  },

  /** A right PIN gives back the tries it took (to the windows it took them in), the member's and the kiosk's. */
  async rightPin(pin: StoredPin, kiosk: StoredKiosk) {
    await Promise.all([
      giveBack(keys.pin(orgId, pin.userId), pin.windowEnds),
      giveBack(keys.kiosk(orgId, kiosk.id), kiosk.windowEnds),
    ])
  },

  /**
   * A wrong PIN keeps its tries; a budget it leaves spent locks (the member's PIN, the kiosk). The
   * kiosk's lock is written with the effects `lockEffects` makes (its supervisors' emails), once per
   * lock. Answers those effects when this wrong PIN locked the kiosk.
   */
  async wrongPin(userId: string, kioskId: string, lockEffects: () => Promise<Effects>): Promise<Effects | undefined> {
    const [, kioskLock] = await Promise.all([
      lockIfSpent(orgId, keys.pin(orgId, userId), PIN_TRIES, async () => ({})),
      lockIfSpent(orgId, keys.kiosk(orgId, kioskId), KIOSK_TRIES, lockEffects),
    ])
    return kioskLock
  },

  /**
   * A kiosk named `name`: the caller's session `sid` is replaced by a kiosk session (a new id, so
   * the old cookie opens nothing), with the kiosk and its record, in one transaction.
   */
  /**
   * `campusId`: the campus the kiosk serves, kept on the kiosk and its session. The session is its
   * maker's, in their present term as a supervisor (users.ts, `grantStands`), and they must still
   * be a supervisor in it when this commits (else 403).
   */
  async create(name: string, by: Person, sid: string, campusId?: string) {
    const id = randomUUID()
    const makerTerm = supervisorTermOf(await table.get(keys.user(orgId, by.id)))
    const created = newKioskSession({ userId: by.id, orgId }, id, makerTerm, campusId)
    const kiosk: StoredKiosk = {
      id,
      name,
      createdAt: nowIso(),
      createdBy: by.id,
      lastUsedAt: null,
      sidHash: created.sidHash,
      tries: 0,
      ...(campusId ? { campusId } : {}),
    }
    try {
      await table.transact([
        { Delete: { Key: keys.session(sessionHash(sid)) } },
        { Put: { Item: created.item } },
        { Put: { Item: { ...keys.kiosk(orgId, id), ...kiosk }, ConditionExpression: 'attribute_not_exists(pk)' } },
        auditRecord(orgId, by, {
          action: 'kiosk.created',
          subject: { type: 'organization' },
          changes: [{ field: 'kiosk', before: null, after: name }],
        }),
        supervisorInTermCheck(orgId, by.id, makerTerm),
      ])
    } catch (e) {
      if (isConditionFailure(e, 4)) throw forbidden(messages.supervisorsOnly)
      throw e
    }
    return { sid: created.sid, kiosk: viewOf(kiosk) }
  },

  async find(id: string): Promise<StoredKiosk | undefined> {
    const item = await table.get(keys.kiosk(orgId, id))
    return item ? StoredKiosk.parse(item) : undefined
  },

  async list(): Promise<KioskView[]> {
    const items = await table.queryPrefix(keys.orgPk(orgId), keys.kiosksPrefix)
    return items.map((i) => viewOf(StoredKiosk.parse(i)))
  },

  /** Ends a kiosk at once: its session and the kiosk go, with the record, in one transaction. */
  async revoke(id: string, by: Person) {
    const kiosk = await this.find(id)
    if (!kiosk) throw notFound('kiosk')
    await revokeStored(orgId, kiosk, by)
  },

  /**
   * Revokes every kiosk `makerId` made, each with its record by `by`: the clean-up after they
   * stopped being a supervisor (their kiosks already open nothing: users.ts, `memberForSession`).
   * Run again, it revokes what is left; one revoked meanwhile is skipped.
   */
  async revokeMadeBy(makerId: string, by: Person) {
    const items = await table.queryPrefix(keys.orgPk(orgId), keys.kiosksPrefix, { ConsistentRead: true })
    for (const kiosk of items.map((i) => StoredKiosk.parse(i)).filter((k) => k.createdBy === makerId)) {
      await revokeStored(orgId, kiosk, by).catch((e: unknown) => {
        if (!isConditionFailure(e, 0)) throw e
      })
    }
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

/** The refusal of a try at `now` by a budget as stored (until its lock or spent window ends), if it refuses. */
const refusalOf = (budget: TryBudget, rule: TryRule, now: number): Refused | undefined => {
  const until = budgetRefusedUntil(budget, rule, now)
  return until === undefined ? undefined : { retryAfter: retryAfterSeconds(until, now) }
}

/** Ends one stored kiosk: its session and the kiosk go, with the record, in one transaction (the kiosk's delete fails when it is gone). */
const revokeStored = (orgId: string, kiosk: StoredKiosk, by: Person) =>
  table.transact([
    { Delete: { Key: keys.kiosk(orgId, kiosk.id), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { Key: keys.session(kiosk.sidHash) } },
    auditRecord(orgId, by, {
      action: 'kiosk.revoked',
      subject: { type: 'organization' },
      changes: [{ field: 'kiosk', before: kiosk.name, after: null }],
    }),
  ])

/**
 * One try of the budget at `key` (core's takeTry, by conditional writes): the item after it, a
 * refusal, or undefined when there is no item. Within an open window one write counts the try if
 * one is left; a window that has ended starts again. Two writes racing to start a window: one wins,
 * the other counts in it on its next turn.
 */
const takeTry = async (key: Key, rule: TryRule): Promise<Record<string, unknown> | Refused | undefined> => {
  for (let turn = 0; turn < 5; turn++) {
    const now = epochSeconds()
    const notLocked = '(attribute_not_exists(lockedUntil) OR lockedUntil <= :now)'
    try {
      return await table.update(key, {
        UpdateExpression: 'SET tries = tries + :one',
        ConditionExpression: `attribute_exists(pk) AND windowEnds > :now AND tries < :max AND ${notLocked}`,
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':max': rule.attempts },
        ReturnValues: 'ALL_NEW',
      })
    } catch (e) {
      if (!isConditionFailure(e)) throw e
    }
    const item = await table.get(key)
    if (!item) return undefined
    const budget = StoredBudget.parse(item)
    const refused = refusalOf(budget, rule, now)
    if (refused) return refused
    if (windowOpen(budget, now)) continue
    try {
      return await table.update(key, {
        UpdateExpression: 'SET tries = :one, windowEnds = :ends REMOVE lockedUntil',
        ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(windowEnds) OR windowEnds <= :now) AND ${notLocked}`,
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':ends': now + rule.windowSeconds },
        ReturnValues: 'ALL_NEW',
      })
    } catch (e) {
      if (!isConditionFailure(e)) throw e
    }
  }
  // Still racing after five turns: refused, which checks no PIN (the safe side); others are
  // trying at this very moment, so the next second may find a try.
  return { retryAfter: 1 }
}
const StoredBudget = z.object(Budget)

/**
 * Gives one try back to the window it was taken in (core's afterRightTry): a window started since,
 * or a budget whose item has gone, is owed nothing.
 */
const giveBack = async (key: Key, windowEnds: number | undefined) => {
  if (windowEnds === undefined) return
  try {
    await table.update(key, {
      UpdateExpression: 'SET tries = tries - :one',
      ConditionExpression: 'attribute_exists(pk) AND tries > :zero AND windowEnds = :ends',
      ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':ends': windowEnds },
    })
  } catch (e) {
    if (!isConditionFailure(e)) throw e
  }
}

/**
 * Locks the budget at `key` for the rule's lock when its window's tries are spent and it is not
 * locked already, with the effects `effects` makes (in the same transaction): those effects when
 * this call locked it.
 */
const lockIfSpent = async (
  orgId: string,
  key: Key,
  rule: TryRule,
  effects: () => Promise<Effects>,
): Promise<Effects | undefined> => {
  const now = epochSeconds()
  const item = await table.get(key)
  if (!item) return undefined
  const budget: TryBudget = StoredBudget.parse(item)
  if (budget.tries < rule.attempts || budgetLocked(budget, now)) return undefined
  const made = await effects()
  try {
    await table.transact([
      {
        Update: {
          Key: key,
          UpdateExpression: 'SET lockedUntil = :until',
          ConditionExpression:
            'attribute_exists(pk) AND tries >= :max AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now)',
          ExpressionAttributeValues: { ':until': now + rule.lockSeconds, ':max': rule.attempts, ':now': now },
        },
      },
      ...effectItems(orgId, made),
    ])
    return made
  } catch (e) {
    if (!isConditionFailure(e, 0)) throw e
    return undefined
  }
}
