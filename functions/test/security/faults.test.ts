import { randomUUID } from 'node:crypto'
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clients } from '@app/adapters'
import { outbox, system } from '@app/data'
import { keys, makeEmailDue, table } from '@app/data/testing'
import { callRoute, type TestRequest } from '../support/test-event.ts'
import { inbox } from '../support/test-inbox.ts'
import { useStripeDouble } from '../support/test-stripe.ts'
import { whileUnreachable } from '../support/unreachable.ts'
import { retryDueEmails } from '../../src/workflows/mailer.ts'
import { renderStored } from '../../src/views/templates.ts'
import { expectNothingInternal, expectUnavailable, type Answer } from './support/checks.ts'
import { busyOrDown, isTransaction, isWrite, serviceError, whileFailing, type Dependency } from './support/faults.ts'
import { figuresFor } from './support/figures.ts'
import { manifest, routes, type Route, type RouteKey } from './support/manifest.ts'
import { makeTenant, ownerRequest, type Tenant } from './support/world.ts'

/**
 * Dependencies failing under every route: DynamoDB throttled or down, S3, SES and Cognito busy or
 * unreachable, Stripe unreachable. The answer is a plain 503 (or the decision stands and the
 * side effect is queued), never a 500 or a fake success, and never a lost hour or decision.
 */
const figures = figuresFor(import.meta.filename)
let t: Tenant
useStripeDouble()

beforeAll(async () => {
  t = await makeTenant(`Delta${randomUUID().slice(0, 6)} Church`)
}, 60_000)

const label = ([key, r]: [RouteKey, Route]) => `${r.method} ${r.path} (${key})`
const usesOf: Record<Dependency, Route['uses']> = {
  dynamo: ['table'],
  s3: ['exportsBucket', 'logosBucket'],
  ses: ['email'],
  cognito: ['staffPool'],
}
const routesUsing = (dependency: Dependency) =>
  manifest.filter(([, r]) => r.uses.some((u) => usesOf[dependency].includes(u)))

/** The health check answers 503 'degraded' naming what is down, rather than `{ message }`. */
const expectDependencyDown = (key: RouteKey, res: Answer, context: string) => {
  if (key === 'health/get-health') {
    expect(res.status, context).toBe(503)
    expect(res.json.status, context).toBe('degraded')
    expectNothingInternal(res, context)
  } else {
    expectUnavailable(res, context)
  }
}

/**
 * The organization's items, leaving out the timesheet id counter (a failed create may skip an id)
 * and the kiosk's try windows (a punch takes its tries before the PIN is checked, by design, and a
 * right PIN gives them back: a failed punch may leave a window open with no try in it).
 */
