import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  API_ORG_RATE_PER_MINUTE,
  API_TOKEN_RATE_PER_MINUTE,
  apiTokenMessages,
  ApiTokenCreated,
  ApiTokenList,
  AuditPage,
  auditActorLabel,
  currentWeekStart,
  MAX_API_TOKENS,
  TimesheetHistory,
} from '@app/core'
import { apiTokens, orgDb } from '@app/data'
import { keys, table, type Item } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { pendingSheetOf } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import listAudit from '../audit/list-audit.ts'
import listMembers from '../members/list-members.ts'
import removeMember from '../members/remove-member.ts'
import updateMember from '../members/update-member.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import getHistory from '../timesheets/get-history.ts'
import listTimesheets from '../timesheets/list-timesheets.ts'
import updateStatus from '../timesheets/update-status.ts'
import updateSettings from '../organization/update-settings.ts'
import getHolidays from '../organization/get-holidays.ts'
import updateHolidays from '../organization/update-holidays.ts'
import cancelTimeOff from '../time-off/cancel-time-off.ts'
import createAdjustment from '../time-off/create-adjustment.ts'
import createTimeOff from '../time-off/create-time-off.ts'
import decideTimeOff from '../time-off/decide-time-off.ts'
import getBalances from '../time-off/get-balances.ts'
import getTimeOffPolicies from '../time-off/get-policies.ts'
import listTimeOff from '../time-off/list-time-off.ts'
import updateTimeOffPolicies from '../time-off/update-policies.ts'
import createToken from './create-token.ts'
import listTokens from './list-tokens.ts'
import revokeToken from './revoke-token.ts'

/**
 * The scenario: a supervisor makes a token with only `timesheets:read`; it lists
 * timesheets with `Authorization: Bearer`, is refused (403, naming the scope) on the members list
 * and on every write, and is 401 once revoked. A `timesheets:decide` token approves, recorded as
 * by the token.
 */
let org: Awaited<ReturnType<typeof newOrganization>>
let staff: Awaited<ReturnType<typeof newStaffMember>>
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })

const make = async (name: string, scopes: string[]) => {
  const res = await callRoute(createToken, { cookies: [org.cookie], body: { name, scopes } })
  expect(res.status, res.text).toBe(200)
  return ApiTokenCreated.parse(res.json)
}

/** A pending timesheet of the staff member, each a week further back. */
let weeksBack = 0
const pendingSheet = () => pendingSheetOf(org.organization.id, staff.user, ++weeksBack)

beforeAll(async () => {
  process.env.TIMESHEET_WEEKS_BACK = '2000'
  org = await newOrganization('Token Church')
  staff = await newStaffMember(org.cookie)
}, 60_000)

