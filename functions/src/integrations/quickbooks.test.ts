import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  currentWeekStart,
  PayrollSummary,
  QuickbooksMatching,
  QuickbooksPreview,
  QuickbooksSendStatus,
} from '@app/core'
import { PAY_TYPES, startQuickbooksDouble, type QuickbooksDouble } from '../../../test/vendors/quickbooks-double.ts'
import { EmployerCompensationsRequest, TimeActivityRequest } from '../../../test/vendors/quickbooks-schema.ts'
import { callRoute, ok } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { payrollAs } from '../../test/support/test-payroll.ts'
import { splitOf, weekOfShifts, type Shift } from '../../test/support/test-timesheets.ts'
import { orgDb } from '@app/data'
import listAudit from '../audit/list-audit.ts'
import { runQuickbooksSend } from '../jobs/quickbooks-send.ts'
import updateAllocationCodes from '../organization/update-allocation-codes.ts'
import getSummary from '../payroll/get-summary.ts'
import getQuickbooksMatching from './get-quickbooks-matching.ts'
import previewQuickbooks from './preview-quickbooks.ts'
import sendQuickbooks from './send-quickbooks.ts'
import updateQuickbooksMatching from './update-quickbooks-matching.ts'

/**
 * A closed biweekly period sent to QuickBooks Online (a local double answering as Intuit's
 * documentation shows) through the real routes and the send job: two non-exempt members (Ana with
 * 4 hours of overtime and her days split across two codes, Ben with 8 hours of vacation) and a
 * volunteer; every request checked against Intuit's TimeActivity entity; one NotBillable record
 * per member, day, code and kind with the code's class, adding up to the payroll summary to the
 * minute; a re-send after reopening sends exactly what changed (a week sent back, one day corrected
 * and approved again updates exactly that day's record); a 429, a lost answer and a refused
 * grant are retried or wait for a reconnection without a duplicate or a loss.
 */
const thisWeek = currentWeekStart('America/Chicago', 'monday')
const first = addDays(thisWeek, -14)
const periodEnd = addDays(first, 13)
const day = (start: string, end: string): Shift => ({ start, end })
const week = (weekStartDate: string, days: Record<string, Shift>) => weekOfShifts(weekStartDate, days, 'Office')
const nineHours = day('08:00', '17:00')
const eightHours = day('08:00', '16:00')
/** 44 paid hours: 40 + 4 overtime. */
const longWeek = week(first, {
  monday: nineHours,
  tuesday: nineHours,
  wednesday: nineHours,
  thursday: nineHours,
  friday: eightHours,
})
const fullWeek = week(first, {
  monday: eightHours,
  tuesday: eightHours,
  wednesday: eightHours,
  thursday: eightHours,
  friday: eightHours,
})

const code = { youth: '', admin: '' }
let qb: QuickbooksDouble
let sup: Awaited<ReturnType<typeof newOrganization>>
/** The supervisor's steps through the routes. */
let steps: ReturnType<typeof payrollAs>
let ana: Awaited<ReturnType<typeof newStaffMember>>
let ben: Awaited<ReturnType<typeof newStaffMember>>
let val: Awaited<ReturnType<typeof newStaffMember>>
const sheets: Record<string, number> = {}

const lastSend = async () =>
  QuickbooksPreview.parse(
    ok(await callRoute(previewQuickbooks, { cookies: [sup.cookie], params: { start: first } })).json,
  ).send!
/** Send as the page does: queued by the route, run by the send job, read back from the preview. */
const send = async () => {
  const queued = QuickbooksSendStatus.parse(
    ok(await callRoute(sendQuickbooks, { cookies: [sup.cookie], params: { start: first } })).json,
  )
  expect(queued.state).toBe('queued')
  await runQuickbooksSend(sup.organization.id, first)
  return lastSend()
}
/** Connect through consent at the double. */
const connect = () => steps.connect('quickbooks', (url) => qb.consent(url))
/** The TimeActivity bodies sent since the `before`-th request. */
const bodiesSince = (before: number) =>
  qb.activityRequests.slice(before).map((r) => JSON.parse(r.body) as Record<string, unknown>)
