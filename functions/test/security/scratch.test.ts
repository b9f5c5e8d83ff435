import { it } from 'vitest'
import { callRoute } from '../../src/http/test-event.ts'
import { makeTenant } from './support/world.ts'
import listTimesheets from '../../src/timesheets/list-timesheets.ts'
import saveDraft from '../../src/timesheets/save-draft.ts'
import updateDraft from '../../src/timesheets/update-draft.ts'
import validateCoupon from '../../src/billing/validate-coupon.ts'
import createSubscription from '../../src/billing/create-subscription.ts'
import downloadCsv from '../../src/timesheets/download-csv.ts'
import { resetClients } from '@app/adapters'

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')

it('experiments', async () => {
  const t = await makeTenant('Exp')
  const p = `ORG#${t.orgId}#TS`
  for (const cursor of [
    b64({ gsi2pk: p }),
    b64({ gsi2pk: p, pk: '', sk: '' }),
    b64({ gsi2pk: p, gsi2sk: 'x', pk: 'ORG#x', sk: 'TS#1' }),
  ]) {
    const r = await callRoute(listTimesheets, { cookies: [t.cookie], query: { cursor } })
    console.log('cursor', r.status, r.text.slice(0, 200))
  }
  const before = await t.trueCounts()
  const r = await callRoute(saveDraft, { cookies: [t.staff.cookie], body: { weekStartDate: '2024-01-01', version: 3 } })
  console.log('save-draft stale', r.status, r.text.slice(0, 200), before, await t.trueCounts())
  const d = await t.freshDraft()
  const s = await callRoute(updateDraft, {
    cookies: [t.staff.cookie],
    params: { id: String(d.id) },
    body: { mondayActivity: 'a\uD800b' },
  })
  console.log('lone surrogate', s.status, s.text.slice(0, 200))
  process.env.STRIPE_SECRET_KEY = 'sk_test_x'
  process.env.STRIPE_API_BASE = 'http://127.0.0.1:9'
  const c = await callRoute(validateCoupon, { cookies: [t.cookie], body: { couponCode: 'X' } })
  console.log('stripe down coupon', c.status, c.text)
  const cs = await callRoute(createSubscription, {
    cookies: [t.cookie],
    body: { priceId: 'price_professional_monthly' },
  })
  console.log('stripe down sub', cs.status, cs.text)
  delete process.env.STRIPE_SECRET_KEY
  const ap = await t.freshApproved()
  const s3 = process.env.S3_ENDPOINT
  process.env.S3_ENDPOINT = 'http://127.0.0.1:9'
  resetClients()
  const dl = await callRoute(downloadCsv, { cookies: [t.cookie], params: { id: String(ap.id) } })
  console.log('s3 down download', dl.status, dl.text)
  process.env.S3_ENDPOINT = s3
  resetClients()
}, 60000)
