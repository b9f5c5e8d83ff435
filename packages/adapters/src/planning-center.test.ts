import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PAT,
  PCO_ORGANIZATION,
  startPlanningCenterDouble,
  type PlanningCenterDouble,
} from '../../../test/vendors/planning-center-double.ts'
import {
  personOf,
  planningCenterApi,
  planningCenterSignatureValid,
  RATE_LIMIT,
  readPlanningCenterDeliveries,
} from './planning-center.ts'
import { VendorError } from './vendor-http.ts'

let pco: PlanningCenterDouble
const people = Array.from({ length: 7 }, (_, i) => ({
  id: String(1000 + i),
  first_name: `Name${i}`,
  last_name: 'Díaz',
  emails: [
    { id: `e${i}a`, address: `other${i}@grace.example`, primary: false },
    { id: `e${i}b`, address: `p${i}@grace.example`, primary: true },
  ],
  campusId: i % 2 ? 'c-north' : null,
}))

beforeAll(async () => {
  pco = await startPlanningCenterDouble({
    campuses: [{ id: 'c-north', name: 'North' }],
    lists: [
      { id: 'L1', name: 'Staff', people: people.slice(0, 5).map((p) => p.id) },
      { id: 'L2', name: 'Volunteers', people: [people[6]!.id] },
    ],
    people,
    pageSize: 2,
  })
})
afterAll(() => pco.stop())

const api = () => planningCenterApi({ auth: PAT, base: pco.base })

describe('Planning Center People over HTTP', () => {
  it('reads the organization, the lists and a list’s people across pages, with primary emails and campus', async () => {
    const client = api()
    expect(await client.organization()).toEqual({ id: PCO_ORGANIZATION, name: 'Grace Church' })
    expect(await client.lists()).toEqual([
      { id: 'L1', name: 'Staff' },
      { id: 'L2', name: 'Volunteers' },
    ])
    const staff = await client.listPeople('L1', 'staff')
    expect(staff).toHaveLength(5)
    expect(staff[1]).toEqual({
      id: '1001',
      firstName: 'Name1',
      lastName: 'Díaz',
      email: 'p1@grace.example',
      campusName: 'North',
      list: 'staff',
    })
    expect(staff[0]!.campusName).toBeNull()
    // 1 + 1 + 3 pages of 2
    expect(client.requestCount()).toBe(5)
    const pages = pco.apiRequests.filter((r) => r.path === '/people/v2/lists/L1/people')
    expect(pages.map((r) => r.query.get('offset'))).toEqual([null, '2', '4'])
    expect(pages[0]!.query.get('include')).toBe('emails,primary_campus')
    expect(pages[0]!.query.get('per_page')).toBe('100')
    expect(pco.contractProblems).toEqual([])
  })

  it('reads one person, and null for one Planning Center no longer has', async () => {
    expect(await api().person('1003', 'volunteers')).toMatchObject({
      id: '1003',
      email: 'p3@grace.example',
      list: 'volunteers',
    })
    expect(await api().person('999999', 'staff')).toBeNull()
  })

  it('authenticates with an OAuth token or a personal access token; a wrong one is a 401 VendorError', async () => {
    const wrong = planningCenterApi({ auth: { applicationId: 'x', secret: 'y' }, base: pco.base })
    const error = await wrong.organization().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VendorError)
    expect((error as VendorError).unauthorized).toBe(true)
    expect((error as VendorError).message).toBe('Unauthorized: Please provide valid credentials')
    const bearer = planningCenterApi({ auth: { accessToken: 'not-issued' }, base: pco.base })
    await expect(bearer.organization()).rejects.toMatchObject({ status: 401 })
  })

  it('waits for Retry-After on a 429 and tries again; a third 429 is thrown as transient', async () => {
    const waits: number[] = []
    const client = planningCenterApi({ auth: PAT, base: pco.base, sleep: async (ms) => void waits.push(ms) })
    pco.tooManyRequests(2)
    expect(await client.organization()).toMatchObject({ id: PCO_ORGANIZATION })
    expect(waits).toEqual([1000, 1000])
    pco.tooManyRequests(3)
    const error = (await client.organization().catch((e: unknown) => e)) as VendorError
    expect(error.status).toBe(429)
    expect(error.transient).toBe(true)
    expect(error.retryAfterSeconds).toBe(1)
    pco.tooManyRequests(0)
  })

  it('keeps under 100 requests per 20 seconds by waiting for the oldest to age out', async () => {
    let clock = 0
    const waits: number[] = []
    const client = planningCenterApi({
      auth: PAT,
      base: pco.base,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms)
        clock += ms
      },
    })
    for (let i = 0; i < RATE_LIMIT.requests; i++) {
      await client.organization()
      clock += 10
    }
    expect(waits).toEqual([])
    await client.organization()
    // The first request was at 0; the 101st waits until 20 s after it.
    expect(waits).toEqual([RATE_LIMIT.periodMs - RATE_LIMIT.requests * 10])
  })
})

describe('webhook deliveries', () => {
  const secret = 'a'.repeat(64)
  it('verifies the HMAC-SHA256 of the raw body, hex, under any of the secrets', () => {
    const { body, signature } = pco.delivery('people.v2.events.person.updated', '1001', secret)
    expect(signature).toBe(createHmac('sha256', secret).update(body).digest('hex'))
    expect(planningCenterSignatureValid(body, signature, [secret])).toBe(true)
    expect(planningCenterSignatureValid(body, signature.toUpperCase(), ['other', secret])).toBe(true)
    expect(planningCenterSignatureValid(`${body} `, signature, [secret])).toBe(false)
    expect(planningCenterSignatureValid(body, signature, ['other'])).toBe(false)
    expect(planningCenterSignatureValid(body, undefined, [secret])).toBe(false)
    expect(planningCenterSignatureValid(body, 'zz', [secret])).toBe(false)
    expect(planningCenterSignatureValid(body, signature, [])).toBe(false)
  })

  it('reads each delivery’s event, organization and person', () => {
    const { body } = pco.delivery('people.v2.events.person.destroyed', '1004', secret)
    expect(readPlanningCenterDeliveries(body)).toEqual([
      {
        id: expect.any(String) as unknown,
        name: 'people.v2.events.person.destroyed',
        attempt: 1,
        organizationId: PCO_ORGANIZATION,
        personId: '1004',
      },
    ])
    expect(readPlanningCenterDeliveries('not json')).toBeNull()
    expect(readPlanningCenterDeliveries('{"data":{}}')).toBeNull()
    expect(readPlanningCenterDeliveries('{"data":[{"type":"Other","id":"1"}]}')).toBeNull()
    expect(
      readPlanningCenterDeliveries(
        '{"data":[{"type":"EventDelivery","id":"1","attributes":{"name":"x","payload":"nope"}}]}',
      ),
    ).toEqual([{ id: '1', name: 'x', attempt: 1, organizationId: null, personId: null }])
  })

  it('reads a person without emails or campus', () => {
    expect(personOf({ type: 'Person', id: '5', attributes: { first_name: 'A' } }, [], 'staff')).toEqual({
      id: '5',
      firstName: 'A',
      lastName: '',
      email: null,
      campusName: null,
      list: 'staff',
    })
  })
})
