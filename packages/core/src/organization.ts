import * as z from 'zod'
import { defaultPayrollRules, PayrollRules } from './payroll.ts'
import { ApprovalSettings, defaultApprovalSettings } from './approvals.ts'
import { SetupGuide } from './settings.ts'
import { DAYS } from './week.ts'
import { dashedWords } from './words.ts'
import { PLAN_IDS } from './plans.ts'

export const SubscriptionStatus = z.enum([
  'trial',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>

export const Organization = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    logoUrl: z.string().nullable(),
    domain: z.string().nullable(),
    stripeCustomerId: z.string().nullable(),
    stripeSubscriptionId: z.string().nullable(),
    plan: z.enum(PLAN_IDS),
    subscriptionStatus: SubscriptionStatus,
    trialEndsAt: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    /** Whether the Stripe subscription has a payment method (from its webhook events); until then a Stripe trial keeps the trial's limits. */
    paymentMethodOnFile: z.boolean().default(false),
    /** IANA zone in which "this week" is computed (DESIGN.md section 5). */
    timeZone: z.string(),
    weekStartDay: z.enum(['monday', 'sunday']),
    /** Whether supervisors get an email with Approve and Decline links for each submission. */
    approvalEmails: z.boolean().default(true),
    /** The optional second approval (off by default). */
    approvals: ApprovalSettings.default(defaultApprovalSettings()),
    /** Settings → Notifications as stored (read through `notificationSettingsOf`); absent until saved. */
    notifications: z.unknown().optional(),
    /** Days normally worked (Settings → Organization); absent: Monday to Friday (`workingDaysOf`). */
    workingDays: z.array(z.enum(DAYS)).optional(),
    /** The setup guide's progress (Settings → Setup guide). */
    setupGuide: SetupGuide.optional(),
    /** The member whose first sign-in created it; absent on organizations stored before it was kept. */
    createdBy: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .extend(PayrollRules.shape)
export type Organization = z.infer<typeof Organization>

/**
 * An organization as its supervisor's first sign-in creates it: on our card-free trial, no Stripe
 * customer yet, weeks from Monday, approval emails on and the default payroll rules.
 */
export function newOrganization(p: {
  id: string
  name: string
  slug: string
  timeZone: string
  trialEndsAt: string
  now: string
  createdBy?: string
}): Organization {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    logoUrl: null,
    domain: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    plan: 'professional',
    subscriptionStatus: 'trial',
    trialEndsAt: p.trialEndsAt,
    currentPeriodEnd: null,
    paymentMethodOnFile: false,
    timeZone: p.timeZone,
    weekStartDay: 'monday',
    approvalEmails: true,
    approvals: defaultApprovalSettings(),
    ...defaultPayrollRules(),
    ...(p.createdBy ? { createdBy: p.createdBy } : {}),
    createdAt: p.now,
    updatedAt: p.now,
  }
}

/** Lower-case words joined by dashes, for a readable unique slug. */
export const slugify = (name: string) => dashedWords(name).slice(0, 40) || 'organization'
