import {
  messages,
  notFound,
  Organization,
  tooManyRequests,
  type PayrollRules,
  type PlanId,
  type SubscriptionStatus,
} from '@app/core'
import { isConditionFailure, nowIso, table } from './table.ts'
import { keys } from './keys.ts'

/** Coupon codes an organization may try in an hour (validating or subscribing with one). */
export const COUPON_ATTEMPTS_PER_HOUR = 10

export const organizationOf = (orgId: string) => ({
  async get(): Promise<Organization> {
    const item = await table.get(keys.organization(orgId))
    if (!item) throw notFound('organization')
    return Organization.parse(item)
  },

  /**
   * Changes the organization's own settings, payroll settings included (never its billing fields,
   * which only webhooks write).
   */
  async updateSettings(
    changes: Partial<Pick<Organization, 'name' | 'logoUrl' | 'timeZone' | 'weekStartDay' | 'approvalEmails'>> &
      Partial<PayrollRules>,
  ): Promise<Organization> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined)
    const names = Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k]))
    const values = Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v]))
    const out = await table.update(keys.organization(orgId), {
      UpdateExpression: `SET ${[...entries.map((_, i) => `#f${i} = :v${i}`), 'updatedAt = :now'].join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: { ...values, ':now': nowIso() },
      ReturnValues: 'ALL_NEW',
    })
    return Organization.parse(out)
  },

  /** Remembers the Stripe customer; the first one saved wins, so a retry reuses it. */
  async setStripeCustomer(customerId: string): Promise<string> {
    try {
      await table.update(keys.organization(orgId), {
        UpdateExpression: 'SET stripeCustomerId = :c, updatedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :null)',
        ExpressionAttributeValues: { ':c': customerId, ':now': nowIso(), ':null': null },
      })
      return customerId
    } catch (e) {
      if (!isConditionFailure(e)) throw e
      const org = Organization.parse(await table.get(keys.organization(orgId)))
      return org.stripeCustomerId!
    }
  },

  /**
   * Counts a coupon code tried by this organization and refuses the attempt past `limit` an
   * hour, so codes cannot be guessed by trying them one after another.
   */
  async countCouponAttempt(limit = COUPON_ATTEMPTS_PER_HOUR): Promise<void> {
    const hour = Math.floor(Date.now() / 3_600_000)
    try {
      await table.update(keys.couponAttempts(orgId, hour), {
        UpdateExpression: 'ADD attempts :one SET expire = if_not_exists(expire, :expire)',
        ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expire': (hour + 2) * 3600 },
      })
    } catch (e) {
      if (isConditionFailure(e)) throw tooManyRequests(messages.couponAttemptsExceeded)
      throw e
    }
  },

  async setStripeSubscription(subscriptionId: string) {
    await table.update(keys.organization(orgId), {
      UpdateExpression: 'SET stripeSubscriptionId = :s, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':s': subscriptionId, ':now': nowIso() },
    })
  },

  /**
   * Applies a billing event once, and only if it is newer than the last one applied: a replayed
   * event or one delivered out of order changes nothing. Answers whether it was applied.
   */
  async applyBillingEvent(event: {
    id: string
    created: number
    status: SubscriptionStatus
    plan?: PlanId
    subscriptionId: string
    currentPeriodEnd: string | null
    trialEndsAt: string | null
  }): Promise<boolean> {
    const fields: Record<string, unknown> = {
      subscriptionStatus: event.status,
      stripeSubscriptionId: event.subscriptionId,
      currentPeriodEnd: event.currentPeriodEnd,
      billingEventAt: event.created,
      updatedAt: nowIso(),
      ...(event.plan ? { plan: event.plan } : {}),
      ...(event.trialEndsAt ? { trialEndsAt: event.trialEndsAt } : {}),
    }
    const entries = Object.entries(fields)
    try {
      await table.transact([
        {
          Put: {
            Item: { ...keys.billingEvent(event.id), orgId, expire: Math.floor(Date.now() / 1000) + 90 * 86400 },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            Key: keys.organization(orgId),
            UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
            // Only the organization's current subscription (or its first) may change it: a late
            // event of one it replaced must not cancel the one it pays for now.
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(billingEventAt) OR billingEventAt <= :created)' +
              ' AND (attribute_not_exists(stripeSubscriptionId) OR attribute_type(stripeSubscriptionId, :null) OR stripeSubscriptionId = :subscription)',
            ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
            ExpressionAttributeValues: {
              ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
              ':created': event.created,
              ':null': 'NULL',
              ':subscription': event.subscriptionId,
            },
          },
        },
      ])
      return true
    } catch (e) {
      if (isConditionFailure(e)) return false
      throw e
    }
  },
})
