import { createHash, randomBytes } from 'node:crypto'
import * as z from 'zod'
import type { AuditClient } from '@app/core'
import { auditRecord, memberSubject, type Person } from './audit.ts'
import { keys } from './keys.ts'
import { epochSeconds, nowIso, table } from './table.ts'

/** Idle and absolute limits of a session (DESIGN.md section 3). */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600
/** A session's expiry slides forward at most this often, so reads stay reads. */
const SLIDE_EVERY_SECONDS = 3600

export const Session = z.object({
  userId: z.string(),
  orgId: z.string(),
  createdAt: z.string(),
  absoluteExpire: z.number(),
  expire: z.number(),
  /** A visitor of the read-only demo organization. */
  demo: z.boolean().optional(),
  /** Issue 34: a kiosk's session (the kiosk's id): it reaches only the kiosk routes. */
  kioskId: z.string().optional(),
})
export type Session = z.infer<typeof Session>

/** Issue 34: a kiosk stays signed in for long (a shared tablet on a wall); revoking it ends it at once. */
export const KIOSK_IDLE_SECONDS = 90 * 24 * 3600
export const KIOSK_ABSOLUTE_SECONDS = 400 * 24 * 3600

/** The table stores a hash of the session id, so a copy of the table opens no session. */
export const sessionHash = (sid: string) => createHash('sha256').update(sid).digest('base64url')
const hash = sessionHash

/**
 * A new kiosk session (issue 34) for `kiosks.create` to write in its own transaction: the id for
 * the cookie, the hash that names it, and its item.
 */
export const newKioskSession = (user: { userId: string; orgId: string }, kioskId: string) => {
  const sid = randomBytes(32).toString('base64url')
  const now = epochSeconds()
  const session: Session = {
    userId: user.userId,
    orgId: user.orgId,
    kioskId,
    createdAt: nowIso(),
    absoluteExpire: now + KIOSK_ABSOLUTE_SECONDS,
    expire: now + KIOSK_IDLE_SECONDS,
  }
  const item = {
    ...keys.session(hash(sid)),
    ...session,
    gsi1pk: keys.userSessions(user.orgId, user.userId),
    gsi1sk: hash(sid),
  }
  return { sid, sidHash: hash(sid), session, item }
}

export const sessions = {
  /** A new session; `signIn`, when a person signed in (not a test or the demo), is recorded with it. */
  async create(
    user: { userId: string; orgId: string; demo?: boolean },
    signIn?: { member: Person; client: AuditClient },
  ): Promise<{ sid: string; session: Session }> {
    const sid = randomBytes(32).toString('base64url')
    const now = epochSeconds()
    const session: Session = {
      userId: user.userId,
      orgId: user.orgId,
      ...(user.demo ? { demo: true } : {}),
      createdAt: nowIso(),
      absoluteExpire: now + SESSION_ABSOLUTE_SECONDS,
      expire: now + SESSION_IDLE_SECONDS,
    }
    const item = {
      ...keys.session(hash(sid)),
      ...session,
      gsi1pk: keys.userSessions(user.orgId, user.userId),
      gsi1sk: hash(sid),
    }
    if (!signIn) await table.put(item)
    else {
      const { member, client } = signIn
      await table.transact([
        { Put: { Item: item } },
        auditRecord(user.orgId, member, { action: 'signIn.succeeded', subject: memberSubject(member), client }),
      ])
    }
    return { sid, session }
  },

  /** The live session for this id, sliding its idle expiry; undefined when unknown or expired. */
  async get(sid: string): Promise<Session | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(sid)) return undefined
    const item = await table.get(keys.session(hash(sid)), false)
    if (!item) return undefined
    const session = Session.parse(item)
    const now = epochSeconds()
    // DynamoDB deletes expired items only eventually (and DynamoDB Local never): check here.
    if (session.expire <= now || session.absoluteExpire <= now) return undefined
    const idle = session.kioskId ? KIOSK_IDLE_SECONDS : SESSION_IDLE_SECONDS
    if (session.expire - idle + SLIDE_EVERY_SECONDS <= now) {
      const expire = Math.min(now + idle, session.absoluteExpire)
      await table
        .update(keys.session(hash(sid)), {
          UpdateExpression: 'SET expire = :e',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':e': expire },
        })
        .catch(() => undefined) // a logout racing this read wins
      return { ...session, expire }
    }
    return session
  },

  async delete(sid: string) {
    if (sid) await table.delete(keys.session(hash(sid)))
  },

  /** Ends every session of one user at once (member removed, password reset). */
  async deleteForUser(orgId: string, userId: string) {
    const items = await table.queryAll({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': keys.userSessions(orgId, userId) },
    })
    await Promise.all(items.map((i) => table.delete({ pk: String(i.pk), sk: String(i.sk) })))
  },
}
