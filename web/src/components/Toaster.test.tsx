import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { dismissToast, toast } from '../lib/toast.ts'
import { Toaster } from './Toaster.tsx'

afterEach(() => {
  act(() => dismissToast())
  vi.useRealTimers()
})

describe('Toaster', () => {
  it('shows one toast at a time: the newest replaces the one before', () => {
    render(<Toaster />)
    act(() => {
      toast({ title: 'Timesheet Saved', description: 'Your timesheet has been saved as a draft' })
    })
    expect(screen.getByText('Timesheet Saved')).toBeTruthy()
    act(() => {
      toast({ title: 'Timesheet Submitted', description: 'Your timesheet has been submitted for approval' })
    })
    expect(screen.getByText('Timesheet Submitted')).toBeTruthy()
    expect(screen.queryByText('Timesheet Saved')).toBeNull()
    expect(screen.getAllByRole('status')).toHaveLength(1)
  })

  it('names its region in the page’s language, with the key that reaches it', async () => {
    render(<Toaster />)
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy()
    await act(() => i18next.changeLanguage('es'))
    try {
      expect(screen.getByRole('region', { name: 'Notificaciones (F8)' })).toBeTruthy()
    } finally {
      await act(() => i18next.changeLanguage('en'))
    }
  })

  it('closes a toast after 5000 ms by default, or after its own duration', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      toast({ title: 'Default length' })
    })
    act(() => vi.advanceTimersByTime(4900))
    expect(screen.queryByText('Default length')).not.toBeNull()
    act(() => vi.advanceTimersByTime(200))
    expect(screen.queryByText('Default length')).toBeNull()

    act(() => {
      toast({ title: 'Credentials', duration: 10_000 })
    })
    act(() => vi.advanceTimersByTime(9000))
    expect(screen.queryByText('Credentials')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1100))
    expect(screen.queryByText('Credentials')).toBeNull()
  })

  it('renders the destructive variant as an assertive alert with a close button', async () => {
    const user = userEvent.setup()
    render(<Toaster />)
    act(() => {
      toast({ title: 'Save Failed', description: 'Network down', variant: 'destructive' })
    })
    const title = screen.getByText('Save Failed')
    const root = title.closest('li')!
    expect(root.className).toContain('bg-red-600')
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('assertive')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByText('Save Failed')).toBeNull()
  })

  it('focuses the notification area with F8', () => {
    render(<Toaster />)
    act(() => {
      toast({ title: 'Hello' })
    })
    const viewport = screen.getByRole('region', { name: /Notifications \(F8\)/ })
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' })
    expect(viewport.querySelector('ol')).toBe(document.activeElement)
  })

  it('toast() returns a handle that dismisses it', () => {
    render(<Toaster />)
    let handle!: ReturnType<typeof toast>
    act(() => {
      handle = toast({ title: 'Going soon' })
    })
    act(() => handle.dismiss())
    expect(screen.queryByText('Going soon')).toBeNull()
  })
})
