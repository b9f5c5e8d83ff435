import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { makeUser } from '../../../test/fixtures.ts'
import { renderApp } from '../../../test/render.tsx'
import { makeTimesheet } from '../../../test/timesheet-fixtures.ts'
import { GettingStarted, isFirstRun } from './GettingStarted.tsx'

const supervisor = makeUser({ id: 'sup-1', role: 'supervisor', firstName: 'Grace', lastName: 'Hopper' })
const stats = (activeEmployees: number) => ({
  pendingApprovals: 0,
  approvedThisWeek: 0,
  totalTimesheets: 0,
  activeEmployees,
})
const settings = (organizationName: string) => ({
  organizationName,
  logoUrl: null,
  timeZone: 'America/Chicago',
  weekStartDay: 'monday',
  approvalEmails: true,
  firstSupervisor: true,
})

afterEach(() => {
  localStorage.clear()
  vi.unstubAllGlobals()
})

const step = (id: string) => document.querySelector(`[data-step="${id}"]`)!.getAttribute('data-done')

describe('GettingStarted', () => {
  it('ticks each step from the organization’s data and what was done here', async () => {
    mockFetch({
      'GET /api/organization/settings': { body: settings("Grace Hopper's Organization") },
      'GET /api/dashboard/stats': { body: stats(0) },
      'GET /api/timesheets/current-week': { body: makeTimesheet() },
    })
    const user = userEvent.setup()
    renderApp('/', <GettingStarted user={supervisor} />)
    const list = within(await screen.findByRole('region', { name: 'Getting started' }))
    expect(list.getByText('0 of 5 done')).toBeTruthy()
    expect(list.getByText('Confirm your time zone: Central Time (America/Chicago)')).toBeTruthy()
    expect(['name', 'zone', 'member', 'staff-sign-in', 'timesheet'].map(step)).toEqual([
      'false',
      'false',
      'false',
      'false',
      'false',
    ])
    await user.click(list.getByRole('button', { name: 'That’s right' }))
    expect(step('zone')).toBe('true')
    expect(list.getByText('1 of 5 done')).toBeTruthy()
  })

  it('ticks the zone once it was changed in Settings, and offers the browser’s zone when it differs', async () => {
    let zone = 'Pacific/Chatham'
    const fetch = mockFetch({
      'GET /api/organization/settings': () => ({ body: { ...settings('Grace Chapel'), timeZone: zone } }),
      'GET /api/dashboard/stats': { body: stats(0) },
      'PUT /api/organization/settings': (init) => {
        zone = (JSON.parse(String(init?.body)) as { timeZone: string }).timeZone
        return { body: { ...settings('Grace Chapel'), timeZone: zone } }
      },
    })
    // The browser's zone (the test runner's) is not the organization's.
    const here = Intl.DateTimeFormat().resolvedOptions().timeZone
    const user = userEvent.setup()
    const { unmount } = renderApp('/', <GettingStarted user={supervisor} />)
    const list = within(await screen.findByRole('region', { name: 'Getting started' }))
    list.getByRole('button', { name: new RegExp(`^Use this browser’s zone: .* \\(${here}\\)$`) })
    expect(step('zone')).toBe('false')
    unmount()

    // Changed in Settings meanwhile (another zone than the browser's): the step is done.
    zone = 'America/New_York'
    const second = renderApp('/', <GettingStarted user={supervisor} />)
    await screen.findByText('Confirm your time zone: Eastern Time (America/New_York)')
    expect(step('zone')).toBe('true')
    expect(screen.queryByRole('button', { name: /^Use this browser’s zone/ })).toBeNull()
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)
    second.unmount()

    // The offer, taken: the organization gets the browser's zone, and the step is done.
    localStorage.clear()
    zone = 'Pacific/Chatham'
    renderApp('/', <GettingStarted user={supervisor} />)
    await user.click(await screen.findByRole('button', { name: new RegExp(`^Use this browser’s zone`) }))
    // It moves everyone's weeks: the app's dialog asks first, and Cancel changes nothing.
    const dialog = within(await screen.findByRole('dialog', { name: 'Change the whole organization’s time zone?' }))
    expect(dialog.getByText(new RegExp(`instead of .* \\(Pacific/Chatham\\)\\.$`))).toBeTruthy()
    await user.click(dialog.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)
    await user.click(screen.getByRole('button', { name: new RegExp(`^Use this browser’s zone`) }))
    await user.click(await screen.findByRole('button', { name: 'Change time zone' }))
    await screen.findByText(new RegExp(`^Confirm your time zone: .* \\(${here}\\)$`))
    expect(zone).toBe(here)
    expect(step('zone')).toBe('true')
  })

  it('shows done steps from real data: a new name, a member, a week of their own', async () => {
    mockFetch({
      'GET /api/organization/settings': { body: settings('Grace Chapel') },
      'GET /api/dashboard/stats': { body: stats(1) },
      'GET /api/timesheets/current-week': { body: makeTimesheet({ mondayStart: '09:00' }) },
    })
    renderApp('/', <GettingStarted user={supervisor} />)
    await screen.findByText('3 of 5 done')
    expect([step('name'), step('member'), step('timesheet')]).toEqual(['true', 'true', 'true'])
  })

  it('stays dismissed for this user', async () => {
    mockFetch({
      'GET /api/organization/settings': { body: settings('Grace Chapel') },
      'GET /api/dashboard/stats': { body: stats(0) },
    })
    const user = userEvent.setup()
    const { unmount } = renderApp('/', <GettingStarted user={supervisor} />)
    await user.click(await screen.findByRole('button', { name: 'Dismiss getting started' }))
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull()
    unmount()
    renderApp('/', <GettingStarted user={supervisor} />)
    await screen.findByTestId('location')
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull()
    expect(JSON.parse(localStorage.getItem('getting-started:sup-1')!)).toMatchObject({ dismissed: true })
  })

  it('is not shown to a co-supervisor: the checklist is the first supervisor’s', async () => {
    mockFetch({
      'GET /api/organization/settings': { body: { ...settings('Grace Chapel'), firstSupervisor: false } },
      'GET /api/dashboard/stats': { body: stats(0) },
    })
    renderApp('/', <GettingStarted user={supervisor} />)
    await screen.findByTestId('location')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Use this browser’s zone/ })).toBeNull()
  })

  it('leads to the setup guide', async () => {
    mockFetch({
      'GET /api/organization/settings': { body: settings('Grace Chapel') },
      'GET /api/dashboard/stats': { body: stats(0) },
    })
    renderApp('/', <GettingStarted user={supervisor} />)
    const list = within(await screen.findByRole('region', { name: 'Getting started' }))
    expect(list.getByRole('link', { name: 'Open the setup guide' }).getAttribute('href')).toBe('/settings/setup')
  })

  it('is for the first two weeks of an account', () => {
    const now = new Date('2026-11-23T12:00:00Z')
    expect(isFirstRun({ createdAt: '2026-11-20T12:00:00Z' }, now)).toBe(true)
    expect(isFirstRun({ createdAt: '2026-11-01T12:00:00Z' }, now)).toBe(false)
  })
})
