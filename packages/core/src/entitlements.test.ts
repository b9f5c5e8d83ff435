import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  assertCanAddMember,
  assertCanBrand,
  EMAIL_DAILY_LIMIT,
  emailDailyLimit,
  entitlements,
  TRIAL_EMAIL_DAILY_LIMIT,
  type Entitlements,
} from './entitlements.ts'
import { AppError } from './errors.ts'
import { SubscriptionStatus, type Organization } from './organization.ts'
import { planById, plans, type PlanId } from './plans.ts'

const now = new Date('2026-11-21T12:00:00.000Z')
type Billing = Pick<Organization, 'plan' | 'subscriptionStatus' | 'trialEndsAt' | 'paymentMethodOnFile'>
const org = (o: Partial<Billing>): Billing => ({
  plan: 'starter',
  subscriptionStatus: 'active',
  trialEndsAt: null,
  paymentMethodOnFile: true,
  ...o,
})

/** The AppError a call throws, or undefined. */
const thrown = (f: () => void): AppError | undefined => {
  try {
    f()
    return undefined
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
}

const standing =
  'Your free trial has ended or your subscription needs attention. Update your payment information to continue.'

describe('entitlements', () => {
  it('gives a trial Professional limits, whatever plan is recorded', () => {
    const e = entitlements(
      org({ plan: 'starter', subscriptionStatus: 'trial', trialEndsAt: '2026-11-30T00:00:00Z' }),
      now,
    )
    expect(e).toEqual({ plan: planById('professional'), inGoodStanding: true, memberLimit: 50, customBranding: true })
  })

  it("keeps a Stripe trial without a payment method at the trial's limits, whatever plan it names", () => {
    for (const plan of ['starter', 'professional', 'enterprise'] as const) {
      const unpaid = entitlements(org({ plan, subscriptionStatus: 'trialing', paymentMethodOnFile: false }), now)
      expect(unpaid).toEqual({
        plan: planById('professional'),
        inGoodStanding: true,
        memberLimit: 50,
        customBranding: true,
      })
      // A card attached, or the subscription active, and the chosen plan's limits apply.
      const carded = entitlements(org({ plan, subscriptionStatus: 'trialing', paymentMethodOnFile: true }), now)
      expect(carded.plan).toEqual(planById(plan))
      const paid = entitlements(org({ plan, subscriptionStatus: 'active', paymentMethodOnFile: false }), now)
      expect(paid.plan).toEqual(planById(plan))
    }
  })

  it('ends a trial at its exact end instant', () => {
    const at = (trialEndsAt: string | null) =>
      entitlements(org({ subscriptionStatus: 'trial', trialEndsAt }), now).inGoodStanding
    expect(at('2026-11-21T12:00:00.001Z')).toBe(true)
    expect(at('2026-11-21T12:00:00.000Z')).toBe(false)
    expect(at('2026-11-21T11:59:59.999Z')).toBe(false)
    expect(at(null)).toBe(false)
  })

  it('uses the recorded plan for a subscription', () => {
    for (const id of ['starter', 'professional', 'enterprise'] as PlanId[]) {
      const e = entitlements(org({ plan: id, subscriptionStatus: 'active' }), now)
      expect(e.plan.id).toBe(id)
      expect(e.memberLimit).toBe(planById(id).memberLimit)
      expect(e.customBranding).toBe(planById(id).customBranding)
    }
  })

  it('counts only trialing and active subscriptions (and a running trial) in good standing', () => {
    const good = SubscriptionStatus.options.filter(
      (s) => entitlements(org({ subscriptionStatus: s, trialEndsAt: '2027-01-01T00:00:00Z' }), now).inGoodStanding,
    )
    expect(good).toEqual(['trial', 'trialing', 'active'])
  })

  it('ignores the trial end of a paid subscription and reads the clock when no time is given', () => {
    expect(
      entitlements(org({ subscriptionStatus: 'active', trialEndsAt: '2000-01-01T00:00:00Z' }), now).inGoodStanding,
    ).toBe(true)
    expect(entitlements(org({ subscriptionStatus: 'trial', trialEndsAt: '2999-01-01T00:00:00Z' })).inGoodStanding).toBe(
      true,
    )
    expect(entitlements(org({ subscriptionStatus: 'trial', trialEndsAt: '2001-01-01T00:00:00Z' })).inGoodStanding).toBe(
      false,
    )
  })
})

const ent = (plan: PlanId, inGoodStanding = true): Entitlements => {
  const p = planById(plan)
  return { plan: p, inGoodStanding, memberLimit: p.memberLimit, customBranding: p.customBranding }
}

describe('assertCanAddMember', () => {
  it('adds up to the limit and refuses the member that would go past it, naming the next plan', () => {
    expect(thrown(() => assertCanAddMember(ent('starter'), 9))).toBeUndefined()
    const e = thrown(() => assertCanAddMember(ent('starter'), 10))
    expect(e?.status).toBe(402)
    expect(e?.code).toBe('payment_required')
    expect(e?.message).toBe('Your Starter plan allows up to 10 members. Upgrade to Professional to add more.')
    expect(thrown(() => assertCanAddMember(ent('professional'), 49))).toBeUndefined()
    expect(thrown(() => assertCanAddMember(ent('professional'), 50))?.message).toBe(
      'Your Professional plan allows up to 50 members. Upgrade to Enterprise to add more.',
    )
    expect(thrown(() => assertCanAddMember(ent('starter'), 11))?.message).toContain('Upgrade to Professional')
    expect(thrown(() => assertCanAddMember(ent('starter'), 60))?.message).toContain('Upgrade to Enterprise')
    // A Starter organization that kept members from a bigger plan: the plan that fits them all.
    expect(thrown(() => assertCanAddMember(ent('starter'), 49))?.message).toContain('Upgrade to Professional')
    expect(thrown(() => assertCanAddMember(ent('starter'), 50))?.message).toContain('Upgrade to Enterprise')
  })

  it('never limits Enterprise', () =>
    fc.assert(
      fc.property(fc.nat(), (n) => {
        expect(thrown(() => assertCanAddMember(ent('enterprise'), n))).toBeUndefined()
      }),
    ))

  it('allows exactly the members below the limit, for every limited plan', () =>
    fc.assert(
      fc.property(fc.constantFrom<PlanId>('starter', 'professional'), fc.nat(200), (plan, n) => {
        expect(thrown(() => assertCanAddMember(ent(plan), n)) === undefined).toBe(n < planById(plan).memberLimit!)
      }),
    ))

  it('asks for payment first when the organization is not in good standing', () => {
    for (const plan of ['starter', 'enterprise'] as PlanId[]) {
      const e = thrown(() => assertCanAddMember(ent(plan, false), 0))
      expect([e?.status, e?.message]).toEqual([402, standing])
    }
  })
})

describe('assertCanBrand', () => {
  it('allows branding on Professional and Enterprise in good standing', () => {
    expect(thrown(() => assertCanBrand(ent('professional')))).toBeUndefined()
    expect(thrown(() => assertCanBrand(ent('enterprise')))).toBeUndefined()
  })

  it('refuses Starter with an upgrade message, and any plan not in good standing with a payment one', () => {
    const e = thrown(() => assertCanBrand(ent('starter')))
    expect([e?.status, e?.code, e?.message]).toEqual([
      403,
      'forbidden',
      'Custom branding is not included in the Starter plan. Upgrade to Professional to use your own logo and name.',
    ])
    const lapsed = thrown(() => assertCanBrand(ent('professional', false)))
    expect([lapsed?.status, lapsed?.message]).toEqual([402, standing])
  })

  it('agrees with the plan table', () => {
    for (const p of plans) expect(thrown(() => assertCanBrand(ent(p.id))) === undefined).toBe(p.customBranding)
  })
})

describe('emailDailyLimit', () => {
  it('gives an unpaid trial far fewer emails a day than a paying organization', () => {
    expect(emailDailyLimit({ subscriptionStatus: 'trial' })).toBe(TRIAL_EMAIL_DAILY_LIMIT)
    expect(emailDailyLimit({ subscriptionStatus: 'trialing' })).toBe(TRIAL_EMAIL_DAILY_LIMIT)
    expect(emailDailyLimit({ subscriptionStatus: 'trialing', paymentMethodOnFile: true })).toBe(EMAIL_DAILY_LIMIT)
    expect(emailDailyLimit({ subscriptionStatus: 'active' })).toBe(EMAIL_DAILY_LIMIT)
    expect(TRIAL_EMAIL_DAILY_LIMIT).toBe(50)
    expect(EMAIL_DAILY_LIMIT).toBe(300)
  })

  it('never gives a trial more than a paying organization, whatever its status', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SubscriptionStatus.options), fc.boolean(), (status, card) => {
        const limit = emailDailyLimit({ subscriptionStatus: status, paymentMethodOnFile: card })
        expect(limit).toBeLessThanOrEqual(EMAIL_DAILY_LIMIT)
        expect(limit).toBeGreaterThanOrEqual(TRIAL_EMAIL_DAILY_LIMIT)
      }),
    )
  })
})
