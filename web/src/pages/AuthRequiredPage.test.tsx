import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { browser } from '../lib/browser.ts'
import { renderApp } from '../../test/render.tsx'
import { AuthRequiredPage } from './AuthRequiredPage.tsx'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('AuthRequiredPage', () => {
  it('offers Sign In Now and Back to Home, and goes to /api/login after 3000 ms', () => {
    vi.useFakeTimers()
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    const { unmount } = renderApp('/auth-required', <AuthRequiredPage />)
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign In Now' }).getAttribute('href')).toBe('/api/login')
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(screen.getByText(/created automatically/)).toBeTruthy()
    act(() => vi.advanceTimersByTime(2999))
    expect(navigate).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/api/login')
    unmount()
  })

  it('does not redirect once the visitor has left the page', () => {
    vi.useFakeTimers()
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    const { unmount } = renderApp('/auth-required', <AuthRequiredPage />)
    unmount()
    act(() => vi.advanceTimersByTime(5000))
    expect(navigate).not.toHaveBeenCalled()
  })
})
