import { Employee$inboundSchema } from '@gusto/embedded-api/models/components/employee.js'
import { EntityErrorObject$inboundSchema } from '@gusto/embedded-api/models/components/entityerrorobject.js'
import { PayPeriod$inboundSchema } from '@gusto/embedded-api/models/components/payperiod.js'
import { TimeOffPolicy$inboundSchema } from '@gusto/embedded-api/models/components/timeoffpolicy.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planGusto, memberWeek, DEFAULT_OVERTIME_RULES, emptyLeave } from '@app/core'
import { GUSTO_ERRORS, startGustoDouble, type GustoDouble } from '../test/gusto-double.ts'
import { gustoContractProblems } from '../test/gusto-contract.ts'
import { withEnvironment } from './config.ts'
import { GUSTO_API_VERSION, GustoError, gustoApi, gustoBaseUrl, paidTimeOffBody, timeSheetBody } from './gusto.ts'

let gusto: GustoDouble
beforeAll(async () => {
  gusto = await startGustoDouble()
})
afterAll(() => gusto.close())

const api = () => gustoApi({ accessToken: gusto.token, baseUrl: gusto.url })
const sheet = {
  id: 1,
  employeeId: 'ana',
  weekStartDate: '2026-11-16',
  mondayStart: '08:00',
  mondayEnd: '17:30',
  mondayBreakMinutes: 30,
  fridayStart: '08:00',
  fridayEnd: '12:15',
}
const plan = (employeeUuid: string, jobUuid?: string) =>
  planGusto({
    timeZone: 'America/New_York',
    members: [{ id: 'ana', role: 'employee' }],
    weeks: [memberWeek(sheet, { ...DEFAULT_OVERTIME_RULES, weeklyOvertimeHours: 10 }, 'non-exempt', 'employee')],
    timesheets: new Map([[1, sheet]]),
    leave: new Map([['ana', { ...emptyLeave(), vacationHours: 8 }]]),
    matching: { employees: { ana: { employeeUuid, jobUuid } }, policies: { vacation: 'pol-1' } },
  })

describe('the Gusto client', () => {
  it('talks to the demo environment unless told production, or to GUSTO_BASE_URL', () => {
    expect(withEnvironment({}, gustoBaseUrl)).toBe('https://api.gusto-demo.com')
    expect(withEnvironment({ GUSTO_ENVIRONMENT: 'demo' }, gustoBaseUrl)).toBe('https://api.gusto-demo.com')
    expect(withEnvironment({ GUSTO_ENVIRONMENT: 'production' }, gustoBaseUrl)).toBe('https://api.gusto.com')
    expect(
      withEnvironment({ GUSTO_ENVIRONMENT: 'production', GUSTO_BASE_URL: 'http://127.0.0.1:9/' }, gustoBaseUrl),
    ).toBe('http://127.0.0.1:9')
  })

  it("sends time sheets, a payroll sync and paid time off that pass Gusto's schema, with its API version", async () => {
    const ana = gusto.addEmployee({ first_name: 'Ana', last_name: 'Diaz', email: 'ana@example.org' })
    const period = gusto.addPayPeriod('2026-11-16', '2026-11-29')
    const p = plan(ana.uuid, ana.jobs[0]!.uuid)
    const c = api()
    const created = []
    for (const s of p.shifts) created.push(await c.createTimeSheet(gusto.company, timeSheetBody(s, 'America/New_York')))
    expect(created).toHaveLength(2)
    const stored = gusto.timeSheets.get(created[1]!.uuid)!
    // Friday's 4.25 h: Monday's 9 leave 1 regular hour of the week's 10.
    expect(stored.entries).toEqual([
      { uuid: expect.any(String), hours_worked: '1.000', pay_classification: 'Regular' },
      { uuid: expect.any(String), hours_worked: '3.250', pay_classification: 'Overtime' },
    ])
    expect(stored.shift_started_at).toBe('2026-11-20T13:00:00.000Z')
    const updated = await c.updateTimeSheet(created[0]!.uuid, {
      ...timeSheetBody(p.shifts[0]!, 'America/New_York'),
      version: created[0]!.version,
    })
    expect(updated.version).not.toBe(created[0]!.version)
    const [found] = await c.payPeriods(gusto.company, '2026-11-16', '2026-11-29')
    expect(found!.pay_schedule_uuid).toBe(period.pay_schedule_uuid)
    await c.createPayrollSync(gusto.company, {
      payScheduleUuid: found!.pay_schedule_uuid,
      start: '2026-11-16',
      end: '2026-11-29',
    })
    const prepared = await c.preparePayroll(gusto.company, found!.payroll!.payroll_uuid!, [ana.uuid])
    const versions = new Map(prepared.employee_compensations!.map((e) => [e.employee_uuid!, e.version!]))
    await c.updatePayroll(gusto.company, found!.payroll!.payroll_uuid!, paidTimeOffBody(p, versions))
    expect(gusto.payrolls.get(found!.payroll!.payroll_uuid!)!.employee_compensations).toEqual([
      expect.objectContaining({ employee_uuid: ana.uuid, paid_time_off: [{ policy_uuid: 'pol-1', hours: '8.000' }] }),
    ])
    await c.deleteTimeSheet(created[1]!.uuid)
    expect(gusto.timeSheets.has(created[1]!.uuid)).toBe(false)
    expect(gusto.calls.every((call) => call.headers['x-gusto-api-version'] === GUSTO_API_VERSION)).toBe(true)
    expect(gusto.violations).toEqual([])
  })

  it('pages through employees and reads policies', async () => {
    for (let i = 0; i < 101; i++) gusto.addEmployee({ first_name: `E${i}`, last_name: 'Page', email: null })
    gusto.addPolicy('Vacation', 'vacation')
    const c = api()
    expect((await c.employees(gusto.company)).length).toBeGreaterThan(101)
    expect((await c.timeOffPolicies(gusto.company)).map((p) => p.name)).toContain('Vacation')
    expect((await c.tokenInfo()).resource.uuid).toBe(gusto.company)
    expect(gusto.violations).toEqual([])
  })

  it('an expired token asks for a reconnection, in Gusto words', async () => {
    const c = gustoApi({ accessToken: 'old', baseUrl: gusto.url })
    const e = await c.timeOffPolicies(gusto.company).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(GustoError)
    expect(e).toMatchObject({ status: 401, unauthorized: true, transient: false })
    expect((e as GustoError).problems).toEqual([
      { key: 'request', category: 'invalid_token', message: 'The access token expired' },
    ])
  })

  it("a 422 carries Gusto's messages per field; a 429 its Retry-After", async () => {
    gusto.fail('POST', /time_sheets$/, GUSTO_ERRORS.validation('entity_uuid', 'Employee is not on an active job'))
    const p = plan('x')
    const e = await api()
      .createTimeSheet(gusto.company, timeSheetBody(p.shifts[0]!, 'America/New_York'))
      .catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 422, transient: false, unauthorized: false })
    expect((e as GustoError).problems).toEqual([
      { key: 'entity_uuid', category: 'invalid_attribute_value', message: 'Employee is not on an active job' },
    ])
    gusto.fail('GET', /time_off_policies$/, GUSTO_ERRORS.rateLimited(7))
    const r = await api()
      .timeOffPolicies(gusto.company)
      .catch((x: unknown) => x)
    expect(r).toMatchObject({ status: 429, retryAfterSeconds: 7, transient: true })
  })

  it('an unreachable Gusto is an outage to try again later', async () => {
    const e = await gustoApi({ accessToken: 't', baseUrl: 'http://127.0.0.1:9' })
      .tokenInfo()
      .catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 503, transient: true })
  })
})

