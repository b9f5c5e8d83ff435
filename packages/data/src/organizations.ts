import {
  FINAL_APPROVERS_MESSAGE,
  badRequest,
  messages,
  notFound,
  Organization,
  PayrollRules,
  retryAfterSeconds,
  tooManyRequests,
  type ApprovalSettings,
  type PlanId,
  type SetupStep,
  type SetupStepState,
  type SubscriptionStatus,
} from '@app/core'
import { auditRecord, changesOf, systemActor, type Actor, type Person } from './audit.ts'
import { isConditionFailure, nowIso, table, type TransactInput } from './table.ts'
import { keys } from './keys.ts'
import { currentSupervisorCheck } from './users.ts'

/** What supervisors may change: the settings page's fields and the payroll settings. */
type Settings = Pick<
  Organization,
  'name' | 'logoUrl' | 'timeZone' | 'weekStartDay' | 'approvalEmails' | 'workingDays'
> &
  PayrollRules
const SETTINGS_FIELDS = [
  'name',
  'timeZone',
  'weekStartDay',
  'approvalEmails',
  'workingDays',
  ...(Object.keys(PayrollRules.shape) as (keyof PayrollRules)[]),
] as const

/** Coupon codes an organization may try in an hour (validating or subscribing with one). */
export const COUPON_ATTEMPTS_PER_HOUR = 10

const subject = { type: 'organization' } as const
const notFoundOrg = () => {
  throw notFound('organization')
}

