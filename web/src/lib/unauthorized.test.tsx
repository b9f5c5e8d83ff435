import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { createQueryClient } from '../api/query-client.ts'
import { Toaster } from '../components/Toaster.tsx'
import { mockFetch } from '../../test/fetch-mock.ts'
import { browser } from './browser.ts'
import { dismissToast } from './toast.ts'
import { handleUnauthorized } from './unauthorized.ts'

describe('handleUnauthorized', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    render(<Toaster />)
  })
  afterEach(() => {
    act(() => dismissToast())
    vi.useRealTimers()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('shows the Unauthorized toast and sends the browser to /api/login after 500 ms', () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    vi.spyOn(browser, 'pathname').mockReturnValue('/')
    let handled = false
    act(() => {
      handled = handleUnauthorized(new Error('401: {"message":"Unauthorized"}'))
    })
    expect(handled).toBe(true)
    expect(screen.getByText('Unauthorized')).toBeTruthy()
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy()
    act(() => vi.advanceTimersByTime(499))
    expect(navigate).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/api/login')
  })

  it('sends staff to /staff-login from the timesheet page', () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    vi.spyOn(browser, 'pathname').mockReturnValue('/submit-timesheet')
    act(() => {
      handleUnauthorized(new Error('401: Unauthorized'))
    })
    act(() => vi.advanceTimersByTime(500))
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/staff-login')
  })

  it('leaves other errors alone', () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    expect(handleUnauthorized(new Error('401: {"message":"Invalid username or password"}'))).toBe(false)
    expect(handleUnauthorized(new Error('500: Unauthorized'))).toBe(false)
    act(() => vi.advanceTimersByTime(1000))
    expect(navigate).not.toHaveBeenCalled()
    expect(screen.queryByText('Unauthorized')).toBeNull()
  })

  it('is applied to every failing query of the app’s query client', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    vi.spyOn(browser, 'pathname').mockReturnValue('/reports')
    mockFetch({ 'GET /api/timesheets': { status: 401, body: { message: 'Unauthorized' } } })
    const client = createQueryClient()
    await act(() => client.fetchQuery({ queryKey: ['/api/timesheets'] }).catch(() => undefined))
    expect(screen.getByText('You are logged out. Logging in again...')).toBeTruthy()
    act(() => vi.advanceTimersByTime(500))
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/api/login')
  })
})
