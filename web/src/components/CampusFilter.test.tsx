import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Campus, User } from '@app/core'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch } from '../../test/fetch-mock.ts'
import { makePayPeriod, makeVolunteerHours } from '../../test/payroll-fixtures.ts'
import { optionTexts, renderApp } from '../../test/render.tsx'
// Loaded up front, so the router's lazy imports are already done when a test starts.
import '../pages/DashboardPage.tsx'
import '../pages/PayrollPage.tsx'
import '../pages/ReportsPage.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const north: Campus = { id: 'north', name: 'North', address: '', active: true }
const south: Campus = { id: 'south', name: 'South', address: '', active: true }
const camp: Campus = { id: 'camp', name: 'Camp', address: '', active: false }
/** The approved hours of a period for the campus asked (null: the whole church). */
const hoursOf = (campusId: string | null) =>
  campusId === null ? 82 : (({ north: 30, south: 52, camp: 0 } as Record<string, number>)[campusId] ?? 0)
const stats = { pending: 0, approved: 0, approvedTotal: 0, rejected: 0, totalTimesheets: 0, activeEmployees: 7 }

/** The app at `path` for `user`, with a church of `campuses`; every read answers something plausible. */
const show = (path: string, campuses: Campus[] = [north, south, camp], user: Partial<User> = {}) => {
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser(user) },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC', weekStartDay: 'monday' },
    },
    'GET /api/organization/campuses': { body: { campuses } },
    'GET /api/dashboard/stats': (_, url) => ({
      body: url.searchParams.get('campusId') === null ? stats : { ...stats, activeEmployees: 0 },
    }),
    'GET /api/timesheets': { body: { items: [], cursor: null } },
    'GET /api/timesheets/pending': { body: [] },
    'GET /api/timesheets/reports': { body: [] },
    // Each campus's own hours; a campus the church does not have, none.
    'GET /api/payroll/periods': (_, url) => ({
      body: { periods: [makePayPeriod({ approvedHours: hoursOf(url.searchParams.get('campusId')) })] },
    }),
    'GET /api/payroll/summary': { body: { members: [] } },
    // The whole church's volunteers (Vera Jones among them); a campus's, none.
    'GET /api/reports/volunteer-hours': (_, url) => ({
      body:
        url.searchParams.get('campusId') === null
          ? makeVolunteerHours()
          : makeVolunteerHours({ volunteers: [], departments: [], totalHours: 0, totalValue: 0 }),
    }),
    'GET /api/reports/allocation': { body: { codes: [], volunteers: [] } },
  })
  return { fetch, user: userEvent.setup(), ...renderApp(path) }
}

/** The campus each API read of `path` asked for (null: the whole church). */
const askedOf = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams.get('campusId'))
const filter = () => screen.findByLabelText<HTMLSelectElement>('Campus')
const at = () => screen.getByTestId('location').textContent
/** The Payroll page's first period's approved hours, as shown. */
const approvedHours = () => screen.queryByText('Approved hours')?.nextElementSibling?.textContent