describe('API tokens', () => {
  it('a timesheets:read token lists timesheets, is refused elsewhere, and is 401 once revoked', async () => {
    const sheet = await pendingSheet()
    const created = await make('Planning Center', ['timesheets:read'])
    expect(created.token).toMatch(/^mtk_[A-Za-z0-9_-]{43}$/)
    expect(created.scopes).toEqual(['timesheets:read'])

    const listed = await callRoute(listTimesheets, bearer(created.token))
    expect(listed.status, listed.text).toBe(200)
    expect(listed.json.items.map((i: { id: number }) => i.id)).toContain(sheet.id)

    const members = await callRoute(listMembers, bearer(created.token))
    expect(members.status).toBe(403)
    expect(members.json.message).toBe('This API token lacks the members:read scope')
    expect(members.json.key).toBe('apiTokenMissingScope')

    const decide = await callRoute(updateStatus, {
      ...bearer(created.token),
      params: { id: String(sheet.id) },
      body: { status: 'approved', comments: '' },
    })
    expect(decide.status).toBe(403)
    expect(decide.json.message).toBe('This API token lacks the timesheets:decide scope')
    for (const [route, body] of [
      [createTimesheet, { weekStartDate: '2019-01-07' }],
      [updateSettings, { organizationName: 'Taken over' }],
      [createToken, { name: 'Escalate', scopes: ['members:read'] }],
    ] as const) {
      const res = await callRoute(route, { ...bearer(created.token), body })
      expect(res.status, `${route.path}: ${res.text}`).toBe(403)
      expect(res.json.message).toBe('API tokens cannot be used for this request')
    }
    expect((await orgDb(org.organization.id).timesheets.get(sheet.id)).status).toBe('pending')
    expect((await orgDb(org.organization.id).organization.get()).name).toBe(org.organization.name)

    // Listed without its secret, with when it was last used; the table keeps only a hash.
    const list = await callRoute(listTokens, { cookies: [org.cookie] })
    expect(list.status).toBe(200)
    const mine = ApiTokenList.parse(list.json).find((t) => t.id === created.id)!
    expect(mine.lastUsedAt).not.toBeNull()
    expect(list.text).not.toContain(created.token)
    const stored = await table.queryAll({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': keys.orgApiTokens(org.organization.id) },
    })
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(4))

    const revoked = await callRoute(revokeToken, { cookies: [org.cookie], params: { id: created.id } })
    expect(revoked.status, revoked.text).toBe(204)
    const after = await callRoute(listTimesheets, bearer(created.token))
    expect(after.status).toBe(401)
    expect(after.json.message).toBe('Invalid or revoked API token')
    const again = await callRoute(revokeToken, { cookies: [org.cookie], params: { id: created.id } })
    expect(again.status).toBe(404)

    // Both are in the audit trail, by the supervisor.
    const audit = AuditPage.parse((await callRoute(listAudit, { cookies: [org.cookie] })).json).items
    const actions = audit.map((e) => e.action)
    expect(actions).toEqual(expect.arrayContaining(['apiToken.created', 'apiToken.revoked']))
  })

  it('is rate-limited per token: past its requests of the minute it gets 429, and another token does not', async () => {
    const busy = await make('Busy sync', ['timesheets:read'])
    const calm = await make('Calm sync', ['timesheets:read'])
    // Start well inside a minute, so the window does not turn over while it fills.
    if (new Date().getSeconds() > 40) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000))
    let used = 0
    while ((await apiTokens.countUse(busy.token)) && used < 2 * API_TOKEN_RATE_PER_MINUTE) used++
    expect(used).toBe(API_TOKEN_RATE_PER_MINUTE)
    const refused = await callRoute(listTimesheets, bearer(busy.token))
    expect(refused.status).toBe(429)
    expect(refused.json.message).toBe(apiTokenMessages.rateLimited)
    // When the next minute's window opens, in whole seconds.
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect((await callRoute(listTimesheets, bearer(calm.token))).status).toBe(200)
  }, 120_000)

  it("a timesheets:decide token approves as the supervisor's session would, recorded by the token's name", async () => {
    const sheet = await pendingSheet()
    const { token } = await make('Payroll sync', ['timesheets:decide'])
    const res = await callRoute(updateStatus, {
      ...bearer(token),
      params: { id: String(sheet.id) },
      body: { status: 'approved', comments: 'Approved by sync' },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json.status).toBe('approved')
    const history = TimesheetHistory.parse(
      (await callRoute(getHistory, { cookies: [org.cookie], params: { id: String(sheet.id) } })).json,
    )
    const approval = history.find((e) => e.action === 'timesheet.approved')!
    expect(approval.actor).toMatchObject({ userId: org.supervisor.id, via: 'apiToken', tokenName: 'Payroll sync' })
    expect(auditActorLabel(approval.actor)).toBe('API token Payroll sync')
  })

  it('is for supervisors only, and a bad request is a clear 400 that makes nothing', async () => {
    const staffTry = await callRoute(createToken, {
      cookies: [staff.cookie],
      body: { name: 'x', scopes: ['timesheets:read'] },
    })
    expect(staffTry.status).toBe(403)
    expect((await callRoute(listTokens, { cookies: [staff.cookie] })).status).toBe(403)
    const before = ApiTokenList.parse((await callRoute(listTokens, { cookies: [org.cookie] })).json).length
    for (const body of [
      { name: '', scopes: ['timesheets:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['settings:write'] },
      { name: 'x'.repeat(61), scopes: ['timesheets:read'] },
    ]) {
      const res = await callRoute(createToken, { cookies: [org.cookie], body })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect(ApiTokenList.parse((await callRoute(listTokens, { cookies: [org.cookie] })).json)).toHaveLength(before)
  })

  it("a token dies with its maker's place as a supervisor", async () => {
    const second = await newStaffMember(org.cookie, 'supervisor')
    const res = await callRoute(createToken, {
      cookies: [second.cookie],
      body: { name: 'Leaving', scopes: ['timesheets:read'] },
    })
    const { token } = ApiTokenCreated.parse(res.json)
    expect((await callRoute(listTimesheets, bearer(token))).status).toBe(200)
    await orgDb(org.organization.id).members.update(second.user.id, { role: 'employee' }, org.supervisor)
    expect((await callRoute(listTimesheets, bearer(token))).status).toBe(401)
  })
})

describe('a token whose maker stops being a supervisor', () => {
  const roleOf = (id: string, role: 'employee' | 'supervisor') =>
    callRoute(updateMember, { cookies: [org.cookie], params: { id }, body: { role } })
  const makeAs = async (cookie: string, name: string) => {
    const res = await callRoute(createToken, { cookies: [cookie], body: { name, scopes: ['timesheets:read'] } })
    expect(res.status, res.text).toBe(200)
    return ApiTokenCreated.parse(res.json)
  }
  const listedIds = async () =>
    ApiTokenList.parse((await callRoute(listTokens, { cookies: [org.cookie] })).json).map((t) => t.id)
  const revokedRecords = async (name: string) =>
    AuditPage.parse((await callRoute(listAudit, { cookies: [org.cookie] })).json).items.filter(
      (e) => e.action === 'apiToken.revoked' && e.changes?.some((c) => c.before === name),
    )
  const storedToken = (token: string) =>
    table.get(keys.apiToken(createHash('sha256').update(token).digest('base64url')))

  it('is revoked by the demotion, listed no more, recorded, and stays dead when they are a supervisor again', async () => {
    const second = await newStaffMember(org.cookie, 'supervisor')
    const made = await makeAs(second.cookie, 'Demoted maker')
    expect((await callRoute(listTimesheets, bearer(made.token))).status).toBe(200)

    expect((await roleOf(second.user.id, 'employee')).status).toBe(200)
    expect((await callRoute(listTimesheets, bearer(made.token))).status).toBe(401)
    expect(await listedIds()).not.toContain(made.id)
    const [record] = await revokedRecords('Demoted maker')
    expect(record?.actor).toMatchObject({ userId: org.supervisor.id })

    expect((await roleOf(second.user.id, 'supervisor')).status).toBe(200)
    const after = await callRoute(listTimesheets, bearer(made.token))
    expect(after.status).toBe(401)
    expect(after.json.message).toBe(apiTokenMessages.invalid)
  })

  it('left behind by the clean-up after a demotion, still never works again after a promotion', async () => {
    const second = await newStaffMember(org.cookie, 'supervisor')
    const made = await makeAs(second.cookie, 'Left behind')
    const stored = await storedToken(made.token)
    expect((await roleOf(second.user.id, 'employee')).status).toBe(200)
    expect((await roleOf(second.user.id, 'supervisor')).status).toBe(200)
    // As if the clean-up had missed it (a crash after the role change committed): the item back as it was.
    await table.put(stored as Item)
    expect((await callRoute(listTimesheets, bearer(made.token))).status).toBe(401)
  })

  it('is revoked with its maker’s removal, listed no more and recorded', async () => {
    const second = await newStaffMember(org.cookie, 'supervisor')
    const made = await makeAs(second.cookie, 'Removed maker')
    const removed = await callRoute(removeMember, { cookies: [org.cookie], params: { id: second.user.id } })
    expect(removed.status, removed.text).toBe(204)
    expect((await callRoute(listTimesheets, bearer(made.token))).status).toBe(401)
    expect(await listedIds()).not.toContain(made.id)
    expect(await revokedRecords('Removed maker')).toHaveLength(1)
    expect(await storedToken(made.token)).toBeUndefined()
  })

  it('cannot be made by one who stopped being a supervisor while asking (403), so none escapes the demotion', async () => {
    const second = await newStaffMember(org.cookie, 'supervisor')
    const asked = (await orgDb(org.organization.id).users.find(second.user.id))!
    expect((await roleOf(second.user.id, 'employee')).status).toBe(200)
    await expect(
      orgDb(org.organization.id).apiTokens.create({ name: 'Too late', scopes: ['timesheets:read'] }, asked),
    ).rejects.toMatchObject({ status: 403 })
    expect((await roleOf(second.user.id, 'supervisor')).status).toBe(200)
    const names = ApiTokenList.parse((await callRoute(listTokens, { cookies: [org.cookie] })).json).map((t) => t.name)
    expect(names).not.toContain('Too late')
  })
})

/** A pending vacation request of the staff member, a weekday further ahead each time (they are granted the hours first). */
let daysAhead = 14
const pendingTimeOff = async () => {
  const granted = await callRoute(createAdjustment, {
    cookies: [org.cookie],
    body: { employeeId: staff.user.id, kind: 'vacation', hours: 8, reason: 'Granted for the test' },
  })
  expect(granted.status, granted.text).toBe(200)
  const day = addDays(currentWeekStart('America/Chicago', 'monday'), (daysAhead += 7))
  const res = await callRoute(createTimeOff, {
    cookies: [staff.cookie],
    body: { kind: 'vacation', from: day, to: day },
  })
  expect(res.status, res.text).toBe(200)
  return res.json as { id: string; from: string }
}

describe('time off through the API', () => {
  it('a time-off:read token lists time off, balances, policies and holidays, and is refused everywhere else', async () => {
    const request = await pendingTimeOff()
    const { token } = await make('HR sync', ['time-off:read'])

    const listed = await callRoute(listTimeOff, bearer(token))
    expect(listed.status, listed.text).toBe(200)
    expect(listed.json.items.map((i: { id: string }) => i.id)).toContain(request.id)
    const balances = await callRoute(getBalances, { ...bearer(token), query: { employeeId: staff.user.id } })
    expect(balances.status, balances.text).toBe(200)
    expect(balances.json.employeeId).toBe(staff.user.id)
    expect((await callRoute(getTimeOffPolicies, bearer(token))).status).toBe(200)
    expect((await callRoute(getHolidays, bearer(token))).status).toBe(200)

    // Other capabilities: 403 naming the scope it lacks.
    const sheets = await callRoute(listTimesheets, bearer(token))
    expect(sheets.status).toBe(403)
    expect(sheets.json.message).toBe('This API token lacks the timesheets:read scope')
    const decide = await callRoute(decideTimeOff, {
      ...bearer(token),
      params: { id: request.id },
      body: { status: 'approved', comments: '' },
    })
    expect(decide.status).toBe(403)
    expect(decide.json.message).toBe('This API token lacks the time-off:decide scope')
    // Every other write of time off: never with a token.
    for (const [route, call] of [
      [createTimeOff, { body: { kind: 'vacation', from: request.from, to: request.from } }],
      [cancelTimeOff, { params: { id: request.id } }],
      [createAdjustment, { body: { employeeId: staff.user.id, kind: 'vacation', hours: 8, reason: 'Sync' } }],
      [updateTimeOffPolicies, { body: (await callRoute(getTimeOffPolicies, { cookies: [org.cookie] })).json }],
      [updateHolidays, { body: { holidays: [], blackouts: [] } }],
    ] as const) {
      const res = await callRoute(route, { ...bearer(token), ...call })
      expect(res.status, `${route.path}: ${res.text}`).toBe(403)
      expect(res.json.message).toBe('API tokens cannot be used for this request')
    }
    const after = await callRoute(listTimeOff, { cookies: [org.cookie] })
    expect(after.json.items.find((i: { id: string }) => i.id === request.id).status).toBe('pending')
  })

  it("a time-off:decide token approves a request as the supervisor's session would, recorded by the token's name", async () => {
    const request = await pendingTimeOff()
    const { token } = await make('Rota sync', ['time-off:decide'])
    expect((await callRoute(listTimeOff, bearer(token))).status).toBe(403)
    const res = await callRoute(decideTimeOff, {
      ...bearer(token),
      params: { id: request.id },
      body: { status: 'approved', comments: 'Approved by sync' },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json.status).toBe('approved')
    const audit = AuditPage.parse((await callRoute(listAudit, { cookies: [org.cookie] })).json).items
    const decision = audit.find((e) => e.action === 'timeOff.approved')!
    expect(decision.actor).toMatchObject({ userId: org.supervisor.id, via: 'apiToken', tokenName: 'Rota sync' })
    expect(auditActorLabel(decision.actor)).toBe('API token Rota sync')
  })
})

describe('the rate limit of one token', () => {
  it('counts requests per minute and refuses past the limit until the next minute', async () => {
    const { token } = await make('Busy', ['timesheets:read'])
    const minute = Date.UTC(2030, 0, 1, 12, 0, 5)
    const results = []
    for (let i = 0; i < 4; i++) results.push(await apiTokens.countUse(token, minute, 3))
    expect(results).toEqual([true, true, true, false])
    expect(await apiTokens.countUse(token, minute + 60_000, 3)).toBe(true)
  })
})

/** Makes the token's expiry lie in the past, as time passing would (its item and the organization's index). */
const expire = async (orgId: string, created: { id: string; token: string }) => {
  const past = new Date(Date.now() - 60_000).toISOString()
  await table.update(keys.apiToken(createHash('sha256').update(created.token).digest('base64url')), {
    UpdateExpression: 'SET expiresAt = :at',
    ExpressionAttributeValues: { ':at': past },
  })
  await table.update(keys.apiTokenIndex(orgId), {
    UpdateExpression: 'SET tokens.#id = :at',
    ExpressionAttributeNames: { '#id': created.id },
    ExpressionAttributeValues: { ':at': past },
  })
  return past
}

describe('an expiry, a limit of live tokens, and a rate of the whole organization', () => {
  it('takes an optional expiry in the future, lists it, and answers 401 once it passed, as for a revoked token', async () => {
    const { cookie, organization } = await newOrganization('Expiry Church')
    const create = (body: object) => callRoute(createToken, { cookies: [cookie], body })
    const bad: [unknown, string][] = [
      ['2020-01-01T00:00:00Z', 'Expiry must be in the future'],
      ['next week', 'Expiry must be a date and time like 2027-01-31T23:59:00Z'],
      ['2030-01-01', 'Expiry must be a date and time like 2027-01-31T23:59:00Z'],
    ]
    for (const [expiresAt, message] of bad) {
      const res = await create({ name: 'Bad', scopes: ['timesheets:read'], expiresAt })
      expect(res.status, String(expiresAt)).toBe(400)
      expect(res.json.fields).toEqual({ expiresAt: message })
    }
    const never = ApiTokenCreated.parse((await create({ name: 'Forever', scopes: ['timesheets:read'] })).json)
    expect(never.expiresAt).toBeNull()
    const at = new Date(Date.now() + 7 * 86400_000)
    const res = await create({ name: 'Week', scopes: ['timesheets:read'], expiresAt: at.toISOString() })
    expect(res.status, res.text).toBe(200)
    const week = ApiTokenCreated.parse(res.json)
    expect(week.expiresAt).toBe(at.toISOString())
    expect(
      (await callRoute(listTokens, { cookies: [cookie] })).json.map((t: { expiresAt: unknown }) => t.expiresAt),
    ).toEqual([null, at.toISOString()])
    expect((await callRoute(listTimesheets, bearer(week.token))).status).toBe(200)

    const past = await expire(organization.id, week)
    const refused = await callRoute(listTimesheets, bearer(week.token))
    expect(refused.status).toBe(401)
    expect(refused.json).toMatchObject({ message: apiTokenMessages.invalid, key: 'apiTokenInvalid' })
    expect(ApiTokenList.parse((await callRoute(listTokens, { cookies: [cookie] })).json)[1]!.expiresAt).toBe(past)
    expect((await callRoute(listTimesheets, bearer(never.token))).status).toBe(200)
  })

  it(`holds an organization to ${MAX_API_TOKENS} live tokens, under concurrent makes too; expired and revoked ones do not count`, async () => {
    const { cookie, organization } = await newOrganization('Many Tokens Church')
    const create = (name: string) =>
      callRoute(createToken, { cookies: [cookie], body: { name, scopes: ['members:read'] } })
    const made = []
    for (let i = 0; i < MAX_API_TOKENS - 2; i++) made.push(ApiTokenCreated.parse((await create(`Sync ${i}`)).json))
    // Three at once for the last two places: exactly two are made.
    const racing = await Promise.all([create('Race 1'), create('Race 2'), create('Race 3')])
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 409])
    const count = async () => ApiTokenList.parse((await callRoute(listTokens, { cookies: [cookie] })).json).length
    expect(await count()).toBe(MAX_API_TOKENS)
    const over = await create('One more')
    expect(over.status).toBe(409)
    expect(over.json).toEqual({
      message: `Your organization already has ${MAX_API_TOKENS} API tokens. Revoke one before making another.`,
      key: 'apiTokenTooMany',
      params: { max: String(MAX_API_TOKENS) },
    })
    expect(await count()).toBe(MAX_API_TOKENS)
    // A revoked token frees its place; so does an expired one.
    expect((await callRoute(revokeToken, { cookies: [cookie], params: { id: made[0]!.id } })).status).toBe(204)
    expect((await create('After revoke')).status).toBe(200)
    expect((await create('Still over')).status).toBe(409)
    await expire(organization.id, made[1]!)
    expect((await create('After expiry')).status).toBe(200)
    expect((await create('Over again')).status).toBe(409)
  }, 120_000)

  it(`refuses an organization's tokens together past ${API_ORG_RATE_PER_MINUTE} requests a minute (429), each token under its own rate`, async () => {
    const { cookie, organization } = await newOrganization('Busy Church')
    const make = async (name: string) =>
      ApiTokenCreated.parse(
        (await callRoute(createToken, { cookies: [cookie], body: { name, scopes: ['timesheets:read'] } })).json,
      )
    const [first, second] = [await make('One'), await make('Two')]
    const minute = Date.UTC(2030, 0, 1, 12, 0, 5)
    const results = []
    for (let i = 0; i < 4; i++) results.push(await apiTokens.countOrgUse(organization.id, minute, 3))
    expect(results).toEqual([true, true, true, false])
    expect(await apiTokens.countOrgUse(organization.id, minute + 60_000, 3)).toBe(true)
    expect(await apiTokens.countOrgUse(org.organization.id, minute, 3)).toBe(true) // another organization's window

    // This minute's window filled by the organization's tokens: every token of it is refused, another's is not.
    if (new Date().getSeconds() > 55) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000))
    await table.update(keys.apiOrgRate(organization.id, new Date().toISOString().slice(0, 16)), {
      UpdateExpression: 'SET n = :n, expire = :e',
      ExpressionAttributeValues: { ':n': API_ORG_RATE_PER_MINUTE, ':e': Math.floor(Date.now() / 1000) + 120 },
    })
    for (const { token } of [first, second]) {
      const refused = await callRoute(listTimesheets, bearer(token))
      expect(refused.status).toBe(429)
      expect(refused.json).toMatchObject({ message: apiTokenMessages.orgRateLimited, key: 'apiTokenOrgRateLimited' })
    }
    const { token: elsewhere } = await makeIn(org.cookie)
    expect((await callRoute(listTimesheets, bearer(elsewhere))).status).toBe(200)
  }, 120_000)
})

const makeIn = async (cookie: string) =>
  ApiTokenCreated.parse(
    (await callRoute(createToken, { cookies: [cookie], body: { name: 'Elsewhere', scopes: ['timesheets:read'] } }))
      .json,
  )
