import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  currentWeekStart,
  GustoMatchingView,
  GustoPreview,
  GustoSendStatus,
  WHOLE_CHURCH_ONLY,
  type TimeOffPolicies,
} from '@app/core'
import { orgDb } from '@app/data'
import { GUSTO_ERRORS, startGustoDouble, type GustoDouble } from '../../../packages/adapters/test/gusto-double.ts'
import { sendJson, startOAuthDouble, type OAuthDouble } from '../../../test/vendors/oauth-double.ts'
import { callRoute, ok } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember, withNorthAndSouth } from '../../test/support/test-identity.ts'
import { payrollAs } from '../../test/support/test-payroll.ts'
import listAudit from '../audit/list-audit.ts'
import { integrationSendJob } from '../jobs/integration-sends-job.ts'
import getPolicies from '../time-off/get-policies.ts'
import getSummary from '../payroll/get-summary.ts'
import updatePolicies from '../time-off/update-policies.ts'
import connectIntegration from './connect-integration.ts'
import disconnectIntegration from './disconnect-integration.ts'
import getQuickbooksMatching from './get-quickbooks-matching.ts'
import getGustoMatching from './get-gusto-matching.ts'
import previewGusto from './preview-gusto.ts'
import previewQuickbooks from './preview-quickbooks.ts'
import sendGusto from './send-gusto.ts'
import sendQuickbooks from './send-quickbooks.ts'
import updateGustoMatching from './update-gusto-matching.ts'
import updateQuickbooksMatching from './update-quickbooks-matching.ts'

/**
 * Gusto from the Payroll page through the real routes and the send job, against Gusto's OAuth
 * server (oauth-double.ts) in front of the Gusto double (every request checked against Gusto's
 * published description): a closed biweekly period with Ana (4 hours of overtime), Ben (8 hours of
 * vacation) and a volunteer. Matching by name and the supervisor's choices, the preview, the send
 * queued and run by the job (regular and overtime time sheets, a payroll sync, 8 hours under the
 * vacation policy, nothing for the volunteer), the audit trail and `pay_period.sent`, a second send
 * that changes nothing, an expired grant that asks for a reconnection and loses nothing, and a week
 * sent back, one day corrected and approved again: exactly that shift's time sheet updated.
 */
const thisWeek = currentWeekStart('America/Chicago', 'monday')
const first = addDays(thisWeek, -14)
const second = addDays(thisWeek, -7)
const periodEnd = addDays(first, 13)
const day = (d: string, end = '17:00') => ({ [`${d}Start`]: '08:00', [`${d}End`]: end, [`${d}BreakMinutes`]: 60 })
const days = (list: string[], end?: string) => Object.assign({}, ...list.map((d) => day(d, end)))
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']

let gusto: GustoDouble
let oauth: OAuthDouble
let sup: Awaited<ReturnType<typeof newOrganization>>
/** The supervisor's steps through the routes. */
let steps: ReturnType<typeof payrollAs>
const people: Record<'ana' | 'ben' | 'val', Awaited<ReturnType<typeof newStaffMember>>> = {} as never
const uuids: Record<string, string> = {}
let vacationPolicy: string

const preview = async () =>
  GustoPreview.parse(ok(await callRoute(previewGusto, { cookies: [sup.cookie], params: { start: first } })).json)
const connect = () => steps.connect('gusto', (url) => oauth.consent(url))
const hooks = () =>
  oauth.requests
    .filter((r) => r.path === '/hooks/sent')
    .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })

