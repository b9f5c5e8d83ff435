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

  it('is for the first two weeks of an account', () => {
    const now = new Date('2026-11-23T12:00:00Z')
    expect(isFirstRun({ createdAt: '2026-11-20T12:00:00Z' }, now)).toBe(true)
    expect(isFirstRun({ createdAt: '2026-11-01T12:00:00Z' }, now)).toBe(false)
  })
})
