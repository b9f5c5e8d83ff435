import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  AuditPage,
  currentWeekStart,
  WebhookCreated,
  WebhookDeliveryList,
  WebhookList,
  WebhookView,
} from '@app/core'
import { orgDb } from '@app/data'
import { commandsDuring, keys, table } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { decideThroughRoute, pendingSheetOf, submittedThroughRoute } from '../../test/support/test-timesheets.ts'
import { addMemberThroughRoute, newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import listAudit from '../audit/list-audit.ts'
import { handler as retryJob } from '../jobs/retry-emails.ts'
import removeMember from '../members/remove-member.ts'
import closePeriod from '../payroll/close-period.ts'
import cancelTimeOff from '../time-off/cancel-time-off.ts'
import createAdjustment from '../time-off/create-adjustment.ts'
import createTimeOff from '../time-off/create-time-off.ts'
import decideTimeOff from '../time-off/decide-time-off.ts'
import createToken from '../tokens/create-token.ts'
import { checkedLookup, postJson } from '../workflows/webhook-sender.ts'
import createWebhook from './create-webhook.ts'
import deleteWebhook from './delete-webhook.ts'
import getWebhook from './get-webhook.ts'
import listDeliveries from './list-deliveries.ts'
import listWebhooks from './list-webhooks.ts'
import redeliver from './redeliver.ts'

/**
 * webhooks, end to end against the local stack: a real HTTP receiver on 127.0.0.1 gets
 * Standard Webhooks deliveries that the `standardwebhooks` package verifies; a failing one gets
 * retries the deliveries list shows.
 */
interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}
const received: Received[] = []
/** The status each path answers with (200 unless set). */
const answers = new Map<string, number>()
let server: Server
let base: string

let org: Awaited<ReturnType<typeof newOrganization>>
let other: Awaited<ReturnType<typeof newOrganization>>
let staff: Awaited<ReturnType<typeof newStaffMember>>

let weeksBack = 0
const pendingSheet = () => pendingSheetOf(org.organization.id, staff.user, ++weeksBack)

const make = async (path: string, events: string[], cookie = org.cookie) => {
  const res = await callRoute(createWebhook, { cookies: [cookie], body: { url: `${base}${path}`, events } })
  expect(res.status, res.text).toBe(200)
  return WebhookCreated.parse(res.json)
}
const deliveriesOf = async (id: string) => {
  const res = await callRoute(listDeliveries, { cookies: [org.cookie], params: { id } })
  expect(res.status, res.text).toBe(200)
  return WebhookDeliveryList.parse(res.json)
}
const decide = (id: number, status: 'approved' | 'rejected', comments = '') =>
  decideThroughRoute(org.cookie, id, status, comments)
const at = (path: string) => received.filter((r) => r.path === path)
const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
    type: string
    timestamp: string
    data: Record<string, unknown>
  }

beforeAll(async () => {
  process.env.TIMESHEET_WEEKS_BACK = '2000'
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body })
      res.statusCode = answers.get(req.url ?? '') ?? 200
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  org = await newOrganization('Hook Church')
  other = await newOrganization('Other Church')
  staff = await newStaffMember(org.cookie)
}, 60_000)

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

