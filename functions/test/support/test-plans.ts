import type { PlanId } from '@app/core'
import { keys, table } from '@app/data/testing'

/**
 * An organization's subscription set straight in the table, as Stripe's webhook would leave it:
 * active on `plan`, and its member counter at `memberCount` when given (a plan's limit reached
 * without adding that many members).
 */
export const onPlan = (orgId: string, plan: PlanId, memberCount?: number) =>
  table.update(keys.organization(orgId), {
    UpdateExpression: `SET subscriptionStatus = :s, #p = :p${memberCount === undefined ? '' : ', memberCount = :c'}`,
    ExpressionAttributeNames: { '#p': 'plan' },
    ExpressionAttributeValues: {
      ':s': 'active',
      ':p': plan,
      ...(memberCount === undefined ? {} : { ':c': memberCount }),
    },
  })

/** The organization's free trial ended a second ago, with no subscription after it. */
export const endTrial = (orgId: string) =>
  table.update(keys.organization(orgId), {
    UpdateExpression: 'SET trialEndsAt = :t',
    ExpressionAttributeValues: { ':t': new Date(Date.now() - 1000).toISOString() },
  })
