import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { cognitoClient, filesFor, staffPool, withEnvironment } from '@app/adapters'
import { addDays, dateInZone, ERASE_AFTER_DAYS, erasureRunDate, OrganizationClosure } from '@app/core'
import { closures, orgDb, system } from '@app/data'
import { createTestOrganization, itemsMentioning, keys, table } from '@app/data/testing'
import { callRoute, sessionCookieFor, type TestRequest } from '../../test/support/test-event.ts'
import type { Route } from '../http/define-route.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox } from '../../test/support/test-inbox.ts'
import { startStripeDouble } from '../../test/support/test-stripe.ts'
import getUser from '../auth/get-user.ts'
import { jobEnvironments } from '@app/infra/lib/environment.ts'
import { eraseClosedJob, ERASER, handler as scheduledErasure } from '../jobs/erase-closed.ts'
import listMembers from '../members/list-members.ts'
import listTimesheets from '../timesheets/list-timesheets.ts'
import createToken from '../tokens/create-token.ts'
import closeOrganization from './close-organization.ts'
import getSettings from './get-settings.ts'
import reopenOrganization from './reopen-organization.ts'

/**
 * Closing an organization: access ends at once for sessions and API tokens, a
 * supervisor may reopen it within 30 days, and the erasure job then leaves nothing of it but its
 * tombstone: no item, file or staff sign-in account, and another organization untouched.
 */
type Org = Awaited<ReturnType<typeof newOrganization>>
type Staff = Awaited<ReturnType<typeof newStaffMember>>
let double: Awaited<ReturnType<typeof startStripeDouble>>

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })
const tokenOf = async (org: Org) => {
  const res = await callRoute(createToken, { cookies: [org.cookie], body: { name: 'Sync', scopes: ['members:read'] } })
  return res.json.token as string
}
const close = (org: Org, confirm: unknown = org.organization.name, cookie = org.cookie) =>
  callRoute(closeOrganization, { cookies: [cookie], body: { confirm } })
const actions = async (org: Org) => (await orgDb(org.organization.id).exports.auditTrail()).map((e) => e.action)

beforeAll(async () => {
  double = await startStripeDouble()
  process.env.STRIPE_SECRET_KEY = 'sk_test_local'
  process.env.STRIPE_API_BASE = double.url
})
afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY
  await double.stop()
})

