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
  /** A kiosk's session (the kiosk's id): it reaches only the kiosk routes. */
  kioskId: z.string().optional(),
  /** A kiosk's campus: it lists and punches that campus's members only. */
  kioskCampusId: z.string().optional(),
  /** A kiosk's: its maker's term as a supervisor when they made it (users.ts, `supervisorTermOf`); absent is 0. */
  makerTerm: z.number().optional(),
  /** 'Keep me signed in on this phone': the phone it was opened on, listed on Profile. */
  device: z.object({ id: z.string(), browser: z.string(), os: z.string() }).optional(),
  /** A remembered phone's last request (to the hour, as the idle expiry slides). */
  lastUsedAt: z.string().optional(),
})
export type Session = z.infer<typeof Session>

/** A kiosk stays signed in for long (a shared tablet on a wall); revoking it ends it at once. */
export const KIOSK_IDLE_SECONDS = 90 * 24 * 3600
export const KIOSK_ABSOLUTE_SECONDS = 400 * 24 * 3600

/**
 * A phone a member chose to keep signed in on stays so while used at least every 90
 * days, for a year at most; it is listed on their Profile and ends there, or with a password reset.
 */
export const REMEMBERED_IDLE_SECONDS = 90 * 24 * 3600
export const REMEMBERED_ABSOLUTE_SECONDS = 365 * 24 * 3600

/**
 * A remembered phone's session past the ordinary absolute limit: it no longer serves a member who
 * became a supervisor (supervisors are never remembered; a promotion does not carry a year over).
 */
export const pastOrdinaryLimit = (session: Session, now = epochSeconds()) =>
  session.device !== undefined && Math.floor(Date.parse(session.createdAt) / 1000) + SESSION_ABSOLUTE_SECONDS <= now

/** What a remembered phone reads as on the member's Profile ('Chrome on Android'). */
export type Device = { browser: string; os: string }

const idleSecondsOf = (session: Session) =>
  session.kioskId ? KIOSK_IDLE_SECONDS : session.device ? REMEMBERED_IDLE_SECONDS : SESSION_IDLE_SECONDS

/**
 * A session id: 32 random bytes, then the organization and the member it belongs to (base64url),
 * so a request can read the session, its member and the organization's closure in one round trip.
 * The hash of the whole value names the session, and the ids must be the session's own.
 */
const newSid = (orgId: string, userId: string) =>
  [randomBytes(32).toString('base64url'), b64(orgId), b64(userId)].join('.')
