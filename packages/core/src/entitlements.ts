import { paymentRequired, forbidden } from './errors.ts'
import type { Organization } from './organization.ts'
import { planById, plans, type Plan } from './plans.ts'

/**
 * What an organization may do now, read from its plan and subscription status in one place
 * (DESIGN.md section 5). A trial has Professional's limits. When a trial has ended without a
 * subscription, or a subscription has lapsed, timesheets stay readable and submittable but
 * adding members and branding are blocked until billing is fixed. A Stripe subscription still in
 * its trial without a payment method keeps the trial's (Professional's) limits whatever plan it
 * names, until a card is attached or it is active (no Enterprise unpaid).
 */
export interface Entitlements {
  plan: Plan
  inGoodStanding: boolean
  memberLimit: number | null
  customBranding: boolean
}

const goodStatuses = new Set(['trialing', 'active'])

export const entitlements = (
  org: Pick<Organization, 'plan' | 'subscriptionStatus' | 'trialEndsAt'> & { paymentMethodOnFile?: boolean },
  now = new Date(),
): Entitlements => {
  const onTrial = org.subscriptionStatus === 'trial'
  const unpaidTrial = onTrial || (org.subscriptionStatus === 'trialing' && !org.paymentMethodOnFile)
  const plan = unpaidTrial ? planById('professional') : planById(org.plan)
  const inGoodStanding = onTrial
    ? org.trialEndsAt !== null && Date.parse(org.trialEndsAt) > now.getTime()
    : goodStatuses.has(org.subscriptionStatus)
  return { plan, inGoodStanding, memberLimit: plan.memberLimit, customBranding: plan.customBranding }
}

const standingMessage =
  'Your free trial has ended or your subscription needs attention. Update your payment information to continue.'

/** The first plan that allows `members` members; Enterprise has no limit, so there always is one. */
const planFor = (members: number) => plans.find((p) => p.memberLimit === null || p.memberLimit >= members)!

export const assertCanAddMember = (e: Entitlements, currentMembers: number) => {
  if (!e.inGoodStanding) throw paymentRequired(standingMessage)
  if (e.memberLimit !== null && currentMembers >= e.memberLimit) {
    throw paymentRequired(
      `Your ${e.plan.name} plan allows up to ${e.memberLimit} members. Upgrade to ${planFor(currentMembers + 1).name} to add more.`,
    )
  }
}

export const assertCanBrand = (e: Entitlements) => {
  if (!e.inGoodStanding) throw paymentRequired(standingMessage)
  if (!e.customBranding)
    throw forbidden(
      `Custom branding is not included in the ${e.plan.name} plan. Upgrade to Professional to use your own logo and name.`,
    )
}

/**
 * Emails one organization may send per UTC day. Every tenant sends from our one SES identity, so
 * one organization mailing people thousands of times could get sending paused for all of them.
 * An unpaid trial (anyone can start one) gets far fewer. Over the quota, emails wait in
 * the outbox for the next day; the change that queued them is never refused.
 */
export const EMAIL_DAILY_LIMIT = 300
export const TRIAL_EMAIL_DAILY_LIMIT = 50

export const emailDailyLimit = (
  org: Pick<Organization, 'subscriptionStatus'> & { paymentMethodOnFile?: boolean },
): number =>
  org.subscriptionStatus === 'trial' || (org.subscriptionStatus === 'trialing' && !org.paymentMethodOnFile)
    ? TRIAL_EMAIL_DAILY_LIMIT
    : EMAIL_DAILY_LIMIT
