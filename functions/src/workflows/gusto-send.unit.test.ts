import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GustoError, gustoApi } from '@app/adapters'
import {
  DEFAULT_OVERTIME_RULES,
  leaveByMember,
  memberWeek,
  planGusto,
  totalsByMember,
  type GustoPlan,
  type SentShift,
  type WeekTimes,
} from '@app/core'
import { GUSTO_ERRORS, startGustoDouble, type GustoDouble } from '../../../packages/adapters/test/gusto-double.ts'
import { sendToGusto, type GustoSendStore } from './gusto-send.ts'

/**
 * The pay period of the integration's "done when": a closed biweekly period, two non-exempt
 * members (Ana with 4 hours of overtime, Ben with 8 hours of vacation) and a volunteer.
 */
const TZ = 'America/Chicago'
const PERIOD = { start: '2026-11-16', end: '2026-11-29' }
type Sheet = WeekTimes & { id: number; employeeId: string; weekStartDate: string }
const workweek = (id: number, employeeId: string, weekStartDate: string, days: string[], end = '17:00'): Sheet =>
  Object.fromEntries([
    ['id', id],
    ['employeeId', employeeId],
    ['weekStartDate', weekStartDate],
    ...days.flatMap((d) => [
      [`${d}Start`, '08:00'],
      [`${d}End`, end],
      [`${d}BreakMinutes`, 60],
    ]),
  ]) as Sheet
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']
const scenario = (benThursdayEnd = '17:00') => {
  const sheets: { sheet: Sheet; role: 'employee' | 'volunteer' }[] = [
    // Ana: 44 paid hours in the first week (9 a day after an hour's break, 8 on Friday): 4 overtime.
    { sheet: { ...workweek(1, 'ana', '2026-11-16', WEEKDAYS, '18:00'), fridayEnd: '17:00' }, role: 'employee' },
    { sheet: workweek(2, 'ana', '2026-11-23', WEEKDAYS), role: 'employee' },
    { sheet: workweek(3, 'ben', '2026-11-16', WEEKDAYS), role: 'employee' },
    // Ben takes Wednesday off (8 vacation hours) and a correction moves his Thursday.
    {
      sheet: {
        ...workweek(4, 'ben', '2026-11-23', ['monday', 'tuesday', 'thursday', 'friday']),
        thursdayEnd: benThursdayEnd,
      },
      role: 'employee',
    },
    { sheet: workweek(5, 'vol', '2026-11-16', ['saturday']), role: 'volunteer' },
  ]
  const weeks = sheets.map(({ sheet, role }) => memberWeek(sheet, DEFAULT_OVERTIME_RULES, 'non-exempt', role))
  const members = [
    { id: 'ana', role: 'employee' as const, hireDate: '2020-01-01' },
    { id: 'ben', role: 'employee' as const, hireDate: '2020-01-01' },
    { id: 'vol', role: 'volunteer' as const, hireDate: '2020-01-01' },
  ]
  const leave = leaveByMember({
    ...PERIOD,
    approved: [{ employeeId: 'ben', kind: 'vacation', days: [{ date: '2026-11-25', hours: 8 }] }],
    holidays: [],
    members,
  })
  return { sheets, weeks, members, leave }
}

let gusto: GustoDouble
let uuids: Record<string, string>
let vacationPolicy: string
beforeEach(async () => {
  gusto = await startGustoDouble()
  const ana = gusto.addEmployee({ first_name: 'Ana', last_name: 'Diaz', email: 'ana@example.org' })
  const ben = gusto.addEmployee({ first_name: 'Ben', last_name: 'Okafor', email: 'ben@example.org' })
  const vol = gusto.addEmployee({ first_name: 'Val', last_name: 'Ortiz', email: 'val@example.org' })
  uuids = { ana: ana.uuid, ben: ben.uuid, vol: vol.uuid }
  vacationPolicy = gusto.addPolicy('Vacation', 'vacation').uuid
  gusto.addPayPeriod(PERIOD.start, PERIOD.end)
})
afterEach(() => gusto.close())

const planOf = (s: ReturnType<typeof scenario>): GustoPlan =>
  planGusto({
    timeZone: TZ,
    members: s.members,
    weeks: s.weeks,
    timesheets: new Map(s.sheets.map(({ sheet }) => [sheet.id, sheet])),
    leave: s.leave,
    matching: {
      employees: Object.fromEntries(Object.entries(uuids).map(([id, employeeUuid]) => [id, { employeeUuid }])),
      policies: { vacation: vacationPolicy },
    },
  })
const memoryStore = (): GustoSendStore & { records: Record<string, SentShift> } => {
  const records: Record<string, SentShift> = {}
  return {
    records,
    sent: async () => ({ ...records }),
    record: async (key, sent) => {
      records[key] = sent
    },
    forget: async (key) => {
      delete records[key]
    },
  }
}
const send = (plan: GustoPlan, store: GustoSendStore, token = gusto.token) =>
  sendToGusto({
    api: gustoApi({ accessToken: token, baseUrl: gusto.url }),
    companyUuid: gusto.company,
    period: PERIOD,
    timeZone: TZ,
    plan,
    store,
  })
const sheetsOf = (employeeUuid: string) => [...gusto.timeSheets.values()].filter((t) => t.entity_uuid === employeeUuid)
const hoursBy = (employeeUuid: string, classification: string) =>
  sheetsOf(employeeUuid)
    .flatMap((t) => t.entries as { hours_worked: string; pay_classification: string }[])
    .filter((e) => e.pay_classification === classification)
    .reduce((sum, e) => sum + Math.round(Number(e.hours_worked) * 60), 0)

