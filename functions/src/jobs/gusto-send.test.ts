import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, currentWeekStart } from '@app/core'
import { integrationSendsDue, orgDb } from '@app/data'
import { startGustoDouble, type GustoDouble } from '../../../packages/adapters/test/gusto-double.ts'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { payrollAs } from '../../test/support/test-payroll.ts'
import updateMember from '../members/update-member.ts'
import { runGustoSend, type GustoConnection } from './gusto-send.ts'
import { integrationSendJob } from './integration-sends-job.ts'

/**
 * The send job on the local stack: a closed biweekly period's approved weeks (Ana with 4 hours of
 * overtime, Ben, a volunteer) go to the Gusto test double as time sheets and a payroll sync; the
 * state and Gusto's ids are stored, so a second send changes nothing, a reopened period is changed
 * since sent, and an expired token waits for a reconnection with nothing lost.
 */
const thisWeek = currentWeekStart('America/Chicago', 'monday')
const first = addDays(thisWeek, -14)
const second = addDays(thisWeek, -7)
const day = (d: string, start = '08:00', end = '17:00') => ({
  [`${d}Start`]: start,
  [`${d}End`]: end,
  [`${d}BreakMinutes`]: 60,
})
const days = (list: string[], end?: string) => Object.assign({}, ...list.map((d) => day(d, '08:00', end)))
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']

let gusto: GustoDouble
let sup: Awaited<ReturnType<typeof newOrganization>>
/** The supervisor's steps through the routes. */
let steps: ReturnType<typeof payrollAs>
const people: Record<string, Awaited<ReturnType<typeof newStaffMember>>> = {}
let connection: GustoConnection | null

const deps = () => ({ connection: async () => connection, baseUrl: gusto.url })
const db = () => orgDb(sup.organization.id)

beforeAll(async () => {
  gusto = await startGustoDouble()
  sup = await newOrganization('Gusto Chapel')
  steps = payrollAs(sup.cookie)
  const [ana, ben, vol] = await Promise.all([
    newStaffMember(sup.cookie),
    newStaffMember(sup.cookie),
    newStaffMember(sup.cookie, 'volunteer'),
  ])
  Object.assign(people, { ana, ben, vol })
  for (const [who, firstName] of [
    [ana!, 'Ana'],
    [ben!, 'Ben'],
  ] as const) {
    const res = await callRoute(updateMember, {
      cookies: [sup.cookie],
      params: { id: who.user.id },
      body: { firstName },
    })
    expect(res.status, res.text).toBe(200)
  }
  await steps.biweeklyFrom(first)
  // Ana: four 9-hour days and an 8-hour Friday (44 paid hours), then 40. Ben: 40 and 32. The volunteer: a Saturday.
  await steps.approveWeek(ana!, { weekStartDate: first, ...days(WEEKDAYS, '18:00'), ...day('friday') })
  await steps.approveWeek(ana!, { weekStartDate: second, ...days(WEEKDAYS) })
  await steps.approveWeek(ben!, { weekStartDate: first, ...days(WEEKDAYS) })
  await steps.approveWeek(ben!, { weekStartDate: second, ...days(['monday', 'tuesday', 'thursday', 'friday']) })
  await steps.approveWeek(vol!, { weekStartDate: first, ...day('saturday') })
  await steps.close(first, true)
  const employees = Object.fromEntries(
    ['ana', 'ben', 'vol'].map((k) => {
      const e = gusto.addEmployee({ first_name: k, last_name: 'Gusto', email: `${k}@example.org` })
      return [people[k]!.user.id, { employeeUuid: e.uuid, jobUuid: e.jobs[0]!.uuid }]
    }),
  )
  gusto.addPayPeriod(first, addDays(first, 13))
  connection = { accessToken: gusto.token, companyUuid: gusto.company, matching: { employees, policies: {} } }
}, 90_000)
afterAll(() => gusto.close())

const uuidOf = (k: string) => connection!.matching.employees[people[k]!.user.id]!.employeeUuid
const sheetsOf = (k: string) => [...gusto.timeSheets.values()].filter((t) => t.entity_uuid === uuidOf(k))