describe("the contract: Gusto's published description", () => {
  const headers = { 'x-gusto-api-version': GUSTO_API_VERSION, authorization: 'Bearer t' }
  it('refuses a field Gusto does not know and a wrong type (so it can fail)', () => {
    const body = timeSheetBody(plan('e').shifts[0]!, 'America/New_York')
    const path = '/v1/companies/c/time_tracking/time_sheets'
    expect(gustoContractProblems({ method: 'POST', path, headers, body })).toEqual([])
    expect(gustoContractProblems({ method: 'POST', path, headers, body: { ...body, hours: 8 } })).not.toEqual([])
    expect(gustoContractProblems({ method: 'POST', path, headers, body: { ...body, entity_uuid: 3 } })).not.toEqual([])
    const pto = {
      employee_compensations: [{ employee_uuid: 'e', paid_time_off: [{ policy_uuid: 'p', hours: '8.000' }] }],
    }
    const payroll = '/v1/companies/c/payrolls/p'
    expect(gustoContractProblems({ method: 'PUT', path: payroll, headers, body: pto })).toEqual([])
    const misspelt = { employee_compensations: [{ employee_uuid: 'e', paid_time_offs: [] }] }
    expect(gustoContractProblems({ method: 'PUT', path: payroll, headers, body: misspelt })).not.toEqual([])
    const numeric = {
      employee_compensations: [{ employee_uuid: 'e', paid_time_off: [{ policy_uuid: 'p', hours: 8 }] }],
    }
    expect(gustoContractProblems({ method: 'PUT', path: payroll, headers, body: numeric })).not.toEqual([])
    expect(gustoContractProblems({ method: 'GET', path: payroll + '/x/y', headers, body: undefined })).not.toEqual([])
    expect(
      gustoContractProblems({
        method: 'GET',
        path: '/v1/token_info',
        headers: { authorization: 'Bearer t' },
        body: undefined,
      }),
    ).toEqual([expect.stringContaining('X-Gusto-API-Version')])
  })

  it("the double answers in the shapes of Gusto's own client", () => {
    expect(gusto.employees.length * gusto.policies.length * gusto.payPeriods.length).toBeGreaterThan(0)
    for (const e of gusto.employees) expect(() => Employee$inboundSchema.parse(e)).not.toThrow()
    for (const p of gusto.policies) expect(() => TimeOffPolicy$inboundSchema.parse(p)).not.toThrow()
    for (const p of gusto.payPeriods) expect(() => PayPeriod$inboundSchema.parse(p)).not.toThrow()
    const documented = [GUSTO_ERRORS.validation('k', 'm'), GUSTO_ERRORS.rateLimited(1)]
    for (const e of documented.flatMap((d) => d.body.errors))
      expect(() => EntityErrorObject$inboundSchema.parse(e)).not.toThrow()
  })
})