describe('the campus filter', () => {
  it('on the dashboard: Whole church and each active campus; the choice goes to every read and the address', async () => {
    const { fetch, user } = show('/')
    const select = await filter()
    expect(optionTexts(select)).toEqual(['Whole church', 'North', 'South'])
    expect(select.value).toBe('')
    await waitFor(() => expect(askedOf(fetch, '/api/dashboard/stats')).toEqual([null]))
    await user.selectOptions(select, 'South')
    await waitFor(() => expect(at()).toBe('/?campus=south'))
    for (const path of ['/api/dashboard/stats', '/api/timesheets', '/api/timesheets/pending'])
      await waitFor(() => expect(askedOf(fetch, path)).toContain('south'))
    const download = screen.getAllByRole('link', { name: /Download Report/ })[0]!
    expect(new URL(download.getAttribute('href')!, 'http://localhost').searchParams.get('campusId')).toBe('south')
    await user.selectOptions(select, 'Whole church')
    await waitFor(() => expect(at()).toBe('/'))
  })

  it('on Reports, kept by a reload: every section reads that campus', async () => {
    const { fetch } = show('/reports?campus=north')
    expect((await filter()).value).toBe('north')
    for (const path of [
      '/api/timesheets/reports',
      '/api/payroll/summary',
      '/api/reports/volunteer-hours',
      '/api/reports/allocation',
    ])
      await waitFor(() => expect(askedOf(fetch, path)).toEqual(['north']))
  })

  it("on Payroll: the periods and every period's files are the campus's", async () => {
    const { fetch, user } = show('/payroll')
    await user.selectOptions(await filter(), 'North')
    await waitFor(() => expect(askedOf(fetch, '/api/payroll/periods')).toEqual([null, 'north']))
    const files = await screen.findAllByRole('link', { name: /CSV|Gusto|QuickBooks|ADP/ })
    expect(files.length).toBeGreaterThan(0)
    for (const file of files)
      expect(new URL(file.getAttribute('href')!, 'http://localhost').searchParams.get('campusId')).toBe('north')
  })

  it('shows nothing for a church without campuses, nor to an admin of one campus; an admin of two chooses among theirs', async () => {
    const none = show('/payroll', [])
    await screen.findByRole('heading', { name: 'Payroll' })
    await waitFor(() => expect(askedOf(none.fetch, '/api/organization/campuses')).toHaveLength(1))
    expect(screen.queryByLabelText('Campus')).toBeNull()
    expect(askedOf(none.fetch, '/api/payroll/periods')).toEqual([null])
    none.unmount()

    const one = show('/payroll', [north, south], { campusIds: ['south'] })
    await screen.findByRole('heading', { name: 'Payroll' })
    await waitFor(() => expect(askedOf(one.fetch, '/api/organization/campuses')).toHaveLength(1))
    expect(screen.queryByLabelText('Campus')).toBeNull()
    one.unmount()

    show('/payroll', [north, south, { ...camp, active: true }], { campusIds: ['south', 'camp'] })
    expect(optionTexts(await filter())).toEqual(['All my campuses', 'South', 'Camp'])
  })

  it('reads a campus the supervisor does not reach (removed, mistyped, another church’s) as the whole church, and drops it from the address', async () => {
    // What each page shows under "Whole church": the whole church's figures, never the unknown campus's nothing.
    const stat = (label: string) => screen.queryByText(label)?.nextElementSibling?.textContent
    for (const [path, shown] of [
      ['/', () => stat('Active Employees') === String(stats.activeEmployees)],
      ['/reports', () => screen.queryByText('Vera Jones') !== null],
      ['/payroll', () => approvedHours() === '82.00'],
    ] as const) {
      const { unmount } = show(`${path}?campus=gone`)
      await waitFor(() => expect(at()).toBe(path))
      const select = await filter()
      expect(select.value).toBe('')
      expect(optionTexts(select)).toEqual(['Whole church', 'North', 'South'])
      await waitFor(() => expect(shown(), path).toBe(true))
      unmount()
    }
  })

  it('gives a campus admin their own campuses when the address names another', async () => {
    const one = show('/payroll?campus=north', [north, south], { campusIds: ['south'] })
    await waitFor(() => expect(at()).toBe('/payroll'))
    await waitFor(() => expect(askedOf(one.fetch, '/api/payroll/periods').at(-1)).toBeNull())
    expect(screen.queryByLabelText('Campus')).toBeNull()
    one.unmount()

    show('/payroll?campus=north', [north, south, { ...camp, active: true }], { campusIds: ['south', 'camp'] })
    await waitFor(() => expect(at()).toBe('/payroll'))
    const select = await filter()
    expect(select.value).toBe('')
    expect(select.selectedOptions[0]?.textContent).toBe('All my campuses')
  })

  it('names an inactive campus the address asks for, as its figures are shown', async () => {
    const { fetch } = show('/payroll?campus=camp')
    const select = await filter()
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('Camp'))
    expect(optionTexts(select)).toEqual(['Whole church', 'North', 'South', 'Camp'])
    expect(at()).toBe('/payroll?campus=camp')
    await waitFor(() => expect(approvedHours()).toBe('0.00'))
    expect(new Set(askedOf(fetch, '/api/payroll/periods'))).toEqual(new Set(['camp']))
  })
})