describe('close and reopen', () => {
  let org: Org
  let staff: Staff
  let token: string
  beforeAll(async () => {
    org = await newOrganization('Closing Church')
    staff = await newStaffMember(org.cookie)
    token = await tokenOf(org)
  }, 30_000)

  it('refuses anything but the exact name with a 400 naming confirm, and changes nothing', async () => {
    for (const confirm of [`${org.organization.name} `, org.organization.name.toUpperCase(), '', 42]) {
      const res = await close(org, confirm)
      expect(res.status, res.text).toBe(400)
      expect(Object.keys(res.json.fields ?? {})).toContain('confirm')
    }
    const missing = await callRoute(closeOrganization, { cookies: [org.cookie], body: {} })
    expect(missing.status).toBe(400)
    expect(missing.json.fields).toHaveProperty('confirm')
    expect(await orgDb(org.organization.id).closure.state()).toBeUndefined()
    expect((await callRoute(listTimesheets, { cookies: [staff.cookie] })).status).toBe(200)
    expect(await actions(org)).not.toContain('organization.closed')
  })

  it('is for supervisors: staff get 403 and nothing closes', async () => {
    expect((await close(org, org.organization.name, staff.cookie)).status).toBe(403)
    expect(await orgDb(org.organization.id).closure.state()).toBeUndefined()
  })

  it('cancels the subscription, refuses every session and token at once, and reopens within the 30 days', async () => {
    double.subscriptions.set('sub_closing', { id: 'sub_closing', object: 'subscription', status: 'active' })
    await table.update(keys.organization(org.organization.id), {
      UpdateExpression: 'SET stripeSubscriptionId = :s',
      ExpressionAttributeValues: { ':s': 'sub_closing' },
    })
    expect((await callRoute(listMembers, bearer(token))).status).toBe(200)

    const res = await close(org)
    expect(res.status, res.text).toBe(200)
    const closure = OrganizationClosure.parse(res.json)
    expect(closure.eraseOn).toBe(addDays(dateInZone(closure.closedAt, 'America/Chicago'), ERASE_AFTER_DAYS))
    expect(double.subscriptions.get('sub_closing')?.status).toBe('canceled')
    expect(double.requests.some((r) => r.method === 'DELETE' && r.path === '/v1/subscriptions/sub_closing')).toBe(true)
    expect(await actions(org)).toContain('organization.closed')

    // From the very next request: staff, the supervisor and the token reach nothing.
    const calls: [Route, TestRequest][] = [
      [listTimesheets, { cookies: [staff.cookie] }],
      [listMembers, { cookies: [org.cookie] }],
      [listMembers, bearer(token)],
    ]
    for (const [route, request] of calls) {
      const refused = await callRoute(route, request)
      expect(refused.status).toBe(403)
      expect(refused.json).toMatchObject({ message: 'This organization is closed', closure })
    }
    expect((await callRoute(getSettings, { cookies: [org.cookie] })).status).toBe(403)
    // Who they are still answers, with the closure, so the web shows the closed screen.
    const me = await callRoute(getUser, { cookies: [org.cookie] })
    expect(me.status).toBe(200)
    expect(me.json.organizationClosed).toEqual(closure)
    // A second close cannot happen (the closed organization reaches no route but these).
    expect((await close(org)).status).toBe(403)

    expect((await callRoute(reopenOrganization, { cookies: [staff.cookie] })).status).toBe(403)
    const reopened = await callRoute(reopenOrganization, { cookies: [org.cookie] })
    expect(reopened.status, reopened.text).toBe(204)
    expect((await callRoute(listTimesheets, { cookies: [staff.cookie] })).status).toBe(200)
    expect((await callRoute(listMembers, bearer(token))).status).toBe(200)
    expect((await callRoute(getUser, { cookies: [org.cookie] })).json.organizationClosed).toBeUndefined()
    expect(await actions(org)).toContain('organization.reopened')
    expect((await callRoute(reopenOrganization, { cookies: [org.cookie] })).status).toBe(409)
  })

  it('cannot be reopened on or after the erasure date', async () => {
    const other = await newOrganization('Late Church')
    expect((await close(other)).status).toBe(200)
    await table.update(keys.closure(other.organization.id), {
      UpdateExpression: 'SET eraseOn = :d',
      ExpressionAttributeValues: { ':d': '2000-01-01' },
    })
    const late = await callRoute(reopenOrganization, { cookies: [other.cookie] })
    expect(late.status).toBe(409)
    expect(late.json.message).toBe('This organization can no longer be reopened')
    await table.delete(keys.closure(other.organization.id))
  })
})

