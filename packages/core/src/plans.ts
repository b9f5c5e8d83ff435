/**
 * The plans, defined once (DESIGN.md section 5: reading A of the spec's prices).
 * Pricing and checkout both read them; the server enforces the limits.
 */
export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const
export type PlanId = (typeof PLAN_IDS)[number]
export type BillingPeriod = 'monthly' | 'yearly'

export interface Plan {
  id: PlanId
  name: string
  monthlyPrice: number
  yearlyPrice: number
  description: string
  features: string[]
  limitations: string[]
  popular: boolean
  /** Maximum members; null means unlimited. */
  memberLimit: number | null
  customBranding: boolean
  priceIds: Record<BillingPeriod, string>
}

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPrice: 17,
    yearlyPrice: 164,
    description: 'For small churches getting started with timesheets',
    features: ['Up to 10 staff members', 'Weekly timesheets', 'Supervisor approvals', 'CSV exports for payroll'],
    limitations: ['Limited reporting', 'No custom branding'],
    popular: false,
    memberLimit: 10,
    customBranding: false,
    priceIds: { monthly: 'price_starter_monthly', yearly: 'price_starter_yearly' },
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: 37,
    yearlyPrice: 356,
    description: 'For growing ministries with several teams',
    features: [
      'Up to 50 staff members',
      'Custom branding',
      'Advanced reporting',
      'Priority support',
      'Everything in Starter',
    ],
    limitations: [],
    popular: true,
    memberLimit: 50,
    customBranding: true,
    priceIds: { monthly: 'price_professional_monthly', yearly: 'price_professional_yearly' },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: 67,
    yearlyPrice: 644,
    description: 'For large churches and multi-site ministries',
    features: [
      'Unlimited staff members',
      'API access',
      'Dedicated support',
      'Custom integrations',
      'Everything in Professional',
    ],
    limitations: [],
    popular: false,
    memberLimit: null,
    customBranding: true,
    priceIds: { monthly: 'price_enterprise_monthly', yearly: 'price_enterprise_yearly' },
  },
]

export const TRIAL_DAYS = 14
export const DEFAULT_PLAN_ID: PlanId = 'professional'

export const planById = (id: PlanId): Plan => plans.find((p) => p.id === id)!

/** The plan a checkout price id belongs to; unknown ids fall back to Professional (spec section 5). */
export const planForPriceId = (priceId: string | null | undefined): { plan: Plan; period: BillingPeriod } => {
  for (const plan of plans) {
    for (const period of ['monthly', 'yearly'] as const) {
      if (plan.priceIds[period] === priceId) return { plan, period }
    }
  }
  return { plan: planById(DEFAULT_PLAN_ID), period: 'monthly' }
}

/** "Save 20%": the yearly price against twelve monthly ones, rounded. */
export const yearlySavingPercent = (plan: Plan) => Math.round((1 - plan.yearlyPrice / (plan.monthlyPrice * 12)) * 100)