const dataOf = async () => {
  const snap = await t.snapshot()
  const items = snap.items
    .filter((i) => i.sk !== 'COUNTER#timesheet')
    .map((i) => {
      if (!/^(KIOSK|PIN)#/.test(String(i.sk)) || i.tries !== 0) return i
      const { windowEnds: _open, ...rest } = i
      return rest
    })
  return { ...snap, items }
}

describe('DynamoDB throttled or down: every route that uses the table answers 503 and changes nothing', () => {
  it.each(routesUsing('dynamo').map((e) => [label(e), e] as const))('%s', async (_, [key, route]) => {
    figures.route(key)
    // Nothing is written while DynamoDB fails, so one set of real objects serves every error.
    const request = await ownerRequest(key, route, t)
    for (const error of busyOrDown.dynamo) {
      const before = await dataOf()
      const { result: res, seen } = await whileFailing('dynamo', error, () => callRoute(route, request))
      figures.faults()
      figures.cases()
      const context = `${key} with ${error().name}`
      expect(res.status, `${context}: ${res.text}`).not.toBe(500)
      if (seen.failed > 0) expectDependencyDown(key, res, context)
      expect(await dataOf(), context).toEqual(before)
    }
  })

  it.each(routesUsing('dynamo').map((e) => [label(e), e] as const))(
    '%s: when only the writes fail, nothing is half-written and a retry succeeds',
    async (_, [key, route]) => {
      figures.route(key)
      const request = await ownerRequest(key, route, t)
      for (const [what, when] of [
        ['every write', isWrite],
        ['the transactions', isTransaction],
      ] as const) {
        const before = await dataOf()
        const { result: res, seen } = await whileFailing(
          'dynamo',
          () => serviceError('ProvisionedThroughputExceededException', 400),
          () => callRoute(route, request),
          when,
        )
        figures.faults()
        figures.cases()
        const context = `${key} with ${what} throttled (${seen.commands.join(', ')})`
        expect(res.status, `${context}: ${res.text}`).not.toBe(500)
        // A write that failed is never reported as done, and a refusal leaves nothing half-written.
        if (seen.failed > 0) expectDependencyDown(key, res, context)
        if (res.status >= 400) expect(await dataOf(), context).toEqual(before)
      }
      // Once DynamoDB answers again, the same request goes through.
      const retry = await callRoute(route, request)
      figures.cases()
      expect(retry.status, `${key} retry: ${retry.text}`).toBeLessThan(500)
    },
  )

  it('a DynamoDB endpoint that does not answer at all gives 503 on reads and writes', async () => {
    const draft = await t.freshDraft()
    await whileUnreachable('DYNAMODB_ENDPOINT', async () => {
      const requests: [RouteKey, TestRequest][] = [
        ['timesheets/get-current-week', { cookies: [t.staff.cookie] }],
        [
          'timesheets/update-draft',
          { cookies: [t.staff.cookie], params: { id: String(draft.id) }, body: { mondayStart: '07:00' } },
        ],
        ['timesheets/list-pending', { cookies: [t.cookie] }],
      ]
      for (const [key, request] of requests) {
        figures.route(key)
        figures.faults()
        figures.cases()
        expectUnavailable(await callRoute(routes[key], request), key)
      }
    })
    expect((await t.db.timesheets.get(draft.id)).mondayStart).toBe(draft.mondayStart)
  })
})

describe('S3, SES and Cognito busy or down: a 503, or the decision stands and the rest is queued', () => {
  /** Routes whose work stands when this dependency fails (the rest is retried or made again later). */
  const standsDespite: Partial<Record<Dependency, RouteKey[]>> = {
    s3: ['timesheets/update-status', 'email-decisions/confirm-decision', 'organization/get-logo'],
    ses: routesUsing('ses').map(([k]) => k),
    // The removal commits first (the staff login then refuses the member); the pool's login is tidied after.
    cognito: ['members/remove-member'],
  }
  const cases = (['s3', 'ses', 'cognito'] as const).flatMap((d) =>
    routesUsing(d).map((e) => [`${d}: ${label(e)}`, d, e] as const),
  )

  it.each(cases)('%s', async (_, dependency, [key, route]) => {
    figures.route(key)
    let request = await ownerRequest(key, route, t)
    for (const error of busyOrDown[dependency]) {
      const { result: res, seen } = await whileFailing(dependency, error, () => callRoute(route, request))
      // A change that went through used its objects up: the next error gets fresh ones.
      if (res.status < 400) request = await ownerRequest(key, route, t)
      figures.faults()
      figures.cases()
      const context = `${key} with ${dependency} failing (${error().name}, ${seen.commands.join(', ')})`
      expect(res.status, `${context}: ${res.text}`).not.toBe(500)
      if (res.status >= 400) expectNothingInternal(res, context)
      if (key === 'health/get-health' || !standsDespite[dependency]?.includes(key)) {
        if (seen.failed > 0) expectDependencyDown(key, res, context)
      } else {
        expect(res.status, `${context}: ${res.text}`).toBeLessThan(400)
      }
    }
  })
})

describe('S3 down during approval', () => {
  it('the approval stands, its csvDownloadUrl the download route, and download-csv makes the file later', async () => {
    const pending = await t.freshPending({
      mondayStart: '09:00',
      mondayEnd: '16:30',
      mondayActivity: 'Hospital visits',
    })
    const { result: res } = await whileFailing(
      's3',
      () => serviceError('ServiceUnavailable'),
      () =>
        callRoute(routes['timesheets/update-status'], {
          cookies: [t.cookie],
          params: { id: String(pending.id) },
          body: { status: 'approved' },
        }),
    )
    figures.faults()
    figures.cases()
    expect(res.status, res.text).toBe(200)
    // Never null (spec section 7): the route that makes the file on first use and redirects.
    expect(res.json).toMatchObject({
      status: 'approved',
      csvDownloadUrl: expect.stringMatching(new RegExp(`/api/timesheets/${pending.id}/download-csv$`)),
    })
    expect((await t.db.timesheets.get(pending.id)).status).toBe('approved')
    const later = await callRoute(routes['timesheets/download-csv'], {
      cookies: [t.staff.cookie],
      params: { id: String(pending.id) },
    })
    figures.cases()
    expect(later.status).toBe(302)
    const csv = await (await fetch(later.headers.location as string)).text()
    // In its reader's language (the suite's owner may have chosen Spanish through PATCH /api/auth/user).
    expect(csv).toContain(',09:00,16:30,,0,7.50,Hospital visits')
  })

  it('an approval by emailed link stands too', async () => {
    const { token, sheet } = await t.freshToken('approved')
    const { result: res } = await whileFailing(
      's3',
      () => serviceError('ServiceUnavailable'),
      () =>
        callRoute(routes['email-decisions/confirm-decision'], {
          params: { token },
          body: '',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
    )
    figures.faults()
    figures.cases()
    expect(res.status).toBe(200)
    expect(res.text).toContain('Timesheet approved')
    expect((await t.db.timesheets.get(sheet.id)).status).toBe('approved')
  })
})

describe('SES down', () => {
  // The routes above spent the tenant's daily email quota (an unpaid trial's 50); these cases are
  // about SES failing, so each starts with the day's quota unspent.
  beforeEach(() => table.delete(keys.emailQuota(t.orgId, new Date().toISOString().slice(0, 10))))

  it('a rejection stands, its email waits in the outbox, and the retry job sends it', async () => {
    const pending = await t.freshPending()
    const queuedBefore = (await outbox.pendingFor(t.orgId)).length
    const { result: res } = await whileFailing(
      'ses',
      () => serviceError('TooManyRequestsException', 429),
      () =>
        callRoute(routes['timesheets/update-status'], {
          cookies: [t.cookie],
          params: { id: String(pending.id) },
          body: { status: 'rejected', comments: 'Please add Friday' },
        }),
    )
    figures.faults()
    figures.cases()
    expect(res.status, res.text).toBe(200)
    expect((await t.db.timesheets.get(pending.id)).status).toBe('rejected')
    const queued = await outbox.pendingFor(t.orgId)
    expect(queued).toHaveLength(queuedBefore + 1)
    const mine = queued.find((q) => renderStored(q.email).text.includes('Please add Friday'))!
    expect(mine.attempts).toBe(1)
    await makeEmailDue(t.orgId, mine.id)
    await retryDueEmails()
    expect((await outbox.pendingFor(t.orgId)).map((q) => q.id)).not.toContain(mine.id)
    const email = (await t.db.users.get(t.staff.user.id)).email!
    expect((await inbox(email)).map((m) => m.body.text)).toContainEqual(expect.stringContaining('Please add Friday'))
  })

  it('a submission stands and its review email waits in the outbox', async () => {
    const draft = await t.freshDraft()
    const { result: res } = await whileFailing(
      'ses',
      () => serviceError('TooManyRequestsException', 429),
      () =>
        callRoute(routes['timesheets/submit-timesheet'], {
          cookies: [t.staff.cookie],
          params: { id: String(draft.id) },
          body: {},
        }),
    )
    figures.faults()
    figures.cases()
    expect(res.status, res.text).toBe(200)
    expect((await t.db.timesheets.get(draft.id)).status).toBe('pending')
    const queued = await outbox.pendingFor(t.orgId)
    expect(queued.some((q) => renderStored(q.email).to === t.supervisor.email && q.attempts === 1)).toBe(true)
  })
})

describe('Cognito down while adding, removing and signing in', () => {
  const memberState = async () => ({
    count: await t.db.members.count(),
    members: (await t.db.users.list()).map((m) => m.id).sort(),
    data: await dataOf(),
  })
  const body = () => ({
    email: `${randomUUID().slice(0, 8)}@grace.example`,
    firstName: 'Ruth',
    lastName: `Okafor${randomUUID().slice(0, 4)}`,
    department: 'Youth',
  })
  const cognitoUser = async (username: string) => {
    try {
      return await clients.cognito.send(
        new AdminGetUserCommand({ UserPoolId: process.env.STAFF_USER_POOL_ID!, Username: username }),
      )
    } catch (e) {
      if ((e as Error).name === 'UserNotFoundException') return undefined
      throw e
    }
  }

  it('add-member answers 503 and writes no member when the login cannot be created', async () => {
    const before = await memberState()
    const { result: res } = await whileFailing(
      'cognito',
      () => serviceError('TooManyRequestsException', 429),
      () => callRoute(routes['members/add-member'], { cookies: [t.cookie], body: body() }),
    )
    figures.faults()
    figures.cases()
    expectUnavailable(res, 'add-member with Cognito down')
    expect(await memberState()).toEqual(before)
  })

  it('add-member answers 503 and deletes the new login when the table cannot take the member', async () => {
    const before = await memberState()
    const person = body()
    const { result: res } = await whileFailing(
      'dynamo',
      () => serviceError('ProvisionedThroughputExceededException', 400),
      () => callRoute(routes['members/add-member'], { cookies: [t.cookie], body: person }),
      isTransaction,
    )
    figures.faults()
    figures.cases()
    expectUnavailable(res, 'add-member with the member transaction throttled')
    expect(await memberState()).toEqual(before)
    const username = `${person.firstName}.${person.lastName}`.toLowerCase()
    expect(await cognitoUser(username)).toBeUndefined()
  })

  it('staff login answers 503, and an outage does not count as a failed sign-in', async () => {
    const { username, password } = t.staff.credentials
    const { result: res } = await whileFailing(
      'cognito',
      () => serviceError('TooManyRequestsException', 429),
      () => callRoute(routes['staff/staff-login'], { body: { username, password } }),
    )
    figures.faults()
    figures.cases()
    expectUnavailable(res, 'staff login with Cognito down')
    expect(await system.loginAttempts.count(username, 'unknown')).toBe(0)
    const again = await callRoute(routes['staff/staff-login'], { body: { username, password } })
    figures.cases()
    expect(again.status).toBe(200)
  })

  it('reset-password answers 503 and the old password still signs in', async () => {
    const member = await t.freshMember()
    const { result: res } = await whileFailing(
      'cognito',
      () => serviceError('TooManyRequestsException', 429),
      () => callRoute(routes['members/reset-password'], { cookies: [t.cookie], params: { id: member.id } }),
    )
    figures.faults()
    figures.cases()
    expectUnavailable(res, 'reset-password with Cognito down')
    const login = await callRoute(routes['staff/staff-login'], { body: member.temporaryCredentials })
    figures.cases()
    expect(login.status).toBe(200)
  })
})

describe('Stripe unreachable', () => {
  it('checkout and coupons never pretend to succeed, and nothing is recorded', async () => {
    const before = await t.db.organization.get()
    // A new key makes the adapter build a new Stripe client, pointed at a port where nothing listens.
    const saved = { key: process.env.STRIPE_SECRET_KEY, base: process.env.STRIPE_API_BASE }
    Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_unreachable', STRIPE_API_BASE: 'http://127.0.0.1:9' })
    try {
      for (const [key, body] of [
        ['billing/create-subscription', { priceId: 'price_professional_monthly', couponCode: 'SAVE20' }],
        ['billing/validate-coupon', { couponCode: 'SAVE20' }],
      ] as const) {
        figures.route(key)
        figures.faults()
        figures.cases()
        const res = await callRoute(routes[key], { cookies: [t.cookie], body })
        expect(res.status, `${key}: ${res.text}`).toBeGreaterThanOrEqual(400)
        expect(res.json?.valid, key).toBeUndefined()
        expect(res.json?.clientSecret, key).toBeUndefined()
      }
    } finally {
      Object.assign(process.env, { STRIPE_SECRET_KEY: saved.key, STRIPE_API_BASE: saved.base })
    }
    const after = await t.db.organization.get()
    expect(after.stripeCustomerId ?? null).toBe(before.stripeCustomerId ?? null)
    expect(after.stripeSubscriptionId ?? null).toBe(before.stripeSubscriptionId ?? null)
    expect(after.subscriptionStatus).toBe(before.subscriptionStatus)
  })
})