export const organizationOf = (orgId: string) => ({
  async get(): Promise<Organization> {
    const item = await table.get(keys.organization(orgId))
    if (!item) throw notFound('organization')
    return Organization.parse(item)
  },

  /**
   * Changes the organization's own settings, payroll settings included (never its billing fields, which only webhooks write),
   * recording what changed (the logo apart from the rest), conditioned on the version read so the
   * record's before is what was replaced. Nothing changed, nothing written.
   */
  async updateSettings(changes: Partial<Settings>, by: Actor): Promise<Organization> {
    for (let attempt = 1; ; attempt++) {
      const current = Organization.parse(await table.get(keys.organization(orgId)).then((i) => i ?? notFoundOrg()))
      // Compared as JSON: a list (the working days) is unchanged when it holds the same days.
      const entries = Object.entries(changes).filter(
        ([k, v]) => v !== undefined && JSON.stringify(current[k as keyof Settings]) !== JSON.stringify(v),
      )
      if (!entries.length) return current
      const next = { ...current, ...Object.fromEntries(entries), updatedAt: nowIso() } as Organization
      const settings = changesOf<Organization>(current, next, SETTINGS_FIELDS)
      const logo = changesOf<Organization>(current, next, ['logoUrl'])
      const records: TransactInput[] = [
        ...(settings.length
          ? [auditRecord(orgId, by, { action: 'settings.changed', subject, changes: settings })]
          : []),
        ...(logo.length ? [auditRecord(orgId, by, { action: 'logo.changed', subject, changes: logo })] : []),
      ]
      try {
        await table.transact([
          {
            Update: {
              Key: keys.organization(orgId),
              UpdateExpression: `SET ${[...entries.map((_, i) => `#f${i} = :v${i}`), 'updatedAt = :now'].join(', ')}`,
              ConditionExpression: 'updatedAt = :read',
              ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
              ExpressionAttributeValues: {
                ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
                ':now': next.updatedAt,
                ':read': current.updatedAt,
              },
            },
          },
          ...records,
        ])
        return next
      } catch (e) {
        // Changed by someone else between the read and the write: read again (a few times).
        if (!isConditionFailure(e, 0) || attempt >= 3) throw e
      }
    }
  },

  /**
   * Marks one step of the setup guide done or skipped, kept on the organization so the guide resumes
   * where it stopped on any supervisor's device. Only that step changes: a concurrent mark of another
   * step is read again and kept. Progress, not a decision: no audit record.
   */
  async setSetupStep(step: SetupStep, state: SetupStepState): Promise<Organization> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.get()
      if (current.setupGuide?.[step] === state) return current
      const next: Organization = {
        ...current,
        setupGuide: { ...current.setupGuide, [step]: state },
        updatedAt: nowIso(),
      }
      try {
        await table.update(keys.organization(orgId), {
          UpdateExpression: 'SET setupGuide = :g, updatedAt = :now',
          ConditionExpression: 'updatedAt = :read',
          ExpressionAttributeValues: { ':g': next.setupGuide, ':now': next.updatedAt, ':read': current.updatedAt },
        })
        return next
      } catch (e) {
        if (!isConditionFailure(e) || attempt >= 3) throw e
      }
    }
  },

  /**
   * The second approval: every final approver must be a current supervisor when this
   * commits (else 400 on `finalApproverIds`); recorded as a settings change in the same transaction.
   */
  async setApprovals(approvals: ApprovalSettings, by: Person): Promise<ApprovalSettings> {
    const current = await this.get()
    const finalApproverIds = [...new Set(approvals.finalApproverIds)]
    const next = { twoStep: approvals.twoStep, finalApproverIds }
    const text = (a: ApprovalSettings) => a.finalApproverIds.join(', ')
    const changes = [
      { field: 'twoStep', before: current.approvals.twoStep, after: next.twoStep },
      { field: 'finalApproverIds', before: text(current.approvals), after: text(next) },
    ].filter((c) => c.before !== c.after)
    const refuse = () => badRequest(FINAL_APPROVERS_MESSAGE, { finalApproverIds: FINAL_APPROVERS_MESSAGE })
    try {
      await table.transact([
        {
          Update: {
            Key: keys.organization(orgId),
            UpdateExpression: 'SET approvals = :a, updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':a': next, ':now': nowIso() },
          },
        },
        ...finalApproverIds.map((id) => currentSupervisorCheck(orgId, id)),
        ...(changes.length ? [auditRecord(orgId, by, { action: 'settings.changed', subject, changes })] : []),
      ])
    } catch (e) {
      if (isConditionFailure(e, 0)) throw notFound('organization')
      if (isConditionFailure(e)) throw refuse()
      throw e
    }
    return next
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

  /**
   * Counts a coupon code tried by this organization and refuses the attempt past `limit` an
   * hour, so codes cannot be guessed by trying them one after another.
   */
  async countCouponAttempt(limit = COUPON_ATTEMPTS_PER_HOUR): Promise<void> {
    const now = Date.now()
    const hour = Math.floor(now / 3_600_000)
    try {
      await table.update(keys.couponAttempts(orgId, hour), {
        UpdateExpression: 'ADD attempts :one SET expire = if_not_exists(expire, :expire)',
        ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expire': (hour + 2) * 3600 },
      })
    } catch (e) {
      // The count starts again with the next hour.
      if (isConditionFailure(e))
        throw tooManyRequests(messages.couponAttemptsExceeded, retryAfterSeconds((hour + 1) * 3600, now / 1000))
      throw e
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
    paymentMethodOnFile?: boolean
  }): Promise<boolean> {
    const current = await table.get(keys.organization(orgId))
    const fields: Record<string, unknown> = {
      subscriptionStatus: event.status,
      stripeSubscriptionId: event.subscriptionId,
      currentPeriodEnd: event.currentPeriodEnd,
      paymentMethodOnFile: event.paymentMethodOnFile ?? false,
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
            Item: {
              ...keys.billingEvent(event.id),
              orgId,
              expire: Math.floor(Date.now() / 1000) + 90 * 86400,
              // Found again by the organization's erasure.
              gsi2pk: keys.orgBillingEvents(orgId),
              gsi2sk: event.id,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            Key: keys.organization(orgId),
            UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
            // Only the organization's current subscription (or its first) may change it: a late
            // event of one it replaced must not cancel the one it pays for now.
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(billingEventAt) OR billingEventAt <= :created)' +
              ' AND (attribute_not_exists(stripeSubscriptionId) OR attribute_type(stripeSubscriptionId, :null) OR stripeSubscriptionId = :subscription)',
            ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
            ExpressionAttributeValues: {
              ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
              ':created': event.created,
              ':null': 'NULL',
              ':subscription': event.subscriptionId,
            },
          },
        },
        auditRecord(orgId, systemActor('Stripe'), {
          action: 'billing.changed',
          subject,
          changes: changesOf(current ?? {}, fields, ['subscriptionStatus', 'plan', 'currentPeriodEnd']),
        }),
      ])
      return true
    } catch (e) {
      if (isConditionFailure(e)) return false
      throw e
    }
  },
})

/**
 * `organizationOf`, whose first `get()` answers `item`, the organization as this request already
 * read it with its session; any later `get()` reads again (the request may have changed it since).
 */
export const organizationRead = (orgId: string, item: Record<string, unknown> | undefined) => {
  const org = organizationOf(orgId)
  if (!item) return org
  let unread: Record<string, unknown> | undefined = item
  return {
    ...org,
    async get(): Promise<Organization> {
      if (!unread) return org.get()
      const read = unread
      unread = undefined
      return Organization.parse(read)
    },
  }
}
