import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { entitlements } from '@app/core'
import { orgDb } from '@app/data'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { endTrial } from '../../test/support/test-plans.ts'
import { startStripeDouble } from '../../test/support/test-stripe.ts'
import createSubscription from './create-subscription.ts'
import getSubscriptionStatus from './get-subscription-status.ts'
import startTrial from './start-trial.ts'
import stripeWebhook from './stripe-webhook.ts'
import validateCoupon from './validate-coupon.ts'

const WEBHOOK_SECRET = 'whsec_test_secret'
let double: Awaited<ReturnType<typeof startStripeDouble>>

const withStripe = () => {
  process.env.STRIPE_SECRET_KEY = 'sk_test_local'
  process.env.STRIPE_API_BASE = double.url
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
}
const withoutStripe = () => {
  delete process.env.STRIPE_SECRET_KEY
  delete process.env.STRIPE_WEBHOOK_SECRET
}

beforeAll(async () => {
  double = await startStripeDouble()
})
afterAll(async () => {
  withoutStripe()
  await double.stop()
})
beforeEach(() => withStripe())

/** POST /api/validate-coupon as the supervisor behind `cookie`. */
const checkCoupon = (cookie: string, couponCode: string) =>
  callRoute(validateCoupon, { cookies: [cookie], body: { couponCode } })

describe('trial and status', () => {
  it('starts every organization on a 14-day trial that reads as trialing', async () => {
    const { cookie } = await newOrganization()
    const status = await callRoute(getSubscriptionStatus, { cookies: [cookie] })
    expect(status.json).toMatchObject({
      hasSubscription: true,
      status: 'trialing',
      currentPeriodEnd: null,
      plan: 'professional',
    })
    const trial = await callRoute(startTrial, { cookies: [cookie] })
    expect(trial.status).toBe(200)
    expect(trial.json.trialEndsAt).toBe(status.json.trialEndsAt)
  })

  it('refuses a second trial once the first has ended, even without Stripe', async () => {
    withoutStripe()
    const { cookie, organization } = await newOrganization()
    await endTrial(organization.id)
    const res = await callRoute(startTrial, { cookies: [cookie] })
    expect(res.status).toBe(409)
    expect(res.json.message).toContain('already used its free trial')
  })

  it('is for supervisors', async () => {
    const { cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    expect((await callRoute(getSubscriptionStatus, { cookies: [staff.cookie] })).status).toBe(403)
    expect((await callRoute(startTrial, { cookies: [staff.cookie] })).status).toBe(403)
  })
})

describe('without STRIPE_SECRET_KEY', () => {
  it("answers 503 'Billing is not configured'", async () => {
    withoutStripe()
    const { cookie } = await newOrganization()
    const res = await callRoute(createSubscription, {
      cookies: [cookie],
      body: { priceId: 'price_professional_monthly' },
    })
    expect(res.status).toBe(503)
    expect(res.json).toEqual({ message: 'Billing is not configured', key: 'billingNotConfigured' })
    expect((await checkCoupon(cookie, 'SAVE20')).status).toBe(503)
  })
})

describe('POST /api/create-subscription', () => {
  it('creates the customer once, keeps the rest of the trial, and makes one subscription of a double click', async () => {
    const { cookie, organization } = await newOrganization()
    const before = double.requests.length
    const [a, b] = await Promise.all([
      callRoute(createSubscription, { cookies: [cookie], body: { priceId: 'price_starter_yearly' } }),
      callRoute(createSubscription, { cookies: [cookie], body: { priceId: 'price_starter_yearly' } }),
    ])
    expect(a.status).toBe(200)
    expect(b.json.subscriptionId).toBe(a.json.subscriptionId)
    expect(a.json).toMatchObject({ intentType: 'setup', clientSecret: `seti_secret_${a.json.subscriptionId}` })
    const sent = double.requests.slice(before)
    // Both clicks post with one idempotency key, or the second finds the first's subscription: never two.
    const creates = sent.filter((r) => r.path === '/v1/subscriptions' && r.method === 'POST')
    expect(new Set(creates.map((r) => r.idempotencyKey)).size).toBe(1)
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false)
    const org = await orgDb(organization.id).organization.get()
    expect(creates[0]!.form).toMatchObject({
      customer: org.stripeCustomerId,
      'items[0][price]': 'price_starter_yearly',
      trial_end: String(Math.floor(Date.parse(org.trialEndsAt!) / 1000)),
      'metadata[orgId]': organization.id,
    })
    expect(new Set(sent.filter((r) => r.path === '/v1/customers').map((r) => r.idempotencyKey)).size).toBe(1)
    expect(org.stripeSubscriptionId).toBe(a.json.subscriptionId)
  })

  it('answers a second click that comes after the first finished with the same subscription', async () => {
    const { cookie } = await newOrganization()
    const click = () => callRoute(createSubscription, { cookies: [cookie], body: { priceId: 'price_starter_yearly' } })
    const first = await click()
    const before = double.requests.length
    const second = await click()
    expect(second.status).toBe(200)
    expect(second.json).toEqual(first.json)
    const sent = double.requests.slice(before)
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([])
    expect(double.subscriptions.get(first.json.subscriptionId)!.status).toBe('trialing')
  })

  it('applies a coupon by replacing the unfinished subscription, reusing the customer', async () => {
    const { cookie } = await newOrganization()
    const first = await callRoute(createSubscription, {
      cookies: [cookie],
      body: { priceId: 'price_professional_monthly' },
    })
    const before = double.requests.length
    const second = await callRoute(createSubscription, {
      cookies: [cookie],
      body: { priceId: 'price_professional_monthly', couponCode: 'WELCOME' },
    })
    expect(second.status).toBe(200)
    expect(second.json.subscriptionId).not.toBe(first.json.subscriptionId)
    const sent = double.requests.slice(before)
    expect(sent.some((r) => r.path === '/v1/customers')).toBe(false)
    expect(sent.find((r) => r.method === 'DELETE')?.path).toBe(`/v1/subscriptions/${first.json.subscriptionId}`)
    expect(
      sent.find((r) => r.path === '/v1/subscriptions' && r.method === 'POST')!.form['discounts[0][promotion_code]'],
    ).toBe('promo_welcome')
  })

  it('refuses an unknown plan, and no plan, saying which', async () => {
    const { cookie } = await newOrganization()
    const unknown = await callRoute(createSubscription, { cookies: [cookie], body: { priceId: 'price_free_forever' } })
    expect(unknown.status).toBe(400)
    expect(unknown.json.fields).toEqual({ priceId: 'Unknown plan' })
    const none = await callRoute(createSubscription, { cookies: [cookie], body: {} })
    expect(none.status).toBe(400)
    expect(none.json.fields).toEqual({ priceId: 'Choose a plan: priceId is required' })
  })
})