describe('the Gusto send job', () => {
  it('sends a queued period once: time sheets for the two, none for the volunteer, a payroll sync', async () => {
    await db().gustoSends.request(first, sup.supervisor.id, null)
    await expect(db().gustoSends.request(first, sup.supervisor.id, null)).rejects.toMatchObject({ status: 409 })
    expect(await integrationSendsDue()).toContainEqual({ orgId: sup.organization.id, vendor: 'gusto', start: first })
    const out = await integrationSendJob(deps(), undefined, [sup.organization.id])
    expect(out.sends).toMatchObject({ sent: 1 })
    expect(sheetsOf('ana')).toHaveLength(10)
    expect(sheetsOf('ben')).toHaveLength(9)
    expect(sheetsOf('vol')).toEqual([])
    const overtime = sheetsOf('ana')
      .flatMap((t) => t.entries as { hours_worked: string; pay_classification: string }[])
      .filter((e) => e.pay_classification === 'Overtime')
    expect(overtime.reduce((s, e) => s + Number(e.hours_worked), 0)).toBe(4)
    expect(gusto.payrollSyncs).toHaveLength(1)
    const status = await db().gustoSends.read(first)
    expect(status).toMatchObject({ state: 'sent', created: 19, errors: [], payrollSynced: true })
    expect(Object.keys(await db().gustoSends.sheets(first))).toHaveLength(19)
    expect(await integrationSendsDue()).not.toContainEqual({
      orgId: sup.organization.id,
      vendor: 'gusto',
      start: first,
    })
    expect(gusto.violations).toEqual([])
  })

  it('a second send after a reopen and a new close changes no time sheet', async () => {
    await steps.reopen(first, 'Checking Ben')
    await db().gustoSends.request(first, sup.supervisor.id, null)
    expect(await runGustoSend(sup.organization.id, first, deps())).toBe('failed')
    await steps.close(first, true)
    const calls = gusto.calls.length
    await db().gustoSends.request(first, sup.supervisor.id, null)
    expect(await runGustoSend(sup.organization.id, first, deps())).toBe('sent')
    const sheetCalls = gusto.calls.slice(calls).filter((c) => c.path.includes('time_sheets'))
    expect(sheetCalls).toEqual([])
    expect(await db().gustoSends.read(first)).toMatchObject({ state: 'sent', created: 0, unchanged: 19 })
  })

  it('an expired token waits for a reconnection and loses nothing; a 429 is queued again at Retry-After', async () => {
    gusto.rotateToken('gusto-access-2')
    await db().gustoSends.request(first, sup.supervisor.id, null)
    expect(await runGustoSend(sup.organization.id, first, deps())).toBe('reconnect')
    expect(await db().gustoSends.read(first)).toMatchObject({ state: 'reconnect' })
    expect(Object.keys(await db().gustoSends.sheets(first))).toHaveLength(19)
    connection = { ...connection!, accessToken: 'gusto-access-2' }
    gusto.fail('GET', /pay_periods$/, { status: 429, headers: { 'retry-after': '120' }, body: { errors: [] } })
    await db().gustoSends.request(first, sup.supervisor.id, null)
    const now = Date.now()
    expect(await runGustoSend(sup.organization.id, first, deps(), now)).toBe('queued')
    const queued = await db().gustoSends.read(first)
    expect(queued).toMatchObject({ state: 'queued', retryAt: new Date(now + 120_000).toISOString() })
    expect(await db().gustoSends.claim(first, now)).toBe(false)
    expect(await runGustoSend(sup.organization.id, first, deps(), now + 121_000)).toBe('sent')
    expect(gusto.timeSheets.size).toBe(19)
  })

  it('without a connection the send waits for one', async () => {
    const kept = connection
    connection = null
    await db().gustoSends.request(first, sup.supervisor.id, null)
    expect(await runGustoSend(sup.organization.id, first, deps())).toBe('reconnect')
    connection = kept
  })
})
