import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { browser } from '../lib/browser.ts'
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '../lib/unauthorized.ts'
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
    // When the redirect's count starts, and whether the toast was on the page when it ended: timed
    // against the count itself, since a loaded machine can take longer than 500 ms to render.
    const realSetTimeout = window.setTimeout
    let countStarted = 0
    vi.spyOn(window, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
      if (ms === UNAUTHORIZED_REDIRECT_DELAY_MS) countStarted ||= performance.now()
      return realSetTimeout(run, ms)
    }) as typeof window.setTimeout)
    let navigated: { at: number; toastShown: boolean } | undefined
    navigate.mockImplementation(() => {
      navigated = { at: performance.now(), toastShown: screen.queryByText('Unauthorized') !== null }
    })
    mockFetch({ 'GET /api/auth/user': signedOut })
    renderApp('/submit-timesheet')
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy()
    expect(screen.getByText('Unauthorized')).toBeTruthy()
    expect(screen.getByText('Taking you to Staff Login...')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Staff Login' }).getAttribute('href')).toBe('/staff-login')
    expect(screen.queryByText('404 Page Not Found')).toBeNull()
    await waitFor(() => expect(navigate).toHaveBeenCalledExactlyOnceWith('/staff-login'))
    expect(navigated?.toastShown).toBe(true)
    expect(countStarted).toBeGreaterThan(0)
    // Node's timers may fire up to 1 ms early.
    expect(navigated!.at - countStarted).toBeGreaterThanOrEqual(UNAUTHORIZED_REDIRECT_DELAY_MS - 1)
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
