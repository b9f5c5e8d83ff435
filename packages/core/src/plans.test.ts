import { describe, expect, it } from 'vitest'
import { DEFAULT_PLAN_ID, PLAN_IDS, planById, planForPriceId, plans, TRIAL_DAYS, yearlySavingPercent } from './plans.ts'

describe('plans', () => {
  it('has the spec prices, limits and branding (reading A: yearly is 20% off twelve months)', () => {
    expect(
      plans.map((p) => [p.id, p.name, p.monthlyPrice, p.yearlyPrice, p.memberLimit, p.customBranding, p.popular]),
    ).toEqual([
      ['starter', 'Starter', 17, 164, 10, false, false],
      ['professional', 'Professional', 37, 356, 50, true, true],
      ['enterprise', 'Enterprise', 67, 644, null, true, false],
    ])
  })

  it('describes each plan as the pricing page shows it', () => {
    expect(plans.map((p) => [p.description, p.features, p.limitations])).toEqual([
      [
        'For small churches getting started with timesheets',
        ['Up to 10 staff members', 'Weekly timesheets', 'Supervisor approvals', 'CSV exports for payroll'],
        ['Limited reporting', 'No custom branding'],
      ],
      [
        'For growing ministries with several teams',
        [
          'Up to 50 staff members',
          'Custom branding',
          'Advanced reporting',
          'Priority support',
          'Everything in Starter',
        ],
        [],
      ],
      [
        'For large churches and multi-site ministries',
        [
          'Unlimited staff members',
          'API access',
          'Dedicated support',
          'Custom integrations',
          'Everything in Professional',
        ],
        [],
      ],
    ])
  })

  it('offers a 14-day trial of Professional', () => {
    expect(TRIAL_DAYS).toBe(14)
    expect(DEFAULT_PLAN_ID).toBe('professional')
  })

  it('finds a plan by id', () => {
    for (const p of plans) expect(planById(p.id)).toBe(p)
  })

  it('has one plan for each id an organization or a subscription may name, in the same order', () => {
    expect(plans.map((p) => p.id)).toEqual(PLAN_IDS)
  })

  it('maps each checkout price id to its plan and period, and unknown ones to Professional monthly', () => {
    expect(plans.map((p) => p.priceIds)).toEqual([
      { monthly: 'price_starter_monthly', yearly: 'price_starter_yearly' },
      { monthly: 'price_professional_monthly', yearly: 'price_professional_yearly' },
      { monthly: 'price_enterprise_monthly', yearly: 'price_enterprise_yearly' },
    ])
    for (const p of plans) {
      expect(planForPriceId(p.priceIds.monthly)).toEqual({ plan: p, period: 'monthly' })
      expect(planForPriceId(p.priceIds.yearly)).toEqual({ plan: p, period: 'yearly' })
    }
    for (const unknown of ['price_other', '', null, undefined]) {
      expect(planForPriceId(unknown)).toEqual({ plan: planById('professional'), period: 'monthly' })
    }
  })

  it('rounds the yearly saving to a whole percent', () => {
    expect(plans.map(yearlySavingPercent)).toEqual([20, 20, 20])
    expect(yearlySavingPercent({ ...plans[0]!, monthlyPrice: 10, yearlyPrice: 100 })).toBe(17)
    expect(yearlySavingPercent({ ...plans[0]!, monthlyPrice: 10, yearlyPrice: 115 })).toBe(4)
  })
})
