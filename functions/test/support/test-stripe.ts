import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll } from 'vitest'

/**
 * A local stand-in for the few Stripe HTTP endpoints we call, so tests can check the requests
 * our code sends (customer reuse, trial end, idempotency key, coupon) through the real `stripe`
 * library. Idempotent requests answer the first response again, as Stripe does.
 */
export interface StripeRequest {
  method: string
  path: string
  form: Record<string, string>
  idempotencyKey?: string
}

export const startStripeDouble = async () => {
  const requests: StripeRequest[] = []
  const idempotent = new Map<string, { status: number; body: unknown }>()
  const subscriptions = new Map<string, Record<string, unknown>>()
  const coupons: Record<string, Record<string, unknown>> = {
    SAVE20: {
      id: 'SAVE20',
      object: 'coupon',
      name: 'Twenty off',
      percent_off: 20,
      duration: 'repeating',
      duration_in_months: 3,
      valid: true,
    },
    OLD: { id: 'OLD', object: 'coupon', name: 'Expired', percent_off: 50, duration: 'once', valid: false },
    STAFF100: {
      id: 'STAFF100',
      object: 'coupon',
      name: 'Internal',
      percent_off: 100,
      duration: 'forever',
      valid: true,
    },
  }
  const promotionCodes: Record<string, Record<string, unknown>> = {
    SAVE20: {
      id: 'promo_save20',
      object: 'promotion_code',
      code: 'SAVE20',
      active: true,
      promotion: { type: 'coupon', coupon: 'SAVE20' },
    },
    WELCOME: {
      id: 'promo_welcome',
      object: 'promotion_code',
      code: 'WELCOME',
      active: true,
      promotion: { type: 'coupon', coupon: 'SAVE20' },
    },
  }
  let n = 0
  const next = (prefix: string) => `${prefix}_${++n}`

  const handle = (
    method: string,
    path: string,
    form: Record<string, string>,
    query: URLSearchParams,
  ): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/customers')
      return { status: 200, body: { id: next('cus'), object: 'customer', name: form.name } }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const trial = form.trial_end ? Number(form.trial_end) : null
      const id = next('sub')
      const sub = {
        id,
        object: 'subscription',
        customer: form.customer,
        status: trial ? 'trialing' : 'incomplete',
        trial_end: trial,
        metadata: {
          orgId: form['metadata[orgId]'],
          planPriceId: form['metadata[planPriceId]'],
          checkout: form['metadata[checkout]'],
        },
        items: {
          object: 'list',
          data: [{ id: next('si'), price: { id: form['items[0][price]'] }, current_period_end: trial ?? 1893456000 }],
        },
        pending_setup_intent: trial
          ? { id: next('seti'), object: 'setup_intent', client_secret: `seti_secret_${id}` }
          : null,
        latest_invoice: trial
          ? null
          : {
              id: next('in'),
              object: 'invoice',
              confirmation_secret: { client_secret: `pi_secret_${id}`, type: 'payment_intent' },
            },
      }
      subscriptions.set(id, sub)
      return { status: 200, body: sub }
    }
    const sub = /^\/v1\/subscriptions\/([\w]+)$/.exec(path)
    if (sub && subscriptions.has(sub[1]!)) {
      const found = subscriptions.get(sub[1]!)!
      if (method === 'DELETE') found.status = 'canceled'
      return { status: 200, body: found }
    }
    if (method === 'GET' && path === '/v1/promotion_codes') {
      // Own keys only: a code such as __proto__ is no promotion code (Stripe answers an empty list).
      const code = query.get('code') ?? ''
      const promo = Object.hasOwn(promotionCodes, code) ? promotionCodes[code] : undefined
      return { status: 200, body: { object: 'list', data: promo ? [promo] : [], has_more: false } }
    }
    const coupon = /^\/v1\/coupons\/([\w-]+)$/.exec(path)
    if (method === 'GET' && coupon) {
      const found = Object.hasOwn(coupons, coupon[1]!) ? coupons[coupon[1]!] : undefined
      if (found) return { status: 200, body: found }
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `No such resource: ${path}` } } }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x')
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()))
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined
      requests.push({ method: req.method ?? 'GET', path: url.pathname, form, idempotencyKey })
      const replay = idempotencyKey ? idempotent.get(idempotencyKey) : undefined
      const out = replay ?? handle(req.method ?? 'GET', url.pathname, form, url.searchParams)
      if (idempotencyKey && req.method === 'POST') idempotent.set(idempotencyKey, out)
      res
        .writeHead(out.status, { 'content-type': 'application/json', 'request-id': next('req') })
        .end(JSON.stringify(out.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Points billing at a Stripe double for the whole test file: started and configured before the
 * file's own `beforeAll` hooks (call this first), stopped and unset after.
 */
export const useStripeDouble = () => {
  let double: Awaited<ReturnType<typeof startStripeDouble>>
  beforeAll(async () => {
    double = await startStripeDouble()
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_API_BASE: double.url,
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
    })
  })
  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY
    delete process.env.STRIPE_API_BASE
    delete process.env.STRIPE_WEBHOOK_SECRET
    await double.stop()
  })
}
