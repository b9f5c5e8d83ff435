import { randomBytes, randomUUID } from 'node:crypto'
import { newOrganization, slugify, TRIAL_DAYS, Language, type Organization, type User } from '@app/core'
import { aggregateHead, aggregatesFrom, directoryMove, rebuildOrganizations } from './aggregates.ts'
import { keys } from './keys.ts'
import { epochSeconds, isConditionFailure, nowIso, table } from './table.ts'
import { reminderEnrolment } from './notifications.ts'
import { newUser } from './users.ts'
import { auditRecord, memberSubject } from './audit.ts'

/**
 * The only lookups that cross organizations: who a sign-in belongs to. Everything else goes
 * through orgDb(orgId).
 */
type Ref = { orgId: string; userId: string }

const ref = (item: Record<string, unknown> | undefined): Ref | undefined =>
  item ? { orgId: String(item.orgId), userId: String(item.userId) } : undefined

export interface NewSupervisor {
  issuer: string
  subject: string
  email: string | null
  firstName: string
  lastName: string
  profileImageUrl: string | null
  timeZone: string
  /** The language of the browser that signs in first (issue 21), until the supervisor chooses one. */
  language?: Language
}

const LOCKOUT_AFTER = 10
const LOCKOUT_SECONDS = 15 * 60
/** Attempts within this window count towards the lockout. */
const ATTEMPT_WINDOW_SECONDS = 15 * 60

