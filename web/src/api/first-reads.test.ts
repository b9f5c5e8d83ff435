import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../../test/fetch-mock.ts'
import { prefetchFirstScreen } from './first-reads.ts'
import { createQueryClient } from './query-client.ts'

afterEach(() => vi.unstubAllGlobals())

/** Whether `promise` settles within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])

/**
 * Issue 30: the installed staff app's warm start. The first render waits for what the screen shows
 * first, and every read of the dashboard starts at once, but the sections below the top one do not
 * hold the first screen back.
 */
describe('prefetchFirstScreen', () => {
  it("starts every read of a staff member's dashboard and answers once the header, the texts and the week are here", async () => {
    let release!: () => void
    const held = { wait: new Promise((resolve) => (release = () => resolve(undefined))), body: {} }
    const fetch = mockFetch({
      'GET /api/organization/settings': { body: { timezone: 'America/Chicago', weekStartDay: 'monday' } },
      'GET /api/timesheets/current-week': { body: { id: 'w1', employeeId: 'e1', version: 1 } },
      'GET /api/timesheets': { ...held, body: { items: [], nextCursor: null } },
      'GET /api/time-off': held,
      'GET /api/time-off/balances': held,
      'GET /api/time-off/policies': held,
    })
    const first = prefetchFirstScreen(createQueryClient(), { role: 'employee', demo: false }, '/')
    expect(await settlesWithin(first, 10_000)).toBe(true)
    const asked = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname).sort()
    expect(asked).toEqual([
      '/api/organization/settings',
      '/api/time-off',
      '/api/time-off/balances',
      '/api/time-off/policies',
      '/api/timesheets',
      '/api/timesheets/current-week',
    ])
    release()
  })

  it('waits for the week itself', async () => {
    let release!: () => void
    mockFetch({
      'GET /api/organization/settings': { body: { timezone: 'America/Chicago', weekStartDay: 'monday' } },
      'GET /api/timesheets/current-week': {
        wait: new Promise((resolve) => (release = () => resolve(undefined))),
        body: { id: 'w1', employeeId: 'e1', version: 1 },
      },
      'GET /api/timesheets': { body: { items: [], nextCursor: null } },
    })
    const first = prefetchFirstScreen(createQueryClient(), { role: 'volunteer', demo: false }, '/')
    expect(await settlesWithin(first, 100)).toBe(false)
    release()
    expect(await settlesWithin(first, 10_000)).toBe(true)
  })

  it("answers a supervisor's once the header and the figures are here, not the lists below them", async () => {
    let release!: () => void
    const held = { wait: new Promise((resolve) => (release = () => resolve(undefined))), body: {} }
    mockFetch({
      'GET /api/organization/settings': { body: { timezone: 'America/Chicago', weekStartDay: 'monday' } },
      'GET /api/subscription/status': { body: { status: 'trialing' } },
      'GET /api/dashboard/stats': { body: {} },
      'GET /api/timesheets': held,
      'GET /api/timesheets/pending': held,
    })
    const first = prefetchFirstScreen(createQueryClient(), { role: 'supervisor', demo: false }, '/')
    expect(await settlesWithin(first, 10_000)).toBe(true)
    release()
  })
})