describe('the erasure job', () => {
  let a: Org
  let b: Org
  let staffA: Staff
  let staffB: Staff
  let eraseOn: string
  const files = (org: Org) => filesFor(org.organization.id)
  const storeFiles = async (org: Org) => {
    await files(org)
      .logo('logo.png')
      .put(new Uint8Array([137, 80, 78, 71]), 'image/png')
    await files(org).timesheetCsv(1, 1, 'en').put('Id\n1\n')
    await files(org).report('payroll-gusto').put('a,b\n')
    await files(org)
      .dataExport(randomUUID())
      .put(new Uint8Array([80, 75, 5, 6]), 'export.zip')
  }

  beforeAll(async () => {
    ;[a, b] = await Promise.all([newOrganization('Erased Church'), newOrganization('Kept Church')])
    ;[staffA, staffB] = await Promise.all([newStaffMember(a.cookie), newStaffMember(b.cookie)])
    await Promise.all([tokenOf(a), tokenOf(b), storeFiles(a), storeFiles(b)])
    const res = await close(a)
    expect(res.status, res.text).toBe(200)
    eraseOn = OrganizationClosure.parse(res.json).eraseOn
  }, 60_000)

  it('warns the supervisors once a week before, and erases nothing before the date', async () => {
    expect((await eraseClosedJob(addDays(eraseOn, -8))).erased).toBe(0)
    expect((await closures.find(a.organization.id))?.warnedAt).toBeUndefined()
    const week = await eraseClosedJob(addDays(eraseOn, -7))
    expect(week.warned).toBeGreaterThanOrEqual(1)
    expect(week.erased).toBe(0)
    expect((await closures.find(a.organization.id))?.warnedAt).toBeDefined()
    const mail = await inbox(a.supervisor.email!)
    expect(mail.some((m) => m.subject.includes('will be erased on'))).toBe(true)
    // The day before: still there, and no second warning.
    const before = await eraseClosedJob(addDays(eraseOn, -1))
    expect(before.erased).toBe(0)
    expect((await inbox(a.supervisor.email!)).length).toBe(mail.length)
    expect(await itemsMentioning(a.organization.id)).not.toHaveLength(1)
  })

  it('leaves no item, file or sign-in account of the organization, only its tombstone, and the other untouched', async () => {
    const bItems = (await itemsMentioning(b.organization.id)).length
    expect(await staffPool.checkPassword(staffA.credentials.username, staffA.credentials.password)).toBe(true)
    const run = await eraseClosedJob(eraseOn)
    expect(run.erased).toBeGreaterThanOrEqual(1)

    const left = await itemsMentioning(a.organization.id)
    expect(left.map((i) => `${String(i.pk)} ${String(i.sk)}`)).toEqual([`CLOSED#${a.organization.id} CLOSED`])
    const tombstone = await closures.find(a.organization.id)
    expect(tombstone).toMatchObject({ orgId: a.organization.id, closedBy: a.supervisor.id, erasedBy: ERASER })
    expect(tombstone?.erasedAt).toBeDefined()
    expect(await files(a).eraseAll()).toBe(0) // nothing left under its prefix in either bucket
    expect(await staffPool.checkPassword(staffA.credentials.username, staffA.credentials.password)).toBe(false)
    expect((await callRoute(getUser, { cookies: [a.cookie] })).status).toBe(401)

    // The other organization: every item, file, account and session as it was.
    expect((await itemsMentioning(b.organization.id)).length).toBe(bItems)
    expect(await files(b).timesheetCsv(1, 1, 'en').exists()).toBe(true)
    expect(await staffPool.checkPassword(staffB.credentials.username, staffB.credentials.password)).toBe(true)
    expect((await callRoute(listTimesheets, { cookies: [staffB.cookie] })).status).toBe(200)

    // Running it again erases nothing more.
    expect(await eraseClosedJob(eraseOn)).toEqual({ warned: 0, erased: 0 })
    expect(await closures.find(a.organization.id)).toEqual(tombstone)
    expect((await itemsMentioning(b.organization.id)).length).toBe(bItems)
    // Four scans of the whole shared table and two runs of the job: some 8 s alone, three times
    // that late in a full run on two cores, when the table holds every test's items.
  }, 60_000)

  it("deletes the supervisor accounts whose only organization it was, and its members' sign-in attempt counters", async () => {
    // A supervisor pool in the emulator, as Supervisor Login's Cognito pool is on AWS.
    const cognito = cognitoClient()
    const pool = (await cognito.send(new CreateUserPoolCommand({ PoolName: `supervisors-${randomUUID()}` }))).UserPool!
    const issuer = `http://127.0.0.1:9229/${pool.Id!}`
    const account = async (email: string) => {
      await cognito.send(
        new AdminCreateUserCommand({ UserPoolId: pool.Id!, Username: email, MessageAction: 'SUPPRESS' }),
      )
      return email
    }
    const subOf = async (username: string) => {
      const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: pool.Id!, Username: username }))
      return user.UserAttributes!.find((a) => a.Name === 'sub')!.Value!
    }
    const exists = (username: string) =>
      cognito.send(new AdminGetUserCommand({ UserPoolId: pool.Id!, Username: username })).then(
        () => true,
        (e: Error) => (e.name === 'UserNotFoundException' ? false : Promise.reject(e)),
      )
    const [only, moved] = await Promise.all([
      account(`only-${randomUUID()}@x.org`),
      account(`moved-${randomUUID()}@x.org`),
    ])
    const [onlySub, movedSub] = await Promise.all([subOf(only), subOf(moved)])

    // F's supervisor signs in through the pool; so did a supervisor who left F and now runs G.
    const f = await createTestOrganization({
      firstName: 'Fay',
      lastName: 'Pool',
      issuer,
      subject: onlySub,
      email: only,
    })
    await createTestOrganization({ firstName: 'Gus', lastName: 'Moved', issuer, subject: movedSub, email: moved })
    await table.put({
      ...keys.user(f.organization.id, 'left-supervisor'),
      id: 'left-supervisor',
      role: 'supervisor',
      firstName: 'Gus',
      lastName: 'Moved',
      issuer,
      subject: movedSub,
      removedAt: new Date().toISOString(),
    })
    const cookie = await sessionCookieFor({ orgId: f.organization.id, userId: f.user.id })
    const staffF = await newStaffMember(cookie)
    const staffB = await newStaffMember(b.cookie)
    // Failed staff sign-ins, counted per username and address.
    for (const address of ['203.0.113.7', '198.51.100.8'])
      await system.loginAttempts.begin(staffF.credentials.username, address)
    await system.loginAttempts.begin(staffB.credentials.username, '203.0.113.7')

    expect((await close({ organization: f.organization, supervisor: f.user, cookie } as Org)).status).toBe(200)
    const fEraseOn = (await closures.find(f.organization.id))!.eraseOn
    process.env.SUPERVISOR_USER_POOL_ID = pool.Id!
    try {
      expect((await eraseClosedJob(fEraseOn)).erased).toBeGreaterThanOrEqual(1)
    } finally {
      delete process.env.SUPERVISOR_USER_POOL_ID
    }
    expect(await exists(only)).toBe(false)
    expect(await exists(moved)).toBe(true) // G's supervisor keeps their account, and G its sign-in
    expect(await system.findBySubject(issuer, movedSub)).toBeDefined()
    for (const address of ['203.0.113.7', '198.51.100.8'])
      expect(await table.get(keys.loginAttempts(staffF.credentials.username, address))).toBeUndefined()
    expect(await system.loginAttempts.count(staffB.credentials.username, '203.0.113.7')).toBe(1)
    expect(await itemsMentioning(f.organization.id)).toHaveLength(1)
  }, 60_000)

  it('deletes audit records one by one, never in a batch (all its role may do with them on AWS)', async () => {
    const d = await newOrganization('Audited Church')
    await newStaffMember(d.cookie)
    const closed = await close(d)
    const dEraseOn = OrganizationClosure.parse(closed.json).eraseOn
    expect(await actions(d)).toContain('organization.closed')
    const batched = vi.spyOn(table, 'deleteMany')
    const oneByOne = vi.spyOn(table, 'deleteEach')
    try {
      expect((await eraseClosedJob(dEraseOn)).erased).toBe(1)
      const inBatches = batched.mock.calls.flatMap(([ks]) => ks)
      expect(inBatches.length).toBeGreaterThan(0)
      expect(inBatches.filter((k) => k.pk === keys.auditPartition(d.organization.id))).toEqual([])
      expect(inBatches.filter((k) => k.pk.endsWith('#AUDIT'))).toEqual([])
      const single = oneByOne.mock.calls.flatMap(([ks]) => ks)
      expect(single.length).toBeGreaterThanOrEqual(2) // its sign-up, member and closure records at least
      expect(single.every((k) => k.pk === keys.auditPartition(d.organization.id))).toBe(true)
    } finally {
      batched.mockRestore()
      oneByOne.mockRestore()
    }
    expect(await itemsMentioning(d.organization.id)).toHaveLength(1)
  }, 60_000)

  it('runs on its schedule with only its function’s environment, as of the date it runs', async () => {
    const e = await newOrganization('Scheduled Church')
    const staffE = await newStaffMember(e.cookie)
    await storeFiles(e)
    expect((await close(e)).status).toBe(200)
    // Its erasure date has come, as the scheduled run reckons the date.
    const today = erasureRunDate(new Date())
    await table.update(keys.closure(e.organization.id), {
      UpdateExpression: 'SET eraseOn = :d, gsi1sk = :s',
      ExpressionAttributeValues: { ':d': today, ':s': keys.closureSort(today, e.organization.id) },
    })
    // What its function has on AWS and on the local stack's timer (infra/lib/environment.ts), plus
    // the runtime's (region, credentials, the emulators' addresses): no other variable.
    const env = process.env as Record<string, string>
    const runtime = Object.fromEntries(
      Object.entries(env).filter(([k]) => /^AWS_(REGION|ACCESS_KEY_ID|SECRET_ACCESS_KEY)$|_ENDPOINT$/.test(k)),
    )
    const own = jobEnvironments.eraseClosed({
      appOrigin: env.APP_ORIGIN!,
      tableName: env.TABLE_NAME!,
      mailFrom: env.MAIL_FROM!,
      staffPoolId: env.STAFF_USER_POOL_ID!,
      exportsBucket: env.EXPORTS_BUCKET!,
      logosBucket: env.LOGOS_BUCKET!,
    })
    expect(Object.keys(own)).not.toContain('EMAIL_LINK_SECRET')
    const run = await withEnvironment({ ...runtime, ...own }, () => scheduledErasure())
    expect(run.erased).toBeGreaterThanOrEqual(1)
    expect(await itemsMentioning(e.organization.id)).toHaveLength(1)
    expect(await files(e).eraseAll()).toBe(0)
    expect(await staffPool.checkPassword(staffE.credentials.username, staffE.credentials.password)).toBe(false)
  }, 60_000)

  it('finishes an erasure interrupted midway on the next run', async () => {
    const c = await newOrganization('Crashed Church')
    const staffC = await newStaffMember(c.cookie)
    await storeFiles(c)
    const closed = await close(c)
    const cEraseOn = OrganizationClosure.parse(closed.json).eraseOn
    // The run dies after its first batch of deletes (the pointers from outside the partitions).
    const real = table.deleteMany.bind(table)
    let calls = 0
    const spy = vi.spyOn(table, 'deleteMany').mockImplementation(async (...args) => {
      if (++calls > 1) throw new Error('the process died')
      return real(...args)
    })
    await expect(eraseClosedJob(cEraseOn)).rejects.toThrow('the process died')
    spy.mockRestore()
    expect((await closures.find(c.organization.id))?.erasedAt).toBeUndefined()
    expect((await itemsMentioning(c.organization.id)).length).toBeGreaterThan(1)

    expect((await eraseClosedJob(cEraseOn)).erased).toBe(1)
    expect(await itemsMentioning(c.organization.id)).toHaveLength(1)
    expect(await files(c).eraseAll()).toBe(0)
    expect(await staffPool.checkPassword(staffC.credentials.username, staffC.credentials.password)).toBe(false)
    expect(await eraseClosedJob(cEraseOn)).toEqual({ warned: 0, erased: 0 })
  }, 60_000)
})