describe('coupon codes', () => {
  it('describes a valid code or promotion code, and asks for one when empty', async () => {
    const { cookie } = await newOrganization()
    const ok = await checkCoupon(cookie, '  SAVE20 ')
    expect(ok.json).toEqual({
      valid: true,
      message: 'Coupon applied',
      discount: { name: 'Twenty off', description: '20% off for 3 months' },
    })
    const promo = await checkCoupon(cookie, 'WELCOME')
    expect(promo.json.valid).toBe(true)
    const empty = await checkCoupon(cookie, '   ')
    expect(empty.status).toBe(400)
    expect(empty.json.message).toBe('Please enter a coupon code first.')
  })

  it.each([
    ['NOPE', 'an unknown code', 'price_starter_monthly'],
    ['OLD', 'an expired code', 'price_starter_monthly'],
    ['STAFF100', 'a raw coupon id: promotion codes only', 'price_professional_monthly'],
  ])('refuses %s (%s) as not valid, and a subscription with it', async (code, _why, priceId) => {
    const { cookie } = await newOrganization()
    expect((await checkCoupon(cookie, code)).json).toEqual({ valid: false, message: 'This coupon code is not valid.' })
    const subscribe = await callRoute(createSubscription, { cookies: [cookie], body: { priceId, couponCode: code } })
    expect(subscribe.status).toBe(400)
    expect(subscribe.json.message).toBe('This coupon code is not valid.')
  })

  it('refuses more than 10 tries an hour per organization, then answers 429 without asking Stripe', async () => {
    const { cookie } = await newOrganization()
    for (let i = 0; i < 10; i++) {
      expect((await checkCoupon(cookie, `GUESS${i}`)).json.valid).toBe(false)
    }
    const before = double.requests.length
    const res = await checkCoupon(cookie, 'SAVE20')
    expect(res.status).toBe(429)
    expect(res.json).toEqual({
      message: 'Too many coupon codes tried. Please wait an hour and try again.',
      key: 'couponAttemptsExceeded',
    })
    // Retry-After: the seconds until the next hour, when the count starts again.
    const untilNextHour = 3600 - (Math.floor(Date.now() / 1000) % 3600)
    expect(Math.abs(Number(res.headers['retry-after']) - untilNextHour)).toBeLessThanOrEqual(2)
    expect(double.requests.length).toBe(before)
    // Another organization is not held back.
    const other = await newOrganization()
    expect((await checkCoupon(other.cookie, 'SAVE20')).json.valid).toBe(true)
  })
})

