import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { dismissToast } from '../../lib/toast.ts'
import { makeUser } from '../../../test/fixtures.ts'
import { Toaster } from '../Toaster.tsx'
import { SupervisorOnly } from './SupervisorOnly.tsx'

afterEach(() => {
  act(() => dismissToast())
  vi.useRealTimers()
})

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>
}

const show = (role: 'supervisor' | 'employee' | 'volunteer', redirectAfterMs: number) =>
  render(
    <MemoryRouter initialEntries={['/settings']}>
      <Routes>
        <Route
          path="/settings"
          element={
            <SupervisorOnly user={makeUser({ role })} message="Only supervisors may." redirectAfterMs={redirectAfterMs}>
              <p>Secret settings</p>
            </SupervisorOnly>
          }
        />
        <Route path="/" element={<p>Home</p>} />
      </Routes>
      <Where />
      <Toaster />
    </MemoryRouter>,
  )

describe('SupervisorOnly', () => {
  it('shows supervisors the page and stays', () => {
    vi.useFakeTimers()
    show('supervisor', 500)
    expect(screen.getByText('Secret settings')).toBeTruthy()
    act(() => vi.advanceTimersByTime(5000))
    expect(screen.getByTestId('location').textContent).toBe('/settings')
    expect(screen.queryByText('Access Denied')).toBeNull()
  })

  it.each([500, 1000])('turns others away with Access Denied and goes to / after exactly %i ms', (delay) => {
    vi.useFakeTimers()
    show('employee', delay)
    expect(screen.queryByText('Secret settings')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy()
    // On the page and in the destructive toast.
    expect(screen.getAllByText('Only supervisors may.')).toHaveLength(2)
    expect(screen.getAllByText('Access Denied')).toHaveLength(2)
    act(() => vi.advanceTimersByTime(delay - 1))
    expect(screen.getByTestId('location').textContent).toBe('/settings')
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByTestId('location').textContent).toBe('/')
    expect(screen.getByText('Home')).toBeTruthy()
  })
})