describe('webhooks', () => {
  it('an approval is delivered, signed so that standardwebhooks verifies it, and listed as delivered', async () => {
    const hook = await make('/approved', ['timesheet.approved'])
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    const sheet = await pendingSheet()
    const res = await decide(sheet.id, 'approved', 'Thanks')
    expect(res.status, res.text).toBe(200)

    const got = at('/approved')
    expect(got).toHaveLength(1)
    expect(got[0]!.headers['webhook-id']).toMatch(/^msg_/)
    const payload = verify(hook.secret, got[0]!)
    expect(payload.type).toBe('timesheet.approved')
    expect(payload.data).toMatchObject({
      timesheetId: sheet.id,
      employeeId: staff.user.id,
      weekStartDate: sheet.weekStartDate,
      status: 'approved',
      by: { userId: org.supervisor.id },
    })
    // What a receiver needs to fetch the rest with a token, and no personal data: not the comment.
    expect(JSON.stringify(payload)).not.toContain('Thanks')
    expect(Object.keys(payload.data).sort()).toEqual(['by', 'employeeId', 'status', 'timesheetId', 'weekStartDate'])
    expect(Object.keys(payload.data.by as object)).toEqual(['userId'])
    // Another secret does not verify it: the signature is real.
    const stranger = await make('/unused', ['member.added'])
    expect(() => verify(stranger.secret, got[0]!)).toThrow()

    const [delivery] = await deliveriesOf(hook.id)
    expect(delivery).toMatchObject({ event: 'timesheet.approved', status: 'delivered', statusCode: 200, attempts: 1 })

    // The list never shows a secret.
    const list = await callRoute(listWebhooks, { cookies: [org.cookie] })
    expect(WebhookList.parse(list.json).map((w) => w.id)).toContain(hook.id)
    expect(list.text).not.toContain(hook.secret)
  })

  it('stores the signing secret sealed with the stack key: the item holds no plaintext secret, and deliveries still verify', async () => {
    const hook = await make('/sealed', ['timesheet.approved'])
    const item = (await table.get(keys.webhook(org.organization.id, hook.id)))!
    const raw = JSON.stringify(item)
    expect(raw).not.toContain(hook.secret)
    expect(raw).not.toContain(hook.secret.slice('whsec_'.length))
    expect(item).not.toHaveProperty('secret')
    expect(String(item.sealedSecret)).toMatch(/^sealed:local:/)
    // Bound to its organization and webhook: copied onto another webhook, it does not open there.
    const copy = await make('/sealed-copy', ['timesheet.approved'])
    await table.update(keys.webhook(org.organization.id, copy.id), {
      UpdateExpression: 'SET sealedSecret = :s',
      ExpressionAttributeValues: { ':s': item.sealedSecret },
    })
    await decide((await pendingSheet()).id, 'approved')
    const [got] = at('/sealed')
    expect(verify(hook.secret, got!).type).toBe('timesheet.approved')
    expect(at('/sealed-copy')).toEqual([])
  })

  it('a webhook whose secret was stored in plain text before still delivers, verifiably, and its secret is sealed then', async () => {
    const hook = await make('/legacy', ['timesheet.approved'])
    const key = keys.webhook(org.organization.id, hook.id)
    // As a webhook made before secrets were sealed is stored.
    await table.update(key, {
      UpdateExpression: 'SET secret = :plain REMOVE sealedSecret',
      ExpressionAttributeValues: { ':plain': hook.secret },
    })
    await decide((await pendingSheet()).id, 'approved')
    const [got] = at('/legacy')
    expect(verify(hook.secret, got!).type).toBe('timesheet.approved')
    const item = (await table.get(key))!
    expect(item).not.toHaveProperty('secret')
    expect(JSON.stringify(item)).not.toContain(hook.secret)
    // And the next delivery opens the sealed one.
    await decide((await pendingSheet()).id, 'approved')
    expect(at('/legacy').map((r) => verify(hook.secret, r).type)).toEqual(['timesheet.approved', 'timesheet.approved'])
  })

  it('a failing endpoint gets retries with backoff that the deliveries list shows, and Redeliver sends it again', async () => {
    answers.set('/failing', 500)
    const hook = await make('/failing', ['timesheet.approved'])
    const sheet = await pendingSheet()
    const res = await decide(sheet.id, 'approved')
    // The change stands although the delivery failed.
    expect(res.status, res.text).toBe(200)
    expect((await orgDb(org.organization.id).timesheets.get(sheet.id)).status).toBe('approved')

    let [delivery] = await deliveriesOf(hook.id)
    expect(delivery).toMatchObject({ status: 'pending', statusCode: 500, attempts: 1 })
    const firstWait = Date.parse(delivery!.nextAttemptAt!) - Date.parse(delivery!.lastAttemptAt!)
    expect(firstWait).toBeGreaterThanOrEqual(59_000)

    // Its next try is not due yet: the retry job leaves it.
    await retryJob()
    expect(at('/failing')).toHaveLength(1)

    // As if the minute had passed: the retry job tries it again, and waits longer after.
    const due = async () =>
      table.update(keys.webhookDelivery(org.organization.id, hook.id, delivery!.id), {
        UpdateExpression: 'SET gsi1sk = :sk',
        ExpressionAttributeValues: {
          ':sk': keys.webhookDueAt('2000-01-01T00:00:00.000Z', org.organization.id, hook.id, delivery!.id),
        },
      })
    await due()
    // The job reads due deliveries from an index; give it a few runs, as the schedule would.
    for (let run = 0; run < 5 && at('/failing').length < 2; run++) {
      await retryJob()
      if (at('/failing').length < 2) await new Promise((r) => setTimeout(r, 200))
    }
    ;[delivery] = await deliveriesOf(hook.id)
    expect(delivery).toMatchObject({ status: 'pending', statusCode: 500, attempts: 2 })
    expect(Date.parse(delivery!.nextAttemptAt!) - Date.parse(delivery!.lastAttemptAt!)).toBeGreaterThanOrEqual(299_000)
    const tries = at('/failing')
    expect(tries).toHaveLength(2)
    // Every try of one delivery carries the same webhook-id, each freshly signed.
    expect(tries[1]!.headers['webhook-id']).toBe(tries[0]!.headers['webhook-id'])
    expect(verify(hook.secret, tries[1]!).type).toBe('timesheet.approved')

    // The endpoint is fixed: Redeliver sends it at once.
    answers.set('/failing', 204)
    const again = await callRoute(redeliver, {
      cookies: [org.cookie],
      params: { id: hook.id, deliveryId: delivery!.id },
    })
    expect(again.status, again.text).toBe(200)
    expect(again.json).toMatchObject({ status: 'delivered', statusCode: 204, attempts: 3 })
    expect(at('/failing')).toHaveLength(3)
  })

  it('sends submissions, rejections and members added and removed to the webhooks subscribed to them', async () => {
    const all = await make('/all', ['timesheet.submitted', 'timesheet.rejected', 'member.added', 'member.removed'])
    const sheet = await pendingSheet()
    // A submission through the data layer alone queues nothing; the workflow's does (tested by the route below).
    expect((await decide(sheet.id, 'rejected', 'Fix Monday')).status).toBe(200)
    const added = await addMemberThroughRoute(org.cookie, { firstName: 'Luis', lastName: 'Mora', department: 'Music' })
    expect(added.status, added.text).toBe(200)
    const removed = await callRoute(removeMember, { cookies: [org.cookie], params: { id: added.json.id } })
    expect(removed.status, removed.text).toBe(204)

    const types = at('/all').map((r) => verify(all.secret, r))
    expect(types.map((p) => p.type)).toEqual(['timesheet.rejected', 'member.added', 'member.removed'])
    expect(types[0]!.data).toMatchObject({ timesheetId: sheet.id, status: 'rejected' })
    expect(types[1]!.data).toEqual({ memberId: added.json.id, role: 'employee', by: { userId: org.supervisor.id } })
    // No comment, name, email or department leaves with an event.
    for (const words of ['Fix Monday', 'Luis', 'Mora', 'Music', added.json.email])
      expect(JSON.stringify(types)).not.toContain(words)
    expect(types[2]!.data).toMatchObject({ memberId: added.json.id })
    // Not subscribed to approvals: none arrived here.
    expect(types.some((p) => p.type === 'timesheet.approved')).toBe(false)
  })

  it('a change reads the webhooks’ events in one GetItem of their counter; a webhook made before the counter kept them still gets its deliveries', async () => {
    const church = await newOrganization()
    const db = orgDb(church.organization.id)
    const made = await callRoute(createWebhook, {
      cookies: [church.cookie],
      body: { url: `${base}/counted`, events: ['member.added'] },
    })
    expect(made.status, made.text).toBe(200)
    const { id } = WebhookCreated.parse(made.json)
    const data = { memberId: 'm1', role: 'employee' as const, by: { userId: church.supervisor.id } }
    const queued = async () => (await db.webhooks.event('member.added', data)).map((d) => d.webhookId)

    expect((await commandsDuring(() => db.webhooks.subscriptions())).map((c) => c.name)).toEqual(['GetCommand'])
    expect(await queued()).toEqual([id])
    // As a webhook made before the counter kept its events: read from the webhooks themselves.
    await table.update(keys.webhookCount(church.organization.id), {
      UpdateExpression: 'REMOVE #events',
      ExpressionAttributeNames: { '#events': `events#${id}` },
    })
    expect((await commandsDuring(() => db.webhooks.subscriptions())).map((c) => c.name)).toEqual([
      'GetCommand',
      'QueryCommand',
    ])
    expect(await queued()).toEqual([id])
    const removed = await callRoute(deleteWebhook, { cookies: [church.cookie], params: { id } })
    expect(removed.status, removed.text).toBe(204)
    expect(await queued()).toEqual([])
  })

  it('a submission through the submit route is delivered as timesheet.submitted', async () => {
    const hook = await make('/submitted', ['timesheet.submitted'])
    const week = addDays(currentWeekStart('America/Chicago', 'monday'), -7 * ++weeksBack)
    await submittedThroughRoute(staff.cookie, {
      weekStartDate: week,
      mondayStart: '09:00',
      mondayEnd: '12:00',
    })
    const [got] = at('/submitted')
    expect(verify(hook.secret, got!)).toMatchObject({
      type: 'timesheet.submitted',
      data: { employeeId: staff.user.id, weekStartDate: week, status: 'pending' },
    })
  })

  it('a closed pay period is delivered as pay_period.closed', async () => {
    const church = await newOrganization('Close Church')
    const hook = await make('/closed', ['pay_period.closed'], church.cookie)
    const start = currentWeekStart('America/Chicago', 'monday') // a new organization's periods start this week
    const res = await callRoute(closePeriod, {
      cookies: [church.cookie],
      params: { start },
      body: { closeAnyway: true },
    })
    expect(res.status, res.text).toBe(200)
    const [got] = at('/closed')
    expect(verify(hook.secret, got!)).toMatchObject({
      type: 'pay_period.closed',
      data: { start, end: addDays(start, 13), by: { userId: church.supervisor.id } },
    })
  })

  it('time off asked for, approved, cancelled and declined is delivered as time_off.*, signed', async () => {
    const church = await newOrganization('Leave Church')
    const member = await newStaffMember(church.cookie)
    const hook = await make(
      '/time-off',
      ['time_off.requested', 'time_off.approved', 'time_off.rejected', 'time_off.cancelled'],
      church.cookie,
    )
    const approvals = await make('/time-off-approved', ['time_off.approved'], church.cookie)
    const granted = await callRoute(createAdjustment, {
      cookies: [church.cookie],
      body: { employeeId: member.user.id, kind: 'vacation', hours: 16, reason: 'Starting balance' },
    })
    expect(granted.status, granted.text).toBe(200)
    const monday = addDays(currentWeekStart('America/Chicago', 'monday'), 21)
    const ask = async (day: string) => {
      const res = await callRoute(createTimeOff, {
        cookies: [member.cookie],
        body: { kind: 'vacation', from: day, to: day },
      })
      expect(res.status, res.text).toBe(200)
      return res.json as { id: string; hours: number }
    }
    const decideLeave = async (id: string, status: 'approved' | 'rejected', comments: string) => {
      const res = await callRoute(decideTimeOff, {
        cookies: [church.cookie],
        params: { id },
        body: { status, comments },
      })
      expect(res.status, res.text).toBe(200)
    }

    const first = await ask(monday)
    await decideLeave(first.id, 'approved', 'Enjoy')
    const cancelled = await callRoute(cancelTimeOff, { cookies: [member.cookie], params: { id: first.id } })
    expect(cancelled.status, cancelled.text).toBe(200)
    const second = await ask(addDays(monday, 1))
    await decideLeave(second.id, 'rejected', 'Short-staffed that day')

    // The approval, verified by standardwebhooks with its webhook's secret, and by no other.
    const [approved] = at('/time-off-approved')
    const payload = verify(approvals.secret, approved!)
    expect(payload).toMatchObject({
      type: 'time_off.approved',
      data: {
        timeOffId: first.id,
        employeeId: member.user.id,
        from: monday,
        to: monday,
        hours: first.hours,
        status: 'approved',
        by: { userId: church.supervisor.id },
      },
    })
    // Neither the kind of leave (sick, say) nor the decision's comment goes with it.
    expect(payload.data).not.toHaveProperty('kind')
    expect(JSON.stringify(payload)).not.toContain('Enjoy')
    expect(() => verify(hook.secret, approved!)).toThrow()
    const [delivery] = await (async () => {
      const res = await callRoute(listDeliveries, { cookies: [church.cookie], params: { id: approvals.id } })
      return WebhookDeliveryList.parse(res.json)
    })()
    expect(delivery).toMatchObject({ event: 'time_off.approved', status: 'delivered', statusCode: 200 })

    const all = at('/time-off').map((r) => verify(hook.secret, r))
    expect(all.map((p) => `${p.type} ${String(p.data.timeOffId)}`)).toEqual([
      `time_off.requested ${first.id}`,
      `time_off.approved ${first.id}`,
      `time_off.cancelled ${first.id}`,
      `time_off.requested ${second.id}`,
      `time_off.rejected ${second.id}`,
    ])
    expect(all[0]!.data).toMatchObject({ status: 'pending', by: { userId: member.user.id } })
    expect(all[2]!.data).toMatchObject({ status: 'cancelled', by: { userId: member.user.id } })
    expect(all[4]!.data).toMatchObject({ status: 'rejected' })
    expect(JSON.stringify(all)).not.toMatch(/vacation|Short-staffed/)
  })

  it('bad input is a 400 naming the field and creates nothing', async () => {
    const before = WebhookList.parse((await callRoute(listWebhooks, { cookies: [org.cookie] })).json).length
    for (const [body, field] of [
      [{ url: 'not a url', events: ['timesheet.approved'] }, 'url'],
      [{ url: 'ftp://example.org/x', events: ['timesheet.approved'] }, 'url'],
      [{ url: `${base}/x`, events: [] }, 'events'],
      [{ url: `${base}/x`, events: ['timesheet.deleted'] }, 'events'],
    ] as const) {
      const res = await callRoute(createWebhook, { cookies: [org.cookie], body })
      expect(res.status, res.text).toBe(400)
      expect(Object.keys(res.json.fields ?? {}).map((k) => k.split('.')[0])).toEqual([field])
    }
    const after = WebhookList.parse((await callRoute(listWebhooks, { cookies: [org.cookie] })).json).length
    expect(after).toBe(before)
  })

  it('staff get 403; another organization gets 404 and changes nothing; no API token reaches webhooks', async () => {
    const hook = await make('/guarded', ['member.added'])
    for (const [route, params, body] of [
      [listWebhooks, {}, undefined],
      [createWebhook, {}, { url: `${base}/x`, events: ['member.added'] }],
      [deleteWebhook, { id: hook.id }, undefined],
      [getWebhook, { id: hook.id }, undefined],
      [listDeliveries, { id: hook.id }, undefined],
      [redeliver, { id: hook.id, deliveryId: 'abc' }, undefined],
    ] as const) {
      const res = await callRoute(route, { cookies: [staff.cookie], params, body })
      expect(res.status, `${route.path}: ${res.text}`).toBe(403)
    }
    for (const [route, params] of [
      [deleteWebhook, { id: hook.id }],
      [getWebhook, { id: hook.id }],
      [listDeliveries, { id: hook.id }],
      [redeliver, { id: hook.id, deliveryId: 'abc' }],
    ] as const) {
      const res = await callRoute(route, { cookies: [other.cookie], params })
      expect(res.status, `${route.path}: ${res.text}`).toBe(404)
    }
    const othersList = await callRoute(listWebhooks, { cookies: [other.cookie] })
    expect(WebhookList.parse(othersList.json).map((w) => w.id)).not.toContain(hook.id)

    const token = await callRoute(createToken, {
      cookies: [org.cookie],
      body: { name: 'Everything', scopes: ['timesheets:read', 'timesheets:decide', 'members:read', 'payroll:read'] },
    })
    const bearer = { headers: { authorization: `Bearer ${token.json.token}` } }
    expect((await callRoute(listWebhooks, bearer)).status).toBe(403)
    expect((await callRoute(getWebhook, { ...bearer, params: { id: hook.id } })).status).toBe(403)

    // GET /api/webhooks/{id}: its address and events, never its secret; a bad id is a 400.
    const one = await callRoute(getWebhook, { cookies: [org.cookie], params: { id: hook.id } })
    expect(one.status, one.text).toBe(200)
    expect(WebhookView.strict().parse(one.json)).toEqual(
      WebhookList.parse((await callRoute(listWebhooks, { cookies: [org.cookie] })).json).find((w) => w.id === hook.id),
    )
    expect(one.text).not.toContain('whsec_')
    expect((await callRoute(getWebhook, { cookies: [org.cookie], params: { id: 'not an id!' } })).status).toBe(400)
    const viaToken = await callRoute(createWebhook, { ...bearer, body: { url: `${base}/x`, events: ['member.added'] } })
    expect(viaToken.status).toBe(403)

    // Deleted by its own organization: gone from the list, recorded in the audit trail with its creation.
    const del = await callRoute(deleteWebhook, { cookies: [org.cookie], params: { id: hook.id } })
    expect(del.status, del.text).toBe(204)
    expect((await callRoute(deleteWebhook, { cookies: [org.cookie], params: { id: hook.id } })).status).toBe(404)
    expect((await callRoute(getWebhook, { cookies: [org.cookie], params: { id: hook.id } })).status).toBe(404)
    const list = WebhookList.parse((await callRoute(listWebhooks, { cookies: [org.cookie] })).json)
    expect(list.map((w) => w.id)).not.toContain(hook.id)
    const audit = AuditPage.parse((await callRoute(listAudit, { cookies: [org.cookie] })).json).items
    const records = audit.filter((e) => e.changes?.some((c) => String(c.before ?? c.after).includes('/guarded')))
    expect(records.map((e) => e.action).sort()).toEqual(['webhook.created', 'webhook.deleted'])
  })
})

describe('where a delivery may go (AWS rules, checked at delivery after DNS)', () => {
  it('the lookup refuses a name that resolves to loopback, so a rebinding name cannot reach it', async () => {
    const refused = await new Promise<Error | null>((resolve) =>
      checkedLookup(false)('localhost', {}, (error) => resolve(error)),
    )
    expect(refused?.message).toBe('The URL may not point to a private, loopback or link-local address')
    const allowedLocally = await new Promise<Error | null>((resolve) =>
      checkedLookup(true)('localhost', {}, (error) => resolve(error)),
    )
    expect(allowedLocally).toBeNull()
  })

  it('on AWS a delivery to the loopback receiver is refused before anything is sent', async () => {
    const before = received.length
    const viaName = await postJson(`https://localhost.:${new URL(base).port}/aws`, '{}', {}, false)
    expect(viaName.statusCode).toBeNull()
    const plain = await postJson(`${base}/aws`, '{}', {}, false)
    expect(plain).toEqual({ statusCode: null, error: 'The URL must use https' })
    expect(received.length).toBe(before)
  })
})