beforeAll(async () => {
  gusto = await startGustoDouble()
  // Gusto's authorization server, with its API behind it: a request with a current grant reaches the double.
  oauth = await startOAuthDouble({
    clientId: 'gusto-client',
    clientSecret: 'gusto-secret',
    clientAuth: 'post',
    api: async (req, grant, res) => {
      if (req.path === '/hooks/sent') return sendJson(res, 200, {})
      if (!req.path.startsWith('/v1/')) return false
      if (!grant) {
        const e = GUSTO_ERRORS.expiredToken
        return sendJson(res, e.status, e.body, e.headers)
      }
      gusto.rotateToken(grant.accessToken)
      const query = req.query.toString()
      const answer = await fetch(`${gusto.url}${req.path}${query ? `?${query}` : ''}`, {
        method: req.method,
        headers: {
          authorization: `Bearer ${grant.accessToken}`,
          'content-type': 'application/json',
          'x-gusto-api-version': String(req.headers['x-gusto-api-version'] ?? ''),
        },
        body: req.body || undefined,
      })
      const text = await answer.text()
      res.writeHead(answer.status, {
        ...(text ? { 'content-type': 'application/json' } : {}),
        ...(answer.headers.get('retry-after') ? { 'retry-after': answer.headers.get('retry-after')! } : {}),
      })
      res.end(text || undefined)
    },
  })
  Object.assign(process.env, {
    GUSTO_CLIENT_ID: 'gusto-client',
    GUSTO_CLIENT_SECRET: 'gusto-secret',
    GUSTO_ENVIRONMENT: 'demo',
    GUSTO_BASE_URL: oauth.base,
  })
  sup = await newOrganization('Gusto Routes Chapel')
  steps = payrollAs(sup.cookie)
  const [ana, ben, val] = await Promise.all([
    newStaffMember(sup.cookie, 'employee', { person: { firstName: 'Ana', lastName: 'Silva' } }),
    newStaffMember(sup.cookie, 'employee', { person: { firstName: 'Ben', lastName: 'Okafor' } }),
    newStaffMember(sup.cookie, 'volunteer', { person: { firstName: 'Val', lastName: 'Reyes' } }),
  ])
  Object.assign(people, { ana, ben, val })
  for (const [key, first_name, last_name] of [
    ['ana', 'Ana', 'Silva'],
    ['ben', 'Ben', 'Okafor'],
    ['val', 'Val', 'Reyes'],
  ] as const)
    uuids[key] = gusto.addEmployee({ first_name, last_name, email: null }).uuid
  uuids.other = gusto.addEmployee({ first_name: 'Otto', last_name: 'Other', email: null }).uuid
  vacationPolicy = gusto.addPolicy('Vacation', 'vacation').uuid
  gusto.addPolicy('Sick leave', 'sick')
  uuids.personal = gusto.addPolicy('Personal days', 'personal').uuid
  gusto.addPayPeriod(first, periodEnd)

  await steps.biweeklyFrom(first)
  // Ana: four 9-hour days and an 8-hour Friday (44 paid hours), then 40. Ben: 40, then 32 and a vacation day.
  await steps.approveWeek(ana, { weekStartDate: first, ...days(WEEKDAYS, '18:00'), ...day('friday') })
  await steps.approveWeek(ana, { weekStartDate: second, ...days(WEEKDAYS) })
  await steps.approveWeek(ben, { weekStartDate: first, ...days(WEEKDAYS) })
  await steps.approveWeek(ben, { weekStartDate: second, ...days(['monday', 'tuesday', 'thursday', 'friday']) })
  await steps.approveWeek(val, { weekStartDate: first, ...day('saturday') })
  const policies = ok(await callRoute(getPolicies, { cookies: [sup.cookie] })).json as TimeOffPolicies
  ok(
    await callRoute(updatePolicies, {
      cookies: [sup.cookie],
      body: { policies: policies.policies.map((p) => (p.kind === 'vacation' ? { ...p, allowNegative: true } : p)) },
    }),
  )
  await steps.approveVacationDay(ben, addDays(second, 2))
  await steps.hookPayPeriodSent(`${oauth.base}/hooks/sent`)
}, 120_000)
afterAll(async () => {
  for (const name of ['GUSTO_CLIENT_ID', 'GUSTO_CLIENT_SECRET', 'GUSTO_ENVIRONMENT', 'GUSTO_BASE_URL'])
    delete process.env[name]
  await oauth.stop()
  await gusto.close()
})