/** Nothing created or lost at QuickBooks (still `total` records), and every request as Intuit documents it. */
const expectSameRecords = (total: number) => {
  expect(qb.activities.size).toBe(total)
  expect(qb.contractProblems).toEqual([])
}
const minutesOf = (body: Record<string, unknown>) => Number(body.Hours) * 60 + Number(body.Minutes)

beforeAll(async () => {
  qb = await startQuickbooksDouble({
    employees: [
      { Id: '55', GivenName: 'Ana', FamilyName: 'Silva' },
      { Id: '56', GivenName: 'Ben', FamilyName: 'Okafor' },
      { Id: '57', GivenName: 'Val', FamilyName: 'Reyes' },
    ],
    classes: [
      { Id: '3', Name: 'Youth' },
      { Id: '4', Name: 'Administration' },
    ],
    payTypes: Object.values(PAY_TYPES),
  })
  // The company starts without QuickBooks Payroll; the last part of this file gives it pay types.
  qb.payroll('no-payroll')
  Object.assign(process.env, qb.settings)
  sup = await newOrganization()
  steps = payrollAs(sup.cookie)
  ;[ana, ben, val] = await Promise.all([
    newStaffMember(sup.cookie, 'employee', { person: { firstName: 'Ana', lastName: 'Silva' } }),
    newStaffMember(sup.cookie, 'employee', { person: { firstName: 'Ben', lastName: 'Okafor' } }),
    newStaffMember(sup.cookie, 'volunteer', { person: { firstName: 'Val', lastName: 'Reyes' } }),
  ])
  await steps.biweeklyFrom(first)
  const saved = ok(
    await callRoute(updateAllocationCodes, {
      cookies: [sup.cookie],
      body: {
        codes: [
          { name: 'Youth ministry', kind: 'ministry', className: 'Youth' },
          { name: 'Administration', kind: 'ministry', className: 'Administration' },
        ],
      },
    }),
  ).json as { codes: { id: string }[] }
  ;[code.youth, code.admin] = saved.codes.map((c) => c.id) as [string, string]
  // Ana's Monday and Tuesday (9 paid hours each) split between the two codes.
  sheets.ana = await steps.approveWeek(ana, {
    ...longWeek,
    mondayAllocations: splitOf([code.youth, 300], [code.admin, 240]),
    tuesdayAllocations: splitOf([code.admin, 360], [code.youth, 180]),
  })
  sheets.ben = await steps.approveWeek(ben, fullWeek)
  // Ben's vacation: the second week's Wednesday.
  await steps.approveVacationDay(ben, addDays(first, 9))
  await steps.hookPayPeriodSent(`${qb.base}/hooks/sent`)
  sheets.val = await steps.approveWeek(val, week(first, { saturday: nineHours }))
  await connect()
}, 120_000)
afterAll(async () => {
  for (const name of Object.keys(qb.settings)) delete process.env[name]
  await qb.stop()
})

