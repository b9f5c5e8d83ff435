import { notFound, Organization, type PlanId, type SubscriptionStatus } from '@app/core'
import { isConditionFailure, nowIso, table } from './table.ts'
import { keys } from './keys.ts'

export const organizationOf = (orgId: string) => ({
  async get(): Promise<Organization> {
    const item = await table.get(keys.organization(orgId))
    if (!item) throw notFound('organization')
    return Organization.parse(item)
  },

  /** Changes the organization's own settings (never its billing fields, which only webhooks write). */
  async updateSettings(
    changes: Partial<Pick<Organization, 'name' | 'logoUrl' | 'timeZone' | 'weekStartDay' | 'approvalEmails'>>,
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
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(billingEventAt) OR billingEventAt <= :created)',
            ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
            ExpressionAttributeValues: {
              ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
              ':created': event.created,
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