describe('Gusto from the Payroll page', () => {
  it("asks Gusto's consent for its time-tracking and payroll scopes", async () => {
    const asked = await connect()
    expect(asked.pathname).toBe('/oauth/authorize')
    expect(asked.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining([
        'employees:read',
        'time_off_policies:read',
        'time_sheet:write',
        'payroll_syncs:write',
        'payrolls:read',
        'payrolls:write',
      ]),
    )
  })

  it('matches the paid members by name (never the volunteer) and the kinds of leave by policy, and keeps choices', async () => {
    const matching = GustoMatchingView.parse(ok(await callRoute(getGustoMatching, { cookies: [sup.cookie] })).json)
    const byMember = new Map(matching.members.map((m) => [m.memberId, m]))
    expect(byMember.get(people.ana.user.id)).toMatchObject({ employeeId: uuids.ana, by: 'name' })
    expect(byMember.get(people.ben.user.id)).toMatchObject({ employeeId: uuids.ben, by: 'name' })
    expect(byMember.has(people.val.user.id)).toBe(false)
    expect(matching.kinds.find((k) => k.kind === 'vacation')).toEqual({
      kind: 'vacation',
      policyId: vacationPolicy,
      by: 'rule',
    })
    expect(matching.kinds.find((k) => k.kind === 'holiday')).toMatchObject({ policyId: null, by: null })

    const chosen = GustoMatchingView.parse(
      ok(
        await callRoute(updateGustoMatching, {
          cookies: [sup.cookie],
          body: { members: { [people.ana.user.id]: uuids.ana }, kinds: { holiday: uuids.personal } },
        }),
      ).json,
    )
    expect(chosen.members.find((m) => m.memberId === people.ana.user.id)).toMatchObject({ by: 'chosen' })
    expect(chosen.kinds.find((k) => k.kind === 'holiday')).toEqual({
      kind: 'holiday',
      policyId: uuids.personal,
      by: 'chosen',
    })
    // Another's id, an unknown policy, a volunteer: 400 and nothing kept.
    for (const body of [
      { members: { [people.ana.user.id]: 'not-a-gusto-employee' } },
      { kinds: { vacation: 'not-a-policy' } },
      { members: { [people.val.user.id]: uuids.val } },
    ]) {
      const refused = await callRoute(updateGustoMatching, { cookies: [sup.cookie], body })
      expect(refused.status, refused.text).toBe(400)
    }
    const bad = await callRoute(updateGustoMatching, { cookies: [sup.cookie], body: { kinds: { overtime: 'x' } } })
    expect(bad.status).toBe(400)
    // Removing the holiday choice gives the rule back.
    const back = GustoMatchingView.parse(
      ok(await callRoute(updateGustoMatching, { cookies: [sup.cookie], body: { kinds: { holiday: null } } })).json,
    )
    expect(back.kinds.find((k) => k.kind === 'holiday')).toMatchObject({ policyId: null, by: null })
    const audit = await callRoute(listAudit, { cookies: [sup.cookie], query: { action: 'integration.matched' } })
    expect((audit.json.items as unknown[]).length).toBe(3)
  })

  it('will not preview or send a period that is not closed', async () => {
    for (const route of [previewGusto, sendGusto]) {
      const res = await callRoute(route, { cookies: [sup.cookie], params: { start: first } })
      expect(res.status).toBe(400)
      expect(res.json).toMatchObject({
        message: 'Close this pay period before sending it',
        key: 'integrationPeriodNotClosed',
      })
    }
    expect(gusto.calls.filter((c) => c.method !== 'GET')).toHaveLength(0)
  })

  it('previews exactly what the send sends, then queues it; the job sends it', async () => {
    await steps.close(first)
    const before = await preview()
    expect(before.send).toBeNull()
    const byName = new Map(before.members.map((m) => [m.firstName, m]))
    expect(byName.get('Ana')).toMatchObject({ matched: true, timeSheets: true, regularHours: 80, overtimeHours: 4 })
    expect(byName.get('Ben')).toMatchObject({ matched: true, regularHours: 72, overtimeHours: 0, vacationHours: 8 })
    expect(byName.has('Val')).toBe(false)
    expect(before.problems).toEqual([])

    const queued = GustoSendStatus.parse(
      ok(await callRoute(sendGusto, { cookies: [sup.cookie], params: { start: first } })).json,
    )
    expect(queued).toMatchObject({ state: 'queued', sentAt: null, created: 0 })
    const twice = await callRoute(sendGusto, { cookies: [sup.cookie], params: { start: first } })
    expect(twice.status).toBe(409)
    expect(twice.json).toEqual({
      message: 'A send of this pay period to Gusto is already under way',
      key: 'integrationSendUnderWay',
      params: { vendor: 'Gusto' },
    })
    expect(gusto.timeSheets.size).toBe(0)

    await integrationSendJob(undefined, undefined, [sup.organization.id])
    const after = await preview()
    expect(after.send).toMatchObject({
      state: 'sent',
      created: before.timeSheetCount,
      payrollSynced: true,
      paidTimeOffSent: true,
      errors: [],
      changedSinceSent: false,
    })
    const sheets = [...gusto.timeSheets.values()] as {
      entity_uuid: string
      entries: { pay_classification: string; hours_worked: string }[]
    }[]
    const hoursOf = (uuid: string, kind: string) =>
      sheets
        .filter((s) => s.entity_uuid === uuid)
        .flatMap((s) => s.entries)
        .filter((e) => e.pay_classification === kind)
        .reduce((a, e) => a + Number(e.hours_worked), 0)
    expect(hoursOf(uuids.ana!, 'Regular')).toBeCloseTo(80, 3)
    expect(hoursOf(uuids.ana!, 'Overtime')).toBeCloseTo(4, 3)
    expect(hoursOf(uuids.ben!, 'Regular')).toBeCloseTo(72, 3)
    expect(sheets.some((s) => s.entity_uuid === uuids.val)).toBe(false)
    expect(gusto.payrollSyncs).toHaveLength(1)
    expect(gusto.payrollSyncs[0]).toMatchObject({ pay_period_start_date: first, pay_period_end_date: periodEnd })
    const payroll = [...gusto.payrolls.values()][0] as {
      employee_compensations: { employee_uuid: string; paid_time_off: { policy_uuid?: string; hours: string }[] }[]
    }
    const benPto = payroll.employee_compensations.find((c) => c.employee_uuid === uuids.ben)!.paid_time_off
    expect(benPto).toEqual([expect.objectContaining({ policy_uuid: vacationPolicy, hours: '8.000' })])
    expect(
      payroll.employee_compensations.some((c) => c.employee_uuid === uuids.val || c.employee_uuid === uuids.other),
    ).toBe(false)
    expect(gusto.violations).toEqual([])

    // The audit trail and our webhook name the vendor and the result.
    const audit = await callRoute(listAudit, { cookies: [sup.cookie], query: { action: 'integration.sent' } })
    expect(audit.json.items).toHaveLength(1)
    expect(hooks()).toEqual([
      expect.objectContaining({
        type: 'pay_period.sent',
        data: expect.objectContaining({
          start: first,
          end: periodEnd,
          vendor: 'gusto',
          result: expect.objectContaining({ status: 'sent', created: before.timeSheetCount, failed: 0 }),
          by: { userId: sup.supervisor.id },
        }),
      }),
    ])
  })

  it('a second send after a reopen and a new close changes nothing at Gusto, and is marked changed until sent', async () => {
    await steps.reopen(first, 'Checking Ben')
    await steps.close(first)
    expect((await preview()).send).toMatchObject({ state: 'sent', changedSinceSent: true })
    const requests = gusto.calls.filter((c) => c.path.includes('/time_sheets')).length
    ok(await callRoute(sendGusto, { cookies: [sup.cookie], params: { start: first } }))
    await integrationSendJob(undefined, undefined, [sup.organization.id])
    const again = await preview()
    expect(again.send).toMatchObject({ state: 'sent', created: 0, updated: 0, deleted: 0, changedSinceSent: false })
    expect(again.send!.unchanged).toBe(again.timeSheetCount)
    expect(gusto.calls.filter((c) => c.path.includes('/time_sheets')).length).toBe(requests)
    expect(hooks()).toHaveLength(2)
  })

  it('a grant Gusto no longer honours asks for a reconnection and loses nothing; after it, the send finishes', async () => {
    const sent = Object.keys(await orgDb(sup.organization.id).gustoSends.sheets(first))
    oauth.expireAccessTokens()
    oauth.revokeAll()
    ok(await callRoute(sendGusto, { cookies: [sup.cookie], params: { start: first } }))
    await integrationSendJob(undefined, undefined, [sup.organization.id])
    expect((await preview()).send).toMatchObject({ state: 'reconnect' })
    expect(Object.keys(await orgDb(sup.organization.id).gustoSends.sheets(first))).toEqual(sent)
    // The page says to connect again: a send is refused until then.
    const refused = await callRoute(sendGusto, { cookies: [sup.cookie], params: { start: first } })
    expect(refused.status).toBe(409)
    expect(refused.json.message).toBe('The connection was refused by the vendor; connect again (nothing was lost)')

    await connect()
    const count = gusto.timeSheets.size
    ok(await callRoute(sendGusto, { cookies: [sup.cookie], params: { start: first } }))
    await integrationSendJob(undefined, undefined, [sup.organization.id])
    expect((await preview()).send).toMatchObject({ state: 'sent', created: 0, errors: [] })
    expect(gusto.timeSheets.size).toBe(count)
    expect(gusto.violations).toEqual([])
  })
})