describe('POST /api/stripe/webhook', () => {
  const signed = (payload: object, secret = WEBHOOK_SECRET) => {
    const body = JSON.stringify(payload)
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret })
    return { body, headers: { 'stripe-signature': header, 'content-type': 'application/json' } }
  }
  const subscriptionEvent = (
    id: string,
    orgId: string,
    status: string,
    created: number,
    price = 'price_enterprise_monthly',
  ) => ({
    id,
    object: 'event',
    type: 'customer.subscription.updated',
    created,
    data: {
      object: {
        id: 'sub_live',
        object: 'subscription',
        status,
        metadata: { orgId },
        trial_end: null,
        items: { data: [{ price: { id: price }, current_period_end: 1900000000 }] },
      },
    },
  })
  const post = (req: ReturnType<typeof signed>) => callRoute(stripeWebhook, { body: req.body, headers: req.headers })

  it('applies a signed event to the organization', async () => {
    const { organization } = await newOrganization()
    const res = await post(signed(subscriptionEvent('evt_1', organization.id, 'active', 1000)))
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ received: true, applied: true })
    const org = await orgDb(organization.id).organization.get()
    expect(org).toMatchObject({
      subscriptionStatus: 'active',
      plan: 'enterprise',
      stripeSubscriptionId: 'sub_live',
      currentPeriodEnd: new Date(1900000000 * 1000).toISOString(),
    })
  })

  it('keeps a trial subscription without a card at the trial limits until a payment method is attached', async () => {
    const { organization } = await newOrganization()
    const db = orgDb(organization.id)
    expect((await post(signed(subscriptionEvent('evt_t1', organization.id, 'trialing', 1000)))).json.applied).toBe(true)
    const unpaid = await db.organization.get()
    expect(unpaid).toMatchObject({ subscriptionStatus: 'trialing', plan: 'enterprise', paymentMethodOnFile: false })
    expect(entitlements(unpaid)).toMatchObject({ plan: { id: 'professional' }, memberLimit: 50 })

    const carded = subscriptionEvent('evt_t2', organization.id, 'trialing', 1001)
    Object.assign(carded.data.object, { default_payment_method: 'pm_card' })
    expect((await post(signed(carded))).json.applied).toBe(true)
    const paid = await db.organization.get()
    expect(paid.paymentMethodOnFile).toBe(true)
    expect(entitlements(paid)).toMatchObject({ plan: { id: 'enterprise' }, memberLimit: null })
  })

  it("ignores an event of a subscription that is not the organization's current one", async () => {
    const { organization } = await newOrganization()
    await orgDb(organization.id).organization.setStripeSubscription('sub_current')
    const stale = subscriptionEvent('evt_replaced', organization.id, 'canceled', 5000)
    stale.data.object.id = 'sub_replaced'
    const res = await post(signed(stale))
    expect(res.json).toEqual({ received: true, applied: false })
    const org = await orgDb(organization.id).organization.get()
    expect(org).toMatchObject({ subscriptionStatus: 'trial', stripeSubscriptionId: 'sub_current' })
    const current = subscriptionEvent('evt_current', organization.id, 'active', 5001)
    current.data.object.id = 'sub_current'
    expect((await post(signed(current))).json.applied).toBe(true)
  })

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { organization } = await newOrganization()
    const res = await post(signed(subscriptionEvent('evt_2', organization.id, 'active', 1000), 'whsec_wrong'))
    expect(res.status).toBe(400)
    expect((await orgDb(organization.id).organization.get()).subscriptionStatus).toBe('trial')
  })

  it('ignores a replayed event and an older one arriving late', async () => {
    const { organization } = await newOrganization()
    await post(signed(subscriptionEvent('evt_new', organization.id, 'past_due', 2000)))
    const older = await post(signed(subscriptionEvent('evt_old', organization.id, 'active', 1500)))
    expect(older.json.applied).toBe(false)
    const replay = await post(signed(subscriptionEvent('evt_new', organization.id, 'active', 2000)))
    expect(replay.json.applied).toBe(false)
    expect((await orgDb(organization.id).organization.get()).subscriptionStatus).toBe('past_due')
  })

  it('needs no Origin (Stripe calls it) but still verifies the signature', async () => {
    const { organization } = await newOrganization()
    const req = signed(subscriptionEvent('evt_3', organization.id, 'canceled', 3000))
    const res = await callRoute(stripeWebhook, {
      body: req.body,
      headers: { ...req.headers, origin: 'https://stripe.example' },
    })
    expect(res.status).toBe(200)
  })
})
