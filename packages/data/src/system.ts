import { randomBytes, randomUUID } from 'node:crypto'
import * as z from 'zod'
import {
  newOrganization,
  retryAfterSeconds,
  slugify,
  TRIAL_DAYS,
  Language,
  type Organization,
  type User,
} from '@app/core'
import { aggregateHead, aggregatesFrom, directoryMove, rebuildOrganizations } from './aggregates.ts'
import { routingFrom, routingItem } from './routing-counts.ts'
import { keys } from './keys.ts'
import { epochSeconds, isConditionFailure, nowIso, table } from './table.ts'
import { reminderEnrolment } from './notifications.ts'
import { currentMemberUpdate, newUser } from './users.ts'
import { auditRecord, memberSubject } from './audit.ts'
import { closureOf } from './closures.ts'
import { sessionHash } from './sessions.ts'

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
  /** The language of the browser that signs in first, until the supervisor chooses one. */
  language?: Language
}

/** An invitation a first sign-in may accept, as the person is asked about it. */
export interface OpenInvitation {
  orgId: string
  userId: string
  organizationName: string
  /** Who added the member (none when the system did). */
  inviterName: string | null
  member: { id: string; firstName: string; lastName: string }
}

/** What a first sign-in waiting for its person's choice keeps: who the provider said signed in, and the sign-in's own settings. */
export const PendingSignIn = z.object({
  issuer: z.string(),
  subject: z.string(),
  /** The provider's verified email (the invitations are looked up by it). */
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  picture: z.string().nullable(),
  timeZone: z.string(),
  language: Language.optional(),
  returnTo: z.string(),
})
export type PendingSignIn = z.infer<typeof PendingSignIn>

