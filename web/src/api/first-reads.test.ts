import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
// IndexedDB, which jsdom lacks: the device's kept reads.
import 'fake-indexeddb/auto'
import { addDays, currentWeekStart, timesheetDays, type CurrentWeek, type OrganizationSettings } from '@app/core'
import { mockFetch } from '../../test/fetch-mock.ts'
import { enqueueSave, forgetKept, keep } from '../offline/offline-db.ts'
import { prefetchFirstScreen } from './first-reads.ts'
import { organizationKeys, timesheetKeys } from './keys.ts'
import { createQueryClient } from './query-client.ts'

afterEach(() => vi.unstubAllGlobals())
// An answered read keeps its answer on the device in the background, for whoever is kept as signed
// in (kept-reads.ts). The web test files share their worker's store (vitest.config.ts: isolate
// false), so an earlier file's member was kept here, and a read of one test kept its answer for them
// in the middle of a later one. With nobody kept, these reads keep nothing.
beforeEach(() => forgetKept())

/** Whether `promise` settles within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])

/**
 * The installed staff app's warm start. The first render waits for what the screen shows
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
    const first = prefetchFirstScreen(createQueryClient(), { id: 'e1', role: 'employee', demo: false }, '/')
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
    const first = prefetchFirstScreen(createQueryClient(), { id: 'v1', role: 'volunteer', demo: false }, '/')
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
    const first = prefetchFirstScreen(createQueryClient(), { id: 's1', role: 'supervisor', demo: false }, '/')
    expect(await settlesWithin(first, 10_000)).toBe(true)
    release()
  })
})

/**
 * Online: once the server has said who is signed in, a staff member's dashboard opens on
 * the settings and week the device kept for them, and the server's answers replace them.
 */
describe('prefetchFirstScreen with what the device kept', () => {
  const settings: OrganizationSettings = {
    organizationName: 'Grace Church',
    logoUrl: null,
    timeZone: 'America/Chicago',
    weekStartDay: 'monday',
    approvalEmails: true,
    clockOutLimitHours: 12,
  }
  const thisWeek = currentWeekStart('America/Chicago', 'monday')
  const week = (userId: string, weekStartDate: string, version: number) =>
    ({ id: 7, employeeId: userId, weekStartDate, version, status: 'draft' }) as unknown as CurrentWeek

  /** Keeps `kept` for `userId`, holds the server's settings and week, and opens the dashboard as `signedIn`. */
  const open = async (userId: string, kept: CurrentWeek, signedIn = userId) => {
    await keep('settings', userId, settings)
    await keep('week', userId, kept)
    let release!: () => void
    const wait = new Promise((resolve) => (release = () => resolve(undefined)))
    mockFetch({
      'GET /api/organization/settings': { wait, body: { ...settings, organizationName: 'Grace Church (renamed)' } },
      'GET /api/timesheets/current-week': { wait, body: week(signedIn, thisWeek, 9) },
      'GET /api/timesheets': { body: { items: [], nextCursor: null } },
    })
    const queryClient = createQueryClient()
    const first = prefetchFirstScreen(queryClient, { id: signedIn, role: 'volunteer', demo: false }, '/')
    return { queryClient, first, release }
  }

  it('shows them while the server is asked again, then its answers', async () => {
    const { queryClient, first, release } = await open('kept-1', week('kept-1', thisWeek, 3))
    expect(await settlesWithin(first, 10_000)).toBe(true)
    expect(queryClient.getQueryData(organizationKeys.settings)).toEqual(settings)
    expect(queryClient.getQueryData<CurrentWeek>(timesheetKeys.currentWeek)?.version).toBe(3)
    // Kept answers are stale from the start: the reads in flight still land.
    expect(queryClient.getQueryState(timesheetKeys.currentWeek)?.dataUpdatedAt).toBe(0)
    release()
    await vi.waitFor(() => {
      expect(queryClient.getQueryData<CurrentWeek>(timesheetKeys.currentWeek)?.version).toBe(9)
      expect(queryClient.getQueryData<OrganizationSettings>(organizationKeys.settings)?.organizationName).toBe(
        'Grace Church (renamed)',
      )
    })
  })

  it("shows the week with this device's saves that wait to sync on top", async () => {
    const kept = week('kept-5', thisWeek, 3)
    const days = { ...timesheetDays({}), mondayActivity: 'Youth retreat set-up' }
    await enqueueSave({
      userId: 'kept-5',
      timesheetId: kept.id,
      baseVersion: 3,
      days,
      savedAt: new Date().toISOString(),
    })
    const { queryClient, first, release } = await open('kept-5', kept)
    expect(await settlesWithin(first, 10_000)).toBe(true)
    expect(queryClient.getQueryData<CurrentWeek>(timesheetKeys.currentWeek)?.mondayActivity).toBe(
      'Youth retreat set-up',
    )
    release()
  })

  it('does not show a week kept from an earlier week as this one', async () => {
    const { queryClient, first, release } = await open('kept-2', week('kept-2', addDays(thisWeek, -7), 3))
    expect(await settlesWithin(first, 200)).toBe(false)
    expect(queryClient.getQueryData(timesheetKeys.currentWeek)).toBeUndefined()
    release()
    expect(await settlesWithin(first, 10_000)).toBe(true)
  })

  it('does not show what was kept for someone else', async () => {
    const { queryClient, first, release } = await open('kept-3', week('kept-3', thisWeek, 3), 'kept-4')
    expect(await settlesWithin(first, 200)).toBe(false)
    expect(queryClient.getQueryData(organizationKeys.settings)).toBeUndefined()
    release()
    expect(await settlesWithin(first, 10_000)).toBe(true)
  })
})
