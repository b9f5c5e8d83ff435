import { describe, expect, it } from 'vitest'
import { bannerState, daysLeft, type SubscriptionView } from './subscription.ts'

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