describe('QuickBooks Online from the Payroll page', () => {
  it('matches the paid members by name, never the volunteer, and keeps the supervisor’s choices', async () => {
    const matching = QuickbooksMatching.parse(
      ok(await callRoute(getQuickbooksMatching, { cookies: [sup.cookie] })).json,
    )
    expect(matching.members.map((m) => [m.name, m.employeeId, m.by]).sort()).toEqual(
      [['Ana Silva', '55', 'name'], ['Ben Okafor', '56', 'name'], expect.anything()]
        .slice(0, 2)
        .concat(matching.members.filter((m) => m.name === 'Sam Grace').map((m) => [m.name, m.employeeId, m.by]))
        .sort(),
    )
    expect(matching.members.some((m) => m.memberId === val.user.id)).toBe(false)
    // No QuickBooks Payroll: no pay types, in QuickBooks' words, and every kind of pay sent without one.
    expect(matching).toMatchObject({
      payItems: [],
      payItemsAvailable: false,
      payItemsVendorMessages: ['This company does not use QuickBooks Payroll'],
    })
    expect(matching.kinds).toEqual(
      ['regular', 'overtime', 'doubleTime', 'vacation', 'sick', 'personal', 'holiday'].map((kind) => ({
        kind,
        payItemId: null,
      })),
    )
    const saved = await callRoute(updateQuickbooksMatching, {
      cookies: [sup.cookie],
      body: { members: { [ana.user.id]: '55', [ben.user.id]: '56' } },
    })
    expect(QuickbooksMatching.parse(ok(saved).json).members.find((m) => m.memberId === ana.user.id)).toMatchObject({
      employeeId: '55',
      by: 'chosen',
    })
    const unknown = await callRoute(updateQuickbooksMatching, {
      cookies: [sup.cookie],
      body: { members: { [ana.user.id]: '999' } },
    })
    expect(unknown.status).toBe(400)
  })

  it('will not send a period that is not closed', async () => {
    const res = await callRoute(sendQuickbooks, { cookies: [sup.cookie], params: { start: first } })
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({
      message: 'Close this pay period before sending it',
      key: 'integrationPeriodNotClosed',
    })
    expect(qb.activityRequests).toHaveLength(0)
  })

  it('previews and sends one NotBillable TimeActivity per member, day and kind, adding up to the summary', async () => {
    await steps.close(first)
    const preview = QuickbooksPreview.parse(
      ok(await callRoute(previewQuickbooks, { cookies: [sup.cookie], params: { start: first } })).json,
    )
    expect(preview).toMatchObject({ closed: true, changedSinceSent: false, lastSent: null })
    const byName = new Map(preview.members.map((m) => [m.name, m]))
    expect(byName.get('Ana Silva')!.minutes).toMatchObject({ regular: 2400, overtime: 240 })
    expect(byName.get('Ben Okafor')!.minutes).toMatchObject({ regular: 2400, overtime: 0, vacation: 480 })
    expect(byName.get('Ana Silva')!.byCode).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: code.youth, className: 'Youth' }),
        expect.objectContaining({ code: code.admin, className: 'Administration' }),
      ]),
    )
    expect(byName.has('Val Reyes')).toBe(false)

    const result = await send()
    expect(result).toMatchObject({ state: 'sent', errors: [], updated: 0, unchanged: 0 })
    expect(result.created).toBe(byName.get('Ana Silva')!.records + byName.get('Ben Okafor')!.records)
    expect(qb.contractProblems).toEqual([])
    const bodies = qb.activityRequests.map((r) => JSON.parse(r.body) as Record<string, unknown>)
    for (const body of bodies) {
      expect(TimeActivityRequest.safeParse(body).success).toBe(true)
      expect(body).toMatchObject({ NameOf: 'Employee', BillableStatus: 'NotBillable' })
      // A company without QuickBooks Payroll: no pay type on any record.
      expect(body.PayrollItemRef).toBeUndefined()
    }
    expect(bodies.some((b) => (b.EmployeeRef as { value: string }).value === '57')).toBe(false)

    const summary = PayrollSummary.parse(
      ok(await callRoute(getSummary, { cookies: [sup.cookie], query: { from: first, to: periodEnd } })).json,
    )
    for (const [employeeId, ref] of [
      [ana.user.id, '55'],
      [ben.user.id, '56'],
    ] as const) {
      const row = summary.members.find((m) => m.employeeId === employeeId)!
      const sent = bodies
        .filter((b) => (b.EmployeeRef as { value: string }).value === ref)
        .reduce((a, b) => a + minutesOf(b), 0)
      const paid =
        row.regularHours +
        row.overtimeHours +
        row.doubleTimeHours +
        row.vacationHours +
        row.sickHours +
        row.holidayHours
      expect(sent).toBe(Math.round(paid * 60))
    }
    // One record per member, day, code and kind, each with its code's class.
    const keys = bodies.map((b) =>
      JSON.stringify([(b.EmployeeRef as { value: string }).value, b.TxnDate, b.ClassRef, b.Description]),
    )
    expect(new Set(keys).size).toBe(keys.length)
    const anaMonday = bodies.filter((b) => (b.EmployeeRef as { value: string }).value === '55' && b.TxnDate === first)
    expect(anaMonday.map((b) => [(b.ClassRef as { value: string }).value, minutesOf(b)]).sort()).toEqual([
      ['3', 300],
      ['4', 240],
    ])
    // Each worked day's record says what was done that day; leave says only its kind.
    expect(anaMonday.map((b) => b.Description).sort()).toEqual([
      'Administration · regular · Office',
      'Youth ministry · regular · Office',
    ])
    const vacation = bodies.filter((b) => String(b.Description).includes('vacation'))
    expect(vacation.map((b) => b.Description)).toEqual(['vacation'])
    expect(vacation).toEqual([
      expect.objectContaining({
        TxnDate: addDays(first, 9),
        Hours: 8,
        Minutes: 0,
        EmployeeRef: expect.objectContaining({ value: '56' }),
      }),
    ])
    // The audit trail and our webhook name the vendor and the result.
    const audit = await callRoute(listAudit, { cookies: [sup.cookie], query: { action: 'integration.sent' } })
    expect(audit.json.items).toHaveLength(1)
    const hook = qb.requests.filter((r) => r.path === '/hooks/sent').map((r) => JSON.parse(r.body) as { data: object })
    expect(hook).toEqual([
      expect.objectContaining({
        type: 'pay_period.sent',
        data: expect.objectContaining({
          vendor: 'quickbooks',
          result: expect.objectContaining({ status: 'sent', failed: 0 }),
        }),
      }),
    ])
    expect(bodies.filter((b) => (b.EmployeeRef as { value: string }).value === '55').map((b) => b.TxnDate)).toContain(
      first,
    )
  })

  it('sends nothing again when nothing changed, and marks a period reopened since as changed', async () => {
    const before = qb.activityRequests.length
    expect(await send()).toMatchObject({ state: 'sent', created: 0, updated: 0, errors: [] })
    expect(qb.activityRequests.length).toBe(before)
    await steps.reopen(first, 'Ben worked less on Monday')
    const preview = QuickbooksPreview.parse(
      ok(await callRoute(previewQuickbooks, { cookies: [sup.cookie], params: { start: first } })).json,
    )
    expect(preview).toMatchObject({ closed: false, changedSinceSent: true })
  })

  it('after a correction, sends exactly what changed: a new day created, a re-matched member updated by Id and SyncToken', async () => {
    // The period was reopened: Ben's second week (one Monday) is added and approved, and the period closed again.
    await steps.approveWeek(ben, week(addDays(first, 7), { monday: eightHours }))
    await steps.close(first)
    let before = qb.activityRequests.length
    expect(await send()).toMatchObject({ state: 'sent', created: 1, updated: 0, errors: [] })
    const [created] = bodiesSince(before)
    expect(created).toMatchObject({ TxnDate: addDays(first, 7), Hours: 8, Minutes: 0, EmployeeRef: { value: '56' } })
    expect(created!.Id).toBeUndefined()

    // Ben is matched to another QuickBooks employee: each of his records is updated in place, Ana's untouched.
    ok(await callRoute(updateQuickbooksMatching, { cookies: [sup.cookie], body: { members: { [ben.user.id]: '57' } } }))
    const total = qb.activities.size
    before = qb.activityRequests.length
    const result = await send()
    const updates = bodiesSince(before)
    expect(result).toMatchObject({ state: 'sent', created: 0, updated: updates.length, errors: [] })
    // Ben's five days, the Monday just added and his vacation day.
    expect(updates.length).toBe(7)
    for (const u of updates) expect(u).toMatchObject({ sparse: false, SyncToken: '0', EmployeeRef: { value: '57' } })
    expectSameRecords(total)
  })

  it('a code no longer given a class is sent again without one: the full update clears the class QuickBooks had', async () => {
    ok(
      await callRoute(updateAllocationCodes, {
        cookies: [sup.cookie],
        body: {
          codes: [
            { id: code.youth, name: 'Youth ministry', kind: 'ministry', className: 'Youth' },
            { id: code.admin, name: 'Administration', kind: 'ministry' },
          ],
        },
      }),
    )
    const total = qb.activities.size
    const before = qb.activityRequests.length
    const result = await send()
    const updates = bodiesSince(before)
    // Ana's Monday and Tuesday hours on Administration: only those records change.
    expect(updates.length).toBe(2)
    expect(result).toMatchObject({ state: 'sent', created: 0, updated: 2, errors: [] })
    for (const u of updates) {
      expect(u).toMatchObject({ sparse: false, EmployeeRef: { value: '55' } })
      expect(u.ClassRef).toBeUndefined()
    }
    const stored = [...qb.activities.values()]
    const administration = stored.filter((a) => String(a.Description).startsWith('Administration'))
    expect(administration).toHaveLength(2)
    for (const a of administration) expect(a.ClassRef).toBeUndefined()
    for (const a of stored.filter((a) => String(a.Description).startsWith('Youth ministry')))
      expect(a.ClassRef).toMatchObject({ value: '3' })
    expectSameRecords(total)
  })

  it('queues a send QuickBooks throttled again at its Retry-After, and the retry finishes it without a duplicate', async () => {
    await steps.reopen(first, 'Ana Monday')
    await steps.approveWeek(ana, week(addDays(first, 7), { monday: eightHours }))
    await steps.close(first)
    qb.throttleNext(1)
    const asked = Date.now()
    const throttled = await send()
    expect(throttled).toMatchObject({ state: 'queued', created: 0 })
    expect(Date.parse(throttled.retryAt!) - asked).toBeGreaterThanOrEqual(29_000)
    // Not before its time; then the job's next run sends it.
    expect(await runQuickbooksSend(sup.organization.id, first, asked + 10_000)).toBe('busy')
    const size = qb.activities.size
    expect(await runQuickbooksSend(sup.organization.id, first, asked + 31_000)).toBe('sent')
    expect(await lastSend()).toMatchObject({ state: 'sent', created: 1, updated: 0, errors: [] })
    expect(qb.activities.size).toBe(size + 1)
  })

  it('a change QuickBooks made but whose answer was lost is sent again under the same requestid: no duplicate, no stale object', async () => {
    qb.dropAnswersNext(1)
    ok(await callRoute(updateQuickbooksMatching, { cookies: [sup.cookie], body: { members: { [ana.user.id]: '57' } } }))
    const total = qb.activities.size
    const asked = Date.now()
    expect((await send()).state).toBe('queued')
    // The run stopped at the lost answer; the job's next run (after the backoff) carries on.
    expect(await runQuickbooksSend(sup.organization.id, first, asked + 10 * 60_000)).toBe('sent')
    const done = await lastSend()
    expect(done).toMatchObject({ state: 'sent', created: 0, errors: [] })
    const anas = [...qb.activities.values()].filter((a) => (a.EmployeeRef as { value: string }).value === '57')
    expect(anas.length).toBe(done.updated + 7)
    expectSameRecords(total)
  })

  it('a grant QuickBooks no longer honours asks for a reconnection and loses nothing; after it, nothing is duplicated', async () => {
    ok(await callRoute(updateQuickbooksMatching, { cookies: [sup.cookie], body: { members: { [ana.user.id]: '55' } } }))
    const recorded = await orgDb(sup.organization.id).integrations.sentRecords('quickbooks', first)
    qb.expireAccessTokens()
    qb.revokeAll()
    expect((await send()).state).toBe('reconnect')
    expect(await orgDb(sup.organization.id).integrations.sentRecords('quickbooks', first)).toEqual(recorded)
    const refused = await callRoute(sendQuickbooks, { cookies: [sup.cookie], params: { start: first } })
    expect(refused.status).toBe(409)
    expect(refused.json.message).toBe('The connection was refused by the vendor; connect again (nothing was lost)')

    await connect()
    const total = qb.activities.size
    const done = await send()
    expect(done).toMatchObject({ state: 'sent', created: 0, errors: [] })
    expect(done.updated).toBeGreaterThan(0)
    expectSameRecords(total)
  })
  it("a week sent back and one day corrected: the re-send updates exactly that day's TimeActivity by Id and SyncToken", async () => {
    // Ben corrects Monday (7 hours, not 8) and submits; the week is approved again and the period closed.
    const { weekStartDate: _week, ...days } = fullWeek
    await steps.correctAfterSendBack(
      first,
      { id: sheets.ben!, memberCookie: ben.cookie },
      { reason: 'Ben left at 3 on Monday', comments: 'You left at 3 on Monday', days: { ...days, mondayEnd: '15:00' } },
    )

    const matching = QuickbooksMatching.parse(
      ok(await callRoute(getQuickbooksMatching, { cookies: [sup.cookie] })).json,
    )
    const benRef = matching.members.find((m) => m.memberId === ben.user.id)!.employeeId
    const stored = new Map([...qb.activities].map(([id, a]) => [id, structuredClone(a)]))
    const monday = [...stored.values()].filter(
      (a) => (a.EmployeeRef as { value: string }).value === benRef && a.TxnDate === first,
    )
    expect(monday).toHaveLength(1)
    const before = qb.activityRequests.length
    expect(await send()).toMatchObject({ state: 'sent', created: 0, updated: 1, errors: [] })
    const requests = qb.activityRequests.slice(before)
    expect(requests).toHaveLength(1)
    expect(requests[0]!.query.get('operation')).toBeNull()
    const update = JSON.parse(requests[0]!.body) as Record<string, unknown>
    expect(TimeActivityRequest.safeParse(update).success).toBe(true)
    expect(update).toMatchObject({
      Id: monday[0]!.Id,
      SyncToken: monday[0]!.SyncToken,
      TxnDate: first,
      Hours: 7,
      Minutes: 0,
      NameOf: 'Employee',
      BillableStatus: 'NotBillable',
      EmployeeRef: { value: benRef },
    })
    // Exactly that record changed (its hours, its SyncToken); nothing else created, updated or deleted.
    expect(qb.activities.size).toBe(stored.size)
    for (const [id, a] of qb.activities)
      if (id === monday[0]!.Id)
        expect(a).toMatchObject({ Hours: 7, Minutes: 0, SyncToken: String(Number(monday[0]!.SyncToken) + 1) })
      else expect(a).toEqual(stored.get(id))
    expect(qb.contractProblems).toEqual([])

    // The period's payroll summary is the corrected hours: Ben's 39 + 8 regular and 8 of vacation, as sent.
    const summary = PayrollSummary.parse(
      ok(await callRoute(getSummary, { cookies: [sup.cookie], query: { from: first, to: periodEnd } })).json,
    )
    const row = summary.members.find((m) => m.employeeId === ben.user.id)!
    expect([row.regularHours, row.overtimeHours, row.vacationHours]).toEqual([47, 0, 8])
    const sentMinutes = [...qb.activities.values()]
      .filter((a) => (a.EmployeeRef as { value: string }).value === benRef)
      .reduce((total, a) => total + minutesOf(a), 0)
    expect(sentMinutes).toBe((row.regularHours + row.overtimeHours + row.vacationHours) * 60)
  })
})

