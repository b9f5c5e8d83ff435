import { describe, expect, it } from 'vitest'
import { bannerState, daysLeft, subscriptionView, type SubscriptionView } from './subscription.ts'

const now = new Date('2026-11-21T12:00:00Z')
const view = (v: Partial<SubscriptionView>): SubscriptionView => ({
  hasSubscription: true,
  status: 'trialing',
  trialEndsAt: null,
  currentPeriodEnd: null,
  plan: 'professional',
  ...v,
})

describe('daysLeft', () => {
  it('rounds up partial days', () => {
    expect(daysLeft('2026-11-21T12:00:01Z', now)).toBe(1)
    expect(daysLeft('2026-11-22T12:00:00Z', now)).toBe(1)
    expect(daysLeft('2026-11-22T12:00:01Z', now)).toBe(2)
    expect(daysLeft('2026-12-05T12:00:00Z', now)).toBe(14)
    expect(daysLeft('2026-11-21T11:00:00Z', now)).toBe(-0)
  })
})

describe('bannerState', () => {
  it('offers a trial when there is no subscription', () => {
    expect(bannerState(view({ hasSubscription: false, status: 'canceled' }), now)).toEqual({ kind: 'none' })
  })
  it('shows days left in a trial', () => {
    expect(bannerState(view({ trialEndsAt: '2026-11-25T00:00:00Z' }), now)).toEqual({ kind: 'trialing', daysLeft: 4 })
  })
  it('needs attention when the trial has ended', () => {
    expect(bannerState(view({ trialEndsAt: '2026-11-20T00:00:00Z' }), now)).toEqual({ kind: 'attention' })
  })
  it('shows the next billing date when active', () => {
    expect(bannerState(view({ status: 'active', currentPeriodEnd: '2026-12-21T00:00:00Z' }), now)).toEqual({
      kind: 'active',
      nextBilling: '2026-12-21T00:00:00Z',
    })
  })
  it.each(['past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'])(
    'needs attention when %s',
    (status) => {
      expect(bannerState(view({ status }), now)).toEqual({ kind: 'attention' })
    },
  )
})

describe('subscriptionView', () => {
  const org = {
    subscriptionStatus: 'active' as const,
    stripeSubscriptionId: 'sub_1',
    trialEndsAt: null,
    currentPeriodEnd: '2026-12-21T00:00:00Z',
    plan: 'starter' as const,
  }

  it('answers a Stripe subscription as it is', () => {
    expect(subscriptionView(org)).toEqual({
      hasSubscription: true,
      status: 'active',
      trialEndsAt: null,
      currentPeriodEnd: '2026-12-21T00:00:00Z',
      plan: 'starter',
    })
    expect(subscriptionView({ ...org, subscriptionStatus: 'past_due' }).status).toBe('past_due')
    expect(subscriptionView({ ...org, stripeSubscriptionId: null }).hasSubscription).toBe(false)
  })

  it("reads our card-free trial as 'trialing', a subscription while it has an end date", () => {
    const trial = {
      ...org,
      subscriptionStatus: 'trial' as const,
      stripeSubscriptionId: null,
      trialEndsAt: '2026-12-01T00:00:00Z',
    }
    expect(subscriptionView(trial)).toEqual({
      hasSubscription: true,
      status: 'trialing',
      trialEndsAt: '2026-12-01T00:00:00Z',
      currentPeriodEnd: '2026-12-21T00:00:00Z',
      plan: 'starter',
    })
    expect(subscriptionView({ ...trial, trialEndsAt: null }).hasSubscription).toBe(false)
    expect(subscriptionView({ ...trial, trialEndsAt: null, stripeSubscriptionId: 'sub_1' }).hasSubscription).toBe(false)
  })
})

describe('trial boundary', () => {
  it('shows the trial until its last millisecond, then needs attention', () => {
    expect(bannerState(view({ trialEndsAt: '2026-11-21T12:00:00.001Z' }), now)).toEqual({
      kind: 'trialing',
      daysLeft: 1,
    })
    expect(bannerState(view({ trialEndsAt: '2026-11-21T12:00:00.000Z' }), now)).toEqual({ kind: 'attention' })
    expect(bannerState(view({ trialEndsAt: null }), now)).toEqual({ kind: 'attention' })
    expect(bannerState(view({ status: 'active', trialEndsAt: '2026-11-25T00:00:00Z' }), now)).toEqual({
      kind: 'active',
      nextBilling: null,
    })
  })

  it('reads the clock when no time is given', () => {
    expect(daysLeft('2999-01-01T00:00:00Z')).toBeGreaterThan(0)
    expect(bannerState(view({ trialEndsAt: '2999-01-01T00:00:00Z' })).kind).toBe('trialing')
    expect(bannerState(view({ trialEndsAt: '2001-01-01T00:00:00Z' })).kind).toBe('attention')
  })
})