const SIGN_IN_CHOICE_SECONDS = 10 * 60

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
  async createSupervisorWithOrganization(
    p: NewSupervisor,
    declined: { email: string; invitations: OpenInvitation[] } = { email: '', invitations: [] },
  ): Promise<{ user: User; organization: Organization }> {
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
      // A new organization's aggregates: complete from the start, with its one member.
      { Put: { Item: aggregateHead(orgId, aggregatesFrom([], [user])), ...notExists } },
      directoryMove(orgId, { user })[0]!,
      { Put: { Item: routingItem(orgId, routingFrom([], [user])), ...notExists } },
      // Starting their own organization declines the invitations the person was offered instead.
      ...declined.invitations.flatMap((i) => [
        { Delete: { Key: keys.invitation(declined.email, i.orgId) } },
        auditRecord(i.orgId, i.member, {
          action: 'member.edited',
          subject: memberSubject(i.member),
          changes: [{ field: 'invitation', before: declined.email, after: 'declined' }],
        }),
      ]),
    ])
    return { user, organization }
  },

  /**
   * Invitations of a supervisor member added with this email: the open ones (the member still
   * current, a supervisor, not yet bound to an identity; the organization not closed), newest
   * first, with what the person is asked to choose between.
   */
  async openInvitations(email: string): Promise<OpenInvitation[]> {
    const items = await table.queryAll({
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': keys.invitationsPk(email) },
    })
    items.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))
    const open = await Promise.all(
      items.map(async (invitation): Promise<OpenInvitation | undefined> => {
        const orgId = String(invitation.orgId)
        const userId = String(invitation.userId)
        const [member, organization, closure] = await Promise.all([
          table.get(keys.user(orgId, userId)),
          table.get(keys.organization(orgId)),
          closureOf(orgId).state(),
        ])
        if (!member || member.removedAt || member.role !== 'supervisor' || member.subject) return undefined
        if (!organization || closure) return undefined
        return {
          orgId,
          userId,
          organizationName: String(organization.name),
          inviterName: typeof invitation.inviter === 'string' ? invitation.inviter : null,
          member: { id: userId, firstName: String(member.firstName), lastName: String(member.lastName) },
        }
      }),
    )
    return open.filter((i) => i !== undefined)
  },

  /**
   * The person chose to join the organization that invited `email`: the identity is bound to that
   * member in one transaction (the member still current, a supervisor, not yet bound), and the
   * invitation is spent. Undefined when that invitation is no longer open.
   */
  async acceptInvitation(p: {
    issuer: string
    subject: string
    email: string
    orgId: string
  }): Promise<Ref | undefined> {
    const invitation = (await system.openInvitations(p.email)).find((i) => i.orgId === p.orgId)
    if (!invitation) return undefined
    const { orgId, userId, member } = invitation
    try {
      await table.transact([
        {
          Put: {
            Item: { ...keys.subject(p.issuer, p.subject), orgId, userId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        // The provider verified the address, so it is confirmed.
        currentMemberUpdate(orgId, userId, {
          set: 'SET issuer = :iss, subject = :sub, emailConfirmed = :yes',
          when: 'attribute_not_exists(subject) AND #role = :supervisor',
          names: { '#role': 'role' },
          values: { ':iss': p.issuer, ':sub': p.subject, ':supervisor': 'supervisor', ':yes': true },
        }),
        { Delete: { Key: keys.invitation(p.email, orgId), ConditionExpression: 'attribute_exists(pk)' } },
        auditRecord(orgId, member, {
          action: 'member.edited',
          subject: memberSubject(member),
          changes: [{ field: 'invitation', before: p.email, after: 'accepted' }],
        }),
      ])
      return { orgId, userId }
    } catch (e) {
      if (!isConditionFailure(e)) throw e
      // Bound meanwhile (a concurrent choice of the same person): that binding stands.
      return system.findBySubject(p.issuer, p.subject)
    }
  },

  /**
   * A first sign-in with open invitations waits here for its person's choice: join one of them or
   * start their own organization. Kept 10 minutes under the hash of an id only the signing-in
   * browser holds (an HttpOnly cookie), with the identity the provider vouched for; nothing is
   * created until the choice.
   */
  signInChoices: {
    async save(choice: PendingSignIn): Promise<string> {
      const id = randomBytes(32).toString('base64url')
      await table.put({
        ...keys.signInChoice(sessionHash(id)),
        ...PendingSignIn.parse(choice),
        expire: epochSeconds() + SIGN_IN_CHOICE_SECONDS,
      })
      return id
    },
    async find(id: string): Promise<PendingSignIn | undefined> {
      const item = await table.get(keys.signInChoice(sessionHash(id)))
      if (!item || Number(item.expire) <= epochSeconds()) return undefined
      return PendingSignIn.parse(item)
    },
    /** Once the choice is made the same cookie chooses nothing more. */
    spend: (id: string) => table.delete(keys.signInChoice(sessionHash(id))),
  },

  /**
   * The supervisor account of a first sign-in: created with its organization, or, when another
   * first sign-in of the same person won the race, the winner's.
   */
  async createSupervisorOrFind(
    p: NewSupervisor,
    declined?: { email: string; invitations: OpenInvitation[] },
  ): Promise<Ref | undefined> {
    try {
      const { user } = await system.createSupervisorWithOrganization(p, declined)
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
    /**
     * Counts this attempt; `locked` when it is one too many, with the seconds until the lock ends
     * (`retryAfter`, from the lock's stored end).
     */
    async begin(
      username: string,
      address: string,
    ): Promise<{ locked: false; attempts: number } | { locked: true; attempts: number; retryAfter: number }> {
      const key = keys.loginAttempts(username, address)
      // Listed under the username too, so that erasing an organization finds its members' counters.
      const byName = { ':g': keys.loginAttemptsOf(username), ':a': address }
      const now = epochSeconds()
      let attempts: number
      // When the counter's item goes: the window's end, or from the lockout on, the lock's.
      let expire: number
      try {
        const out = await table.update(key, {
          UpdateExpression: 'ADD attempts :one SET expire = if_not_exists(expire, :window), gsi1pk = :g, gsi1sk = :a',
          ConditionExpression: 'attribute_not_exists(expire) OR expire > :now',
          ExpressionAttributeValues: { ':one': 1, ':window': now + ATTEMPT_WINDOW_SECONDS, ':now': now, ...byName },
          ReturnValues: 'ALL_NEW',
        })
        attempts = Number(out?.attempts)
        expire = Number(out?.expire)
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
        expire = now + ATTEMPT_WINDOW_SECONDS
      }
      if (attempts === LOCKOUT_AFTER + 1) {
        expire = now + LOCKOUT_SECONDS
        await table.update(key, {
          UpdateExpression: 'SET expire = :until',
          ExpressionAttributeValues: { ':until': expire },
        })
      }
      return attempts > LOCKOUT_AFTER
        ? { locked: true, attempts, retryAfter: retryAfterSeconds(expire, now) }
        : { locked: false, attempts }
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
