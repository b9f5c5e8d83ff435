import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { browser } from '../lib/browser.ts'
import { dismissToast } from '../lib/toast.ts'
import { mockFetch, signedOut } from '../../test/fetch-mock.ts'
import { makeUser } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render.tsx'
// Loaded up front, so timing starts with the page, not with its lazy import.
import './SignedOutTimesheetPage.tsx'
import './SubmitTimesheetPage.tsx'

afterEach(() => {
  act(() => dismissToast())
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)))

/** jsdom cannot navigate: watch the full navigations, from the page at /submit-timesheet. */
const watchNavigation = () => {
  vi.spyOn(browser, 'pathname').mockReturnValue('/submit-timesheet')
  return vi.spyOn(browser, 'navigate').mockImplementation(() => {})
}

describe('/submit-timesheet for a signed-out visitor', () => {
  it('shows the Unauthorized toast, then sends them to /staff-login after 500 ms', async () => {
    const navigate = watchNavigation()
    mockFetch({ 'GET /api/auth/user': signedOut })
    const started = performance.now()
    renderApp('/submit-timesheet')
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy()
    expect(screen.getByText('Unauthorized')).toBeTruthy()
    expect(screen.getByText('Taking you to Staff Login...')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Staff Login' }).getAttribute('href')).toBe('/staff-login')
    expect(screen.queryByText('404 Page Not Found')).toBeNull()
    expect(navigate).not.toHaveBeenCalled()
    await waitFor(() => expect(navigate).toHaveBeenCalledExactlyOnceWith('/staff-login'), { timeout: 2000 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(500)
  })

  it('waits for the session check: a signed-in member gets the timesheet page and is never sent away', async () => {
    const navigate = watchNavigation()
    let answer!: () => void
    mockFetch({
      'GET /api/auth/user': {
        body: makeUser({ role: 'employee' }),
        wait: new Promise<void>((r) => (answer = r)),
      },
      'GET /api/organization/settings': {
        body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC', weekStartDay: 'monday' },
      },
      'GET /api/timesheets/current-week': { status: 404, body: { message: 'Not found' } },
    })
    renderApp('/submit-timesheet')
    expect(await screen.findByText('Loading...')).toBeTruthy()
    await sleep(700) // longer than the redirect delay
    expect(screen.queryByText('Unauthorized')).toBeNull()
    expect(navigate).not.toHaveBeenCalled()

    answer()
    expect(await screen.findByRole('heading', { name: 'Submit Weekly Timesheet' }, { timeout: 5000 })).toBeTruthy()
    await sleep(700)
    expect(screen.queryByText('Unauthorized')).toBeNull()
    expect(navigate).not.toHaveBeenCalled()
    expect(screen.getByTestId('location').textContent).toBe('/submit-timesheet')
  })
})