export const system = {
  findBySubject: async (issuer: string, subject: string) => ref(await table.get(keys.subject(issuer, subject))),
  findByUsername: async (username: string) => ref(await table.get(keys.username(username))),

  organizations: {
    /** Whether an organization exists (the demo organization is made on first use). */
    exists: async (orgId: string) => Boolean(await table.get(keys.organization(orgId))),
    /** Rebuilds organizations' aggregates from their timesheets and members (`npm run job -- rebuild-aggregates`). */
    rebuildAggregates: rebuildOrganizations,
  },

  /**
   * Frees an identity whose member is gone (removed before removals took the lookup with them),
   * so the person can sign in again and start an organization of their own. Only the lookup that
   * still names `stale` is deleted: a sign-in that just made a new account keeps its own.
   */
  async releaseSubject(issuer: string, subject: string, stale: Ref) {
    try {
      await table.delete(keys.subject(issuer, subject), {
        ConditionExpression: 'orgId = :org AND userId = :user',
        ExpressionAttributeValues: { ':org': stale.orgId, ':user': stale.userId },
      })
    } catch (e) {
      if (!isConditionFailure(e)) throw e
    }
  },

  /**
   * First sign-in of a person with no account: one transaction creates the organization (trial,
   * 14 days), its slug, the supervisor and the identity lookup, so a retry can never leave half.
   */
  async createSupervisorWithOrganization(p: NewSupervisor): Promise<{ user: User; organization: Organization }> {
    const now = nowIso()
    const orgId = randomUUID()
    const userId = randomUUID()
    const name = `${p.firstName} ${p.lastName}`.trim() + "'s Organization"
    const organization = newOrganization({
      id: orgId,
      name,
      slug: `${slugify(`${p.firstName} ${p.lastName}`)}-${randomBytes(3).toString('hex')}`,
      timeZone: p.timeZone,
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString(),
      now,
      createdBy: userId,
    })
    const user = newUser(
      orgId,
      {
        id: userId,
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        profileImageUrl: p.profileImageUrl,
        department: null,
        role: 'supervisor',
        username: null,
        authType: 'oidc',
        language: p.language,
      },
      now,
    )
    const notExists = { ConditionExpression: 'attribute_not_exists(pk)' }
    await table.transact([
      { Put: { Item: { ...keys.subject(p.issuer, p.subject), orgId, userId }, ...notExists } },
      {
        Put: {
          Item: { ...keys.organization(orgId), ...organization, ...reminderEnrolment(orgId), memberCount: 1 },
          ...notExists,
        },
      },
      { Put: { Item: { ...keys.orgSlug(organization.slug), orgId }, ...notExists } },
      { Put: { Item: { ...keys.user(orgId, userId), ...user, issuer: p.issuer, subject: p.subject }, ...notExists } },
      ...(p.email ? [{ Put: { Item: { ...keys.userEmail(orgId, p.email), userId }, ...notExists } }] : []),
      // A new organization's aggregates (issue 17): complete from the start, with its one member.
      { Put: { Item: aggregateHead(orgId, aggregatesFrom([], [])), ...notExists } },
      directoryMove(orgId, user)[0]!,
    ])
    return { user, organization }
  },

  /**
   * Issue 31: a supervisor member added with this email joins their organization at their first
   * Supervisor Login with it (a verified email): the identity is bound to that member in one
   * transaction (the member still current, a supervisor, not yet bound), and the invitation is
   * spent. The newest invitation wins; none, or none still open, answers undefined.
   */
  async acceptInvitation(p: { issuer: string; subject: string; email: string }): Promise<Ref | undefined> {
    const invitations = await table.queryAll({
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': keys.invitationsPk(p.email) },
    })
    invitations.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))
    for (const invitation of invitations) {
      const orgId = String(invitation.orgId)
      const userId = String(invitation.userId)
      const item = await table.get(keys.user(orgId, userId))
      if (!item || item.removedAt || item.role !== 'supervisor' || item.subject) continue
      try {
        await table.transact([
          {
            Put: {
              Item: { ...keys.subject(p.issuer, p.subject), orgId, userId },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              Key: keys.user(orgId, userId),
              // Issue 36: the provider verified the address, so it is confirmed.
              UpdateExpression: 'SET issuer = :iss, subject = :sub, emailConfirmed = :yes',
              ConditionExpression:
                'attribute_exists(pk) AND attribute_not_exists(removedAt) AND attribute_not_exists(subject) AND #role = :supervisor',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: {
                ':iss': p.issuer,
                ':sub': p.subject,
                ':supervisor': 'supervisor',
                ':yes': true,
              },
            },
          },
          { Delete: { Key: keys.invitation(p.email, orgId) } },
          auditRecord(
            orgId,
            { id: userId, firstName: String(item.firstName), lastName: String(item.lastName) },
            {
              action: 'member.edited',
              subject: memberSubject({
                id: userId,
                firstName: String(item.firstName),
                lastName: String(item.lastName),
              }),
              changes: [{ field: 'invitation', before: p.email, after: 'accepted' }],
            },
          ),
        ])
        return { orgId, userId }
      } catch (e) {
        if (!isConditionFailure(e)) throw e
        // Bound meanwhile (a concurrent first sign-in): that binding stands.
        const bound = await system.findBySubject(p.issuer, p.subject)
        if (bound) return bound
      }
    }
    return undefined
  },

  /**
   * The supervisor account of a first sign-in: created with its organization, or, when another
   * first sign-in of the same person won the race, the winner's.
   */
  async createSupervisorOrFind(p: NewSupervisor): Promise<Ref | undefined> {
    try {
      const { user } = await system.createSupervisorWithOrganization(p)
      return { orgId: user.organizationId, userId: user.id }
    } catch (e) {
      if (!isConditionFailure(e)) throw e
      return system.findBySubject(p.issuer, p.subject)
    }
  },

  /**
   * Staff sign-in attempts per username and client address, counted before the password is
   * checked, so parallel tries cannot all run before the lockout applies; a stranger elsewhere
   * locks only their own address out. More than 10 within 15 minutes lock that pair for 15 minutes.
   */
  loginAttempts: {
    /** Counts this attempt; `locked` when it is one too many. */
    async begin(username: string, address: string): Promise<{ locked: boolean; attempts: number }> {
      const key = keys.loginAttempts(username, address)
      // Listed under the username too, so that erasing an organization finds its members' counters.
      const byName = { ':g': keys.loginAttemptsOf(username), ':a': address }
      const now = epochSeconds()
      let attempts: number
      try {
        const out = await table.update(key, {
          UpdateExpression: 'ADD attempts :one SET expire = if_not_exists(expire, :window), gsi1pk = :g, gsi1sk = :a',
          ConditionExpression: 'attribute_not_exists(expire) OR expire > :now',
          ExpressionAttributeValues: { ':one': 1, ':window': now + ATTEMPT_WINDOW_SECONDS, ':now': now, ...byName },
          ReturnValues: 'ALL_NEW',
        })
        attempts = Number(out?.attempts)
      } catch (e) {
        if (!isConditionFailure(e)) throw e
        // The previous window ended: this attempt starts a new one.
        await table.put({
          ...key,
          attempts: 1,
          expire: now + ATTEMPT_WINDOW_SECONDS,
          gsi1pk: byName[':g'],
          gsi1sk: address,
        })
        attempts = 1
      }
      const locked = attempts > LOCKOUT_AFTER
      if (attempts === LOCKOUT_AFTER + 1) {
        await table.update(key, {
          UpdateExpression: 'SET expire = :until',
          ExpressionAttributeValues: { ':until': now + LOCKOUT_SECONDS },
        })
      }
      return { locked, attempts }
    },
    /** An attempt the pool could not answer (an outage) does not count. */
    forget: (username: string, address: string) =>
      table
        .update(keys.loginAttempts(username, address), {
          UpdateExpression: 'ADD attempts :minus',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minus': -1 },
        })
        .catch((e: unknown) => {
          if (!isConditionFailure(e)) throw e
        }),
    /** A successful sign-in starts the count again. */
    clear: (username: string, address: string) => table.delete(keys.loginAttempts(username, address)),
    async count(username: string, address: string): Promise<number> {
      const item = await table.get(keys.loginAttempts(username, address))
      return item && Number(item.expire) > epochSeconds() ? Number(item.attempts) : 0
    },
  },

  /** PKCE verifier, nonce and return path of a sign-in in flight, single use, 10 minutes. */
  authRequests: {
    async save(
      state: string,
      data: { codeVerifier: string; nonce: string; returnTo: string; timeZone: string; language?: Language },
    ) {
      await table.put({ ...keys.authRequest(state), ...data, expire: epochSeconds() + 600 })
    },
    async take(state: string) {
      const item = await table.delete(keys.authRequest(state), { ReturnValues: 'ALL_OLD' })
      if (!item || Number(item.expire) <= epochSeconds()) return undefined
      return {
        codeVerifier: String(item.codeVerifier),
        nonce: String(item.nonce),
        returnTo: String(item.returnTo),
        timeZone: String(item.timeZone),
        // The browser's language when the sign-in started (web/src/lib/browser.ts), if it sent one.
        language: Language.safeParse(item.language).data,
      }
    },
  },
}