describe('a week sent back for correction after a send', () => {
  it("updates exactly the corrected shift's time sheet (PUT with its version), syncs the payroll again, duplicates nothing", async () => {
    const sheet = (await orgDb(sup.organization.id).timesheets.weekOf(people.ben.user.id, first))!
    // Ben corrects Monday (7 hours, not 8) and submits; the week is approved again and the period closed.
    await steps.correctAfterSendBack(
      first,
      { id: sheet.id, memberCookie: people.ben.cookie },
      {
        reason: 'Ben left at 4 on Monday',
        comments: 'You left at 4 on Monday',
        days: { ...days(WEEKDAYS), mondayEnd: '16:00' },
      },
    )

    const stored = new Map([...gusto.timeSheets].map(([uuid, t]) => [uuid, structuredClone(t)]))
    const monday = [...stored].filter(
      ([, t]) => t.entity_uuid === uuids.ben && String(t.shift_started_at).startsWith(first),
    )
    expect(monday).toHaveLength(1)
    const [mondayUuid, mondaySheet] = monday[0]!
    const calls = gusto.calls.length
    const syncs = gusto.payrollSyncs.length
    ok(await callRoute(sendGusto, { cookies: [sup.cookie], params: { start: first } }))
    await integrationSendJob(undefined, undefined, [sup.organization.id])
    expect((await preview()).send).toMatchObject({ state: 'sent', created: 0, updated: 1, deleted: 0, errors: [] })

    const writes = gusto.calls.slice(calls).filter((c) => c.method !== 'GET')
    const sheetWrites = writes.filter((c) => c.path.includes('/time_sheets'))
    expect(sheetWrites.map((c) => `${c.method} ${c.path}`)).toEqual([`PUT /v1/time_tracking/time_sheets/${mondayUuid}`])
    expect(sheetWrites[0]!.body).toMatchObject({
      version: mondaySheet.version,
      entity_uuid: uuids.ben,
      entries: [{ pay_classification: 'Regular', hours_worked: 7 }],
    })
    // Exactly that time sheet changed; nothing created or deleted.
    expect(gusto.timeSheets.size).toBe(stored.size)
    for (const [uuid, t] of gusto.timeSheets)
      if (uuid === mondayUuid) expect(t.version).not.toBe(mondaySheet.version)
      else expect(t).toEqual(stored.get(uuid))
    // The payroll sync for the period sent again, once.
    expect(gusto.payrollSyncs.length).toBe(syncs + 1)
    expect(gusto.payrollSyncs.at(-1)).toMatchObject({ pay_period_start_date: first, pay_period_end_date: periodEnd })
    expect(gusto.violations).toEqual([])

    // The period's payroll summary after the new approval is the corrected hours: 39 + 32 regular.
    const summary = ok(await callRoute(getSummary, { cookies: [sup.cookie], query: { from: first, to: periodEnd } }))
      .json as { members: { employeeId: string; regularHours: number; overtimeHours: number }[] }
    const row = summary.members.find((m) => m.employeeId === people.ben.user.id)!
    expect([row.regularHours, row.overtimeHours]).toEqual([71, 0])
    const hours = [...gusto.timeSheets.values()]
      .filter((t) => t.entity_uuid === uuids.ben)
      .flatMap((t) => t.entries as { hours_worked: string }[])
      .reduce((total, e) => total + Number(e.hours_worked), 0)
    expect(hours).toBeCloseTo(71, 3)
  })
})

describe("a period's sends are the whole church's", () => {
  it('answers a campus admin 403 on the previews, the sends, the matchings, connecting and disconnecting', async () => {
    const church = await newOrganization()
    const { southAdmin: admin } = await withNorthAndSouth(church.cookie)
    for (const [route, request] of [
      [previewGusto, { params: { start: first } }],
      [sendGusto, { params: { start: first } }],
      [sendQuickbooks, { params: { start: first } }],
      [getGustoMatching, {}],
      [updateGustoMatching, { body: { members: {} } }],
      [previewQuickbooks, { params: { start: first } }],
      [getQuickbooksMatching, {}],
      [updateQuickbooksMatching, { body: { members: {}, codes: {}, payItems: { regular: null } } }],
      [connectIntegration, { params: { id: 'quickbooks' } }],
      [disconnectIntegration, { params: { id: 'gusto' } }],
    ] as const) {
      const res = await callRoute(route, { ...request, cookies: [admin.cookie] })
      expect(res.status, `${route.path}: ${res.text}`).toBe(403)
      expect(res.json).toEqual({ message: WHOLE_CHURCH_ONLY, key: 'wholeChurchOnly' })
    }
  })
})