const b64 = (text: string) => Buffer.from(text).toString('base64url')
const SID = /^[A-Za-z0-9_-]{43}(?:\.([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{1,200}))?$/

/** What a session id names: its organization and member, or nothing for an id made before it named them. */
const namedIn = (sid: string) => {
  const [, org, user] = SID.exec(sid) ?? []
  return org && user
    ? { orgId: Buffer.from(org, 'base64url').toString(), userId: Buffer.from(user, 'base64url').toString() }
    : undefined
}

/**
 * What every request reads beside its session: the member's item and the organization's closure
 * (absent when open); and the organization's item when the route asked for it.
 */
export interface OpenedSession {
  session: Session
  member: Record<string, unknown> | undefined
  closure: Record<string, unknown> | undefined
  organization?: Record<string, unknown> | undefined
}

/** The table stores a hash of the session id, so a copy of the table opens no session. */
export const sessionHash = (sid: string) => createHash('sha256').update(sid).digest('base64url')
const hash = sessionHash

/**
 * A new kiosk session for `kiosks.create` to write in its own transaction: the id for
 * the cookie, the hash that names it, and its item.
 */
export const newKioskSession = (
  user: { userId: string; orgId: string },
  kioskId: string,
  makerTerm: number,
  campusId?: string,
) => {
  const sid = newSid(user.orgId, user.userId)
  const now = epochSeconds()
  const session: Session = {
    userId: user.userId,
    orgId: user.orgId,
    kioskId,
    ...(campusId ? { kioskCampusId: campusId } : {}),
    ...(makerTerm ? { makerTerm } : {}),
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

/** The session unless expired, its idle expiry slid forward when due. */
const live = async (sid: string, session: Session): Promise<Session | undefined> => {
  const now = epochSeconds()
  // DynamoDB deletes expired items only eventually (and DynamoDB Local never): check here.
  if (session.expire <= now || session.absoluteExpire <= now) return undefined
  const idle = idleSecondsOf(session)
  if (session.expire - idle + SLIDE_EVERY_SECONDS <= now) {
    const expire = Math.min(now + idle, session.absoluteExpire)
    const lastUsedAt = nowIso()
    await table
      .update(keys.session(hash(sid)), {
        UpdateExpression: session.device ? 'SET expire = :e, lastUsedAt = :u' : 'SET expire = :e',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':e': expire, ...(session.device ? { ':u': lastUsedAt } : {}) },
      })
      .catch(() => undefined) // a logout racing this read wins
    return { ...session, expire, ...(session.device ? { lastUsedAt } : {}) }
  }
  return session
}

export const sessions = {
  /**
   * A new session; `signIn`, when a person signed in (not a test or the demo), is recorded with it;
   * `device`, when they asked to stay signed in on this phone, makes it a remembered phone's.
   */
  async create(
    user: { userId: string; orgId: string; demo?: boolean },
    signIn?: { member: Person; client: AuditClient },
    device?: Device,
  ): Promise<{ sid: string; session: Session }> {
    const sid = newSid(user.orgId, user.userId)
    const now = epochSeconds()
    const createdAt = nowIso()
    const session: Session = {
      userId: user.userId,
      orgId: user.orgId,
      ...(user.demo ? { demo: true } : {}),
      ...(device ? { device: { id: randomBytes(12).toString('base64url'), ...device }, lastUsedAt: createdAt } : {}),
      createdAt,
      absoluteExpire: now + (device ? REMEMBERED_ABSOLUTE_SECONDS : SESSION_ABSOLUTE_SECONDS),
      expire: now + (device ? REMEMBERED_IDLE_SECONDS : SESSION_IDLE_SECONDS),
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
    return (await sessions.open(sid))?.session
  },

  /**
   * The live session for this id (its idle expiry slid) with its member's item and the
   * organization's closure, and with `organization` the organization's item too (a route that
   * reads it first saves its own round trip): one BatchGetItem, since the id names them; an id made
   * before it named them reads its session first. Undefined when unknown, expired, or naming
   * another member.
   */
  async open(sid: string, { organization = false } = {}): Promise<OpenedSession | undefined> {
    if (!SID.test(sid)) return undefined
    const named = namedIn(sid)
    const read = async (orgId: string, userId: string, withSession: boolean) => {
      const items = await table.getMany([
        ...(withSession ? [keys.session(hash(sid))] : []),
        keys.user(orgId, userId),
        keys.closure(orgId),
        ...(organization ? [keys.organization(orgId)] : []),
      ])
      return withSession ? items : [undefined, ...items]
    }
    let item: Record<string, unknown> | undefined
    let rest: (Record<string, unknown> | undefined)[] = []
    if (named) [item, ...rest] = await read(named.orgId, named.userId, true)
    else {
      item = await table.get(keys.session(hash(sid)))
      if (item) [, ...rest] = await read(String(item.orgId), String(item.userId), false)
    }
    if (!item) return undefined
    const session = await live(sid, Session.parse(item))
    if (!session || (named && (named.orgId !== session.orgId || named.userId !== session.userId))) return undefined
    const [member, closure, org] = rest
    return { session, member, closure, ...(organization ? { organization: org } : {}) }
  },

  async delete(sid: string) {
    if (sid) await table.delete(keys.session(hash(sid)))
  },

  /** The phones a member is kept signed in on (live sessions only), newest first; `sid` marks this one. */
  async devices(orgId: string, userId: string, sid?: string) {
    const now = epochSeconds()
    const items = await table.queryAll({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': keys.userSessions(orgId, userId) },
    })
    return items
      .map((item) => ({ hash: String(item.gsi1sk), session: Session.parse(item) }))
      .filter(({ session: s }) => s.device && s.expire > now && s.absoluteExpire > now)
      .map(({ hash: h, session: s }) => ({
        id: s.device!.id,
        browser: s.device!.browser,
        os: s.device!.os,
        createdAt: s.createdAt,
        lastUsedAt: s.lastUsedAt ?? s.createdAt,
        current: sid !== undefined && h === hash(sid),
        hash: h,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  },

  /**
   * Signs one remembered phone out at once, with its audit record; undefined when the member has no
   * such phone (already signed out, or another member's). `sid` marks the asking one as `current`.
   */
  async forgetDevice(orgId: string, member: Person, deviceId: string, by: Person, sid?: string) {
    const device = (await sessions.devices(orgId, member.id, sid)).find((d) => d.id === deviceId)
    if (!device) return undefined
    await table.transact([
      { Delete: { Key: keys.session(device.hash) } },
      auditRecord(orgId, by, {
        action: 'device.signedOut',
        subject: memberSubject(member),
        changes: [{ field: 'device', before: `${device.browser} on ${device.os}`, after: null }],
      }),
    ])
    return device
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
