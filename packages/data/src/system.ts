import { randomBytes, randomUUID } from 'node:crypto'
import { slugify, TRIAL_DAYS, type Organization, type User } from '@app/core'
import { keys } from './keys.ts'
import { epochSeconds, isConditionFailure, nowIso, table } from './table.ts'

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
}

const LOCKOUT_AFTER = 10
const LOCKOUT_SECONDS = 15 * 60
/** Failures within this window count towards the lockout. */
const FAILURE_WINDOW_SECONDS = 15 * 60

export const system = {
  findBySubject: async (issuer: string, subject: string) => ref(await table.get(keys.subject(issuer, subject))),
  findByUsername: async (username: string) => ref(await table.get(keys.username(username))),

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
    const organization: Organization = {
      id: orgId,
      name,
      slug: `${slugify(`${p.firstName} ${p.lastName}`)}-${randomBytes(3).toString('hex')}`,
      logoUrl: null,
      domain: null,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      plan: 'professional',
      subscriptionStatus: 'trial',
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString(),
      currentPeriodEnd: null,
      timeZone: p.timeZone,
      weekStartDay: 'monday',
      approvalEmails: true,
      createdAt: now,
      updatedAt: now,
    }
    const user: User = {
      id: userId,
      organizationId: orgId,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      profileImageUrl: p.profileImageUrl,
      department: null,
      role: 'supervisor',
      supervisorId: null,
      username: null,
      authType: 'oidc',
      createdAt: now,
      updatedAt: now,
    }
    const notExists = { ConditionExpression: 'attribute_not_exists(pk)' }
    await table.transact([
      { Put: { Item: { ...keys.subject(p.issuer, p.subject), orgId, userId }, ...notExists } },
      { Put: { Item: { ...keys.organization(orgId), ...organization, memberCount: 1 }, ...notExists } },
      { Put: { Item: { ...keys.orgSlug(organization.slug), orgId }, ...notExists } },
      { Put: { Item: { ...keys.user(orgId, userId), ...user, issuer: p.issuer, subject: p.subject }, ...notExists } },
      ...(p.email ? [{ Put: { Item: { ...keys.userEmail(orgId, p.email), userId }, ...notExists } }] : []),
    ])
    return { user, organization }
  },

  /** Failed staff sign-ins per username: refused for 15 minutes after 10 within 15 minutes. */
  loginFailures: {
    async lockedFor(username: string): Promise<{ locked: boolean; failures: number }> {
      const item = await table.get(keys.loginFailures(username))
      const now = epochSeconds()
      if (!item || Number(item.expire) <= now) return { locked: false, failures: 0 }
      const failures = Number(item.failures)
      return { locked: failures >= LOCKOUT_AFTER && Number(item.lockedUntil ?? 0) > now, failures }
    },
    async record(username: string) {
      const now = epochSeconds()
      try {
        const out = await table.update(keys.loginFailures(username), {
          UpdateExpression: 'ADD failures :one SET expire = if_not_exists(expire, :window)',
          ConditionExpression: 'attribute_not_exists(expire) OR expire > :now',
          ExpressionAttributeValues: { ':one': 1, ':window': now + FAILURE_WINDOW_SECONDS, ':now': now },
          ReturnValues: 'ALL_NEW',
        })
        if (Number(out?.failures) >= LOCKOUT_AFTER) {
          await table.update(keys.loginFailures(username), {
            UpdateExpression: 'SET lockedUntil = :until, expire = :until',
            ExpressionAttributeValues: { ':until': now + LOCKOUT_SECONDS },
          })
        }
      } catch (e) {
        if (!isConditionFailure(e)) throw e
        // The previous window ended: start a new one.
        await table.put({ ...keys.loginFailures(username), failures: 1, expire: now + FAILURE_WINDOW_SECONDS })
      }
    },
    clear: (username: string) => table.delete(keys.loginFailures(username)),
  },

  /** PKCE verifier, nonce and return path of a sign-in in flight, single use, 10 minutes. */
  authRequests: {
    async save(state: string, data: { codeVerifier: string; nonce: string; returnTo: string; timeZone: string }) {
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
      }
    },
  },
}