/** The kind of pay a record was sent as, from its description (`code · kind · activity`, or the leave's kind). */
const kindOf = (record: Record<string, unknown>) =>
  String(record.Description)
    .split(' · ')
    .find((part) => ['regular', 'overtime', 'doubleTime', 'vacation', 'sick', 'personal', 'holiday'].includes(part))

describe("QuickBooks Payroll's pay types, sent as each record's PayrollItemRef", () => {
  const PAY = { regular: '14594495', overtime: '14594496', vacation: '14594497', salary: '14594506' }
  const matchingNow = async () =>
    QuickbooksMatching.parse(ok(await callRoute(getQuickbooksMatching, { cookies: [sup.cookie] })).json)
  const matchedAudits = async () =>
    (await callRoute(listAudit, { cookies: [sup.cookie], query: { action: 'integration.matched' } })).json.items
      .length as number

  it('lists the pay types of a company with QuickBooks Payroll, read with the documented query', async () => {
    qb.payroll('payroll')
    const before = qb.graphqlRequests.length
    const matching = await matchingNow()
    expect(matching).toMatchObject({ payItemsAvailable: true, payItemsVendorMessages: [] })
    expect(matching.payItems).toEqual([
      { id: PAY.regular, name: 'Regular Pay', type: 'HOURLY_PAY' },
      { id: PAY.overtime, name: 'Overtime Pay', type: 'OVERTIME_PAY' },
      { id: PAY.vacation, name: 'Vacation Pay', type: 'VACATION_PAY' },
      { id: PAY.salary, name: 'Salary', type: 'SALARY' },
    ])
    expect(matching.kinds.every((k) => k.payItemId === null)).toBe(true)
    // One GraphQL request, with the Accounting API's token, that names documented fields only.
    const [request, ...more] = qb.graphqlRequests.slice(before)
    expect(more).toEqual([])
    expect(request!.headers.authorization).toMatch(/^Bearer at-/)
    expect(request!.headers['content-type']).toBe('application/json')
    expect(EmployerCompensationsRequest.safeParse(JSON.parse(request!.body)).success).toBe(true)
    expect(qb.contractProblems).toEqual([])
    // The check can fail: a field the page does not document, or a scalar given a selection.
    for (const query of [
      'query { payrollEmployerInfo { employerCompensations { edges { node { id rate } } } } }',
      'query { payrollEmployerInfo { employerCompensations { edges { node { name { first } } } } } }',
      'query { payrollEmployerInfo { employerCompensations(first: 5) { edges { node { id } } } } }',
    ])
      expect(EmployerCompensationsRequest.safeParse({ query }).success, query).toBe(false)
  })

  it('refuses an unknown kind of pay or a pay type QuickBooks does not have: 400, nothing kept', async () => {
    const audits = await matchedAudits()
    for (const body of [
      { payItems: { bonus: PAY.regular } },
      { payItems: { regular: '999' } },
      // A valid member change beside a bad pay type is not kept either.
      { members: { [ana.user.id]: '56' }, payItems: { regular: PAY.regular, overtime: '999' } },
    ]) {
      const res = await callRoute(updateQuickbooksMatching, { cookies: [sup.cookie], body })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    const matching = await matchingNow()
    expect(matching.kinds.every((k) => k.payItemId === null)).toBe(true)
    expect(matching.members.find((m) => m.memberId === ana.user.id)!.employeeId).toBe('55')
    expect(await matchedAudits()).toBe(audits)
  })

  it('keeps regular, overtime and vacation paired with their pay types, audited', async () => {
    const audits = await matchedAudits()
    const saved = QuickbooksMatching.parse(
      ok(
        await callRoute(updateQuickbooksMatching, {
          cookies: [sup.cookie],
          body: { payItems: { regular: PAY.regular, overtime: PAY.overtime, vacation: PAY.vacation, sick: null } },
        }),
      ).json,
    )
    expect(Object.fromEntries(saved.kinds.map((k) => [k.kind, k.payItemId]))).toEqual({
      regular: PAY.regular,
      overtime: PAY.overtime,
      doubleTime: null,
      vacation: PAY.vacation,
      sick: null,
      personal: null,
      holiday: null,
    })
    expect(await matchedAudits()).toBe(audits + 1)
    // A body without payItems (a client that does not know them) changes none.
    ok(await callRoute(updateQuickbooksMatching, { cookies: [sup.cookie], body: { members: {}, codes: {} } }))
    expect((await matchingNow()).kinds).toEqual(saved.kinds)
  })

  it('sends each record with its kind’s pay type as PayrollItemRef (a full update), and a changed pair updates exactly its records', async () => {
    const total = qb.activities.size
    let before = qb.activityRequests.length
    const graphqlBefore = qb.graphqlRequests.length
    const result = await send()
    // The pay types are read once per send.
    expect(qb.graphqlRequests.length - graphqlBefore).toBe(1)
    const updates = bodiesSince(before)
    expect(result).toMatchObject({ state: 'sent', created: 0, deleted: 0, errors: [], updated: updates.length })
    expect(updates.length).toBe(total)
    const names = { regular: 'Regular Pay', overtime: 'Overtime Pay', vacation: 'Vacation Pay' } as const
    for (const u of updates) {
      expect(TimeActivityRequest.safeParse(u).success).toBe(true)
      const kind = kindOf(u) as keyof typeof names
      expect(u).toMatchObject({ sparse: false, PayrollItemRef: { value: PAY[kind], name: names[kind] } })
      expect(u.Id).toEqual(expect.any(String))
    }
    expect(new Set(updates.map(kindOf))).toEqual(new Set(['regular', 'overtime', 'vacation']))
    for (const a of qb.activities.values())
      expect((a.PayrollItemRef as { value: string }).value).toBe(PAY[kindOf(a) as keyof typeof names])

    // Regular hours become Salary: only the regular records are sent again, in full, with the new pay type.
    ok(
      await callRoute(updateQuickbooksMatching, { cookies: [sup.cookie], body: { payItems: { regular: PAY.salary } } }),
    )
    const regular = [...qb.activities.values()].filter((a) => kindOf(a) === 'regular')
    before = qb.activityRequests.length
    const again = await send()
    const changed = bodiesSince(before)
    expect(again).toMatchObject({ state: 'sent', created: 0, deleted: 0, updated: regular.length, errors: [] })
    expect(changed.map((u) => u.Id).sort()).toEqual(regular.map((a) => a.Id).sort())
    for (const u of changed) {
      expect(TimeActivityRequest.safeParse(u).success).toBe(true)
      expect(u).toMatchObject({ sparse: false, PayrollItemRef: { value: PAY.salary, name: 'Salary' } })
    }
    expectSameRecords(total)
  })

  it('a Payroll API outage is tried again, never read as "no pay types": nothing is sent without them', async () => {
    ok(
      await callRoute(updateQuickbooksMatching, {
        cookies: [sup.cookie],
        body: { payItems: { overtime: PAY.salary } },
      }),
    )
    qb.payroll('outage')
    const down = await callRoute(getQuickbooksMatching, { cookies: [sup.cookie] })
    expect(down.status).toBe(503)
    const before = qb.activityRequests.length
    const asked = Date.now()
    expect((await send()).state).toBe('queued')
    expect(qb.activityRequests.length).toBe(before)
    qb.payroll('payroll')
    expect(await runQuickbooksSend(sup.organization.id, first, asked + 10 * 60_000)).toBe('sent')
    const changed = bodiesSince(before)
    expect(changed.length).toBeGreaterThan(0)
    for (const u of changed) expect(u).toMatchObject({ PayrollItemRef: { value: PAY.salary } })
  })

  it('a company that no longer has QuickBooks Payroll: no pay types shown, and records are sent again without one', async () => {
    qb.payroll('no-payroll')
    const matching = await matchingNow()
    expect(matching).toMatchObject({ payItems: [], payItemsAvailable: false })
    expect(matching.kinds.every((k) => k.payItemId === null)).toBe(true)
    const total = qb.activities.size
    const before = qb.activityRequests.length
    const result = await send()
    const updates = bodiesSince(before)
    expect(result).toMatchObject({ state: 'sent', created: 0, updated: total, errors: [] })
    for (const u of updates) {
      expect(TimeActivityRequest.safeParse(u).success).toBe(true)
      expect(u).toMatchObject({ sparse: false })
      expect(u.PayrollItemRef).toBeUndefined()
    }
    for (const a of qb.activities.values()) expect(a.PayrollItemRef).toBeUndefined()
    expect(qb.contractProblems).toEqual([])
  })

  it('a 401 from the Payroll API goes the token store’s way: refreshed once, then a reconnection asked for', async () => {
    qb.payroll('unauthorized')
    const res = await callRoute(getQuickbooksMatching, { cookies: [sup.cookie] })
    expect(res.status).toBe(409)
    expect(res.json.message).toBe('The connection was refused by the vendor; connect again (nothing was lost)')
  })
})