describe('sending a closed biweekly period to Gusto', () => {
  it('sends regular and overtime time sheets, a payroll sync and 8 vacation hours; nothing for the volunteer', async () => {
    const s = scenario()
    const store = memoryStore()
    const result = await send(planOf(s), store)
    expect(result).toMatchObject({ created: 19, updated: 0, deleted: 0, paidTimeOffSent: true, errors: [] })
    expect(sheetsOf(uuids.vol!)).toEqual([])
    const summary = totalsByMember(
      s.weeks.filter((w) => w.role !== 'volunteer'),
      (employeeId) => ({ employeeId, firstName: employeeId, lastName: employeeId, department: null, payrollId: null }),
    )
    for (const m of summary) {
      expect(hoursBy(uuids[m.employeeId]!, 'Regular')).toBe(m.regularMinutes)
      expect(hoursBy(uuids[m.employeeId]!, 'Overtime')).toBe(m.overtimeMinutes)
    }
    expect(summary.find((m) => m.employeeId === 'ana')!.overtimeMinutes).toBe(240)
    expect(gusto.payrollSyncs).toEqual([
      expect.objectContaining({
        kind: 'regular',
        pay_period_start_date: PERIOD.start,
        pay_period_end_date: PERIOD.end,
      }),
    ])
    const [payroll] = [...gusto.payrolls.values()]
    expect(payroll!.employee_compensations).toEqual([
      expect.objectContaining({
        employee_uuid: uuids.ben,
        paid_time_off: [{ policy_uuid: vacationPolicy, hours: '8.000' }],
      }),
    ])
    expect(Object.keys(store.records)).toHaveLength(19)
    expect(gusto.violations).toEqual([])
  })

  it('a second send after reopening and correcting one day updates exactly that time sheet', async () => {
    const store = memoryStore()
    await send(planOf(scenario()), store)
    const before = gusto.calls.length
    const result = await send(planOf(scenario('16:00')), store)
    const timeSheetCalls = gusto.calls.slice(before).filter((c) => c.path.includes('time_sheets'))
    expect(timeSheetCalls.map((c) => c.method)).toEqual(['PUT'])
    expect(timeSheetCalls[0]!.path).toBe(`/v1/time_tracking/time_sheets/${store.records['ben#2026-11-26#0']!.uuid}`)
    expect(result).toMatchObject({ created: 0, updated: 1, deleted: 0, unchanged: 18, errors: [] })
    expect(gusto.timeSheets.size).toBe(19)
    expect(gusto.violations).toEqual([])
  })

  it('an expired token stops the send asking to reconnect and loses nothing; the send after it finishes without duplicates', async () => {
    const store = memoryStore()
    const plan = planOf(scenario())
    let posts = 0
    const expiring = gustoApi({
      accessToken: gusto.token,
      baseUrl: gusto.url,
      fetch: async (url, init) => {
        if (init?.method === 'POST' && ++posts === 6) gusto.rotateToken('gusto-access-2')
        return fetch(url, init)
      },
    })
    const e = await sendToGusto({
      api: expiring,
      companyUuid: gusto.company,
      period: PERIOD,
      timeZone: TZ,
      plan,
      store,
    }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(GustoError)
    expect((e as GustoError).unauthorized).toBe(true)
    expect(Object.keys(store.records)).toHaveLength(5)
    expect(gusto.timeSheets.size).toBe(5)
    const result = await send(plan, store, 'gusto-access-2')
    expect(result).toMatchObject({ created: 14, unchanged: 5, errors: [], paidTimeOffSent: true })
    expect(gusto.timeSheets.size).toBe(19)
    expect(gusto.violations).toEqual([])
  })

  it("a 429 stops the send with Gusto's Retry-After; a 422 is kept for its member and the rest is sent", async () => {
    const store = memoryStore()
    const plan = planOf(scenario())
    gusto.fail('POST', /time_sheets$/, GUSTO_ERRORS.validation('entity_uuid', 'Ana Diaz is not on an active job'))
    gusto.fail('POST', /payroll_syncs$/, GUSTO_ERRORS.rateLimited(30))
    const e = await send(plan, store).catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 429, retryAfterSeconds: 30 })
    expect(Object.keys(store.records)).toHaveLength(18)
    const result = await send(plan, store)
    expect(result.created).toBe(1)
    expect(result.errors).toEqual([])
    expect(gusto.timeSheets.size).toBe(19)
    expect(gusto.payrollSyncs).toHaveLength(1)
  })

  it("names a refused member in Gusto's words and says when Gusto has no such pay period", async () => {
    gusto.fail('POST', /time_sheets$/, GUSTO_ERRORS.validation('entity_uuid', 'Ana Diaz is not on an active job'))
    const result = await sendToGusto({
      api: gustoApi({ accessToken: gusto.token, baseUrl: gusto.url }),
      companyUuid: gusto.company,
      period: { start: '2026-11-30', end: '2026-12-13' },
      timeZone: TZ,
      plan: planOf(scenario()),
      store: memoryStore(),
    })
    expect(result.errors).toEqual([
      {
        employeeId: 'ana',
        code: 'refused',
        status: 422,
        problems: [
          { key: 'entity_uuid', category: 'invalid_attribute_value', message: 'Ana Diaz is not on an active job' },
        ],
      },
      { employeeId: null, code: 'pay-period-missing', status: null, problems: [] },
    ])
    expect(result.created).toBe(18)
    expect(gusto.payrollSyncs).toEqual([])
  })
})
