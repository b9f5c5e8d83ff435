import type { Organization } from './organization.ts'
import type { PlanId } from './plans.ts'

/** What GET /api/subscription/status answers (spec section 3), plus the plan. */
export interface SubscriptionView {
  hasSubscription: boolean
  status: string
  trialEndsAt: string | null
  currentPeriodEnd: string | null
  plan: PlanId
}

/** Our own card-free trial reads as 'trialing', as a Stripe trial does. */
export const subscriptionView = (
  org: Pick<Organization, 'subscriptionStatus' | 'stripeSubscriptionId' | 'trialEndsAt' | 'currentPeriodEnd' | 'plan'>,
): SubscriptionView => ({
  hasSubscription: org.subscriptionStatus === 'trial' ? org.trialEndsAt !== null : org.stripeSubscriptionId !== null,
  status: org.subscriptionStatus === 'trial' ? 'trialing' : org.subscriptionStatus,
  trialEndsAt: org.trialEndsAt,
  currentPeriodEnd: org.currentPeriodEnd,
  plan: org.plan,
})

/** Whole days until `end`, rounded up (spec section 4); negative once past. */
export const daysLeft = (end: string, now = new Date()) => Math.ceil((Date.parse(end) - now.getTime()) / 86_400_000)

export type BannerState =
  | { kind: 'none' }
  | { kind: 'trialing'; daysLeft: number }
  | { kind: 'active'; nextBilling: string | null }
  | { kind: 'attention' }

/** The supervisor's subscription banner (spec section 4). An expired trial needs attention. */
export const bannerState = (view: SubscriptionView, now = new Date()): BannerState => {
  if (!view.hasSubscription) return { kind: 'none' }
  if (view.status === 'trialing' && view.trialEndsAt && daysLeft(view.trialEndsAt, now) > 0) {
    return { kind: 'trialing', daysLeft: daysLeft(view.trialEndsAt, now) }
  }
  if (view.status === 'active') return { kind: 'active', nextBilling: view.currentPeriodEnd }
  return { kind: 'attention' }
}
