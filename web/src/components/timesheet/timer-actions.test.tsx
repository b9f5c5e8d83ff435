import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { TimesheetDays } from '@app/core'
import { dismissToast } from '../../lib/toast.ts'
import { Toaster } from '../Toaster.tsx'
import { runTimerAction } from './timer-actions.ts'

afterEach(() => act(() => dismissToast()))

const now = new Date('2026-11-18T10:15:30Z')
const empty = TimesheetDays.parse({})

describe('runTimerAction', () => {
  it('refuses Clock Out without a start, with the destructive Error toast and no save', async () => {
    render(<Toaster />)
    const persist = vi.fn(async () => undefined)
    const apply = vi.fn()
    let saved = true
    await act(async () => {
      saved = await runTimerAction({
        action: 'clockOut',
        days: empty,
        day: 'friday',
        timeZone: 'UTC',
        persist,
        apply,
        now,
      })
    })
    expect(saved).toBe(false)
    expect(screen.getByText('Error')).toBeTruthy()
    expect(screen.getByText('Please clock in first before clocking out')).toBeTruthy()
    expect(persist).not.toHaveBeenCalled()
    expect(apply).not.toHaveBeenCalled()
  })

  it('keeps the change on screen but reports Save Failed when the save fails', async () => {
    render(<Toaster />)
    const apply = vi.fn()
    const persist = vi.fn(async () => {
      throw new Error('503: {"message":"Service unavailable"}')
    })
    await act(async () => {
      await runTimerAction({ action: 'clockIn', days: empty, day: 'wednesday', timeZone: 'UTC', persist, apply, now })
    })
    expect(apply).toHaveBeenCalledWith(expect.objectContaining({ wednesdayStart: '10:15', wednesdayEnd: '' }))
    expect(screen.getByText('Save Failed')).toBeTruthy()
    expect(screen.getByText('Service unavailable')).toBeTruthy()
    expect(screen.queryByText('Clocked In')).toBeNull()
  })
})
