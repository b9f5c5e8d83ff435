import { describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DayTimer } from './DayTimer.tsx'

/** A save that the clock waits for, busy meanwhile, and `then` once it is done. */
function useBusySave(save: () => Promise<void>, then: () => void) {
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    await save()
    then()
    setBusy(false)
  }
  return [busy, run] as const
}

/** A day's clock whose Clock In and Clock Out wait for `save` (busy meanwhile), then turn the clock. */
function Clock({ save }: { save: () => Promise<void> }) {
  const [running, setRunning] = useState(false)
  const [busy, turn] = useBusySave(save, () => setRunning((r) => !r))
  return (
    <DayTimer
      dayLabel="Wednesday"
      start="10:15"
      view={{ running, elapsed: 0, showClockIn: !running, showClockOut: running, showReset: false }}
      busy={busy}
      onClockIn={() => void turn()}
      onClockOut={() => void turn()}
      onReset={() => {}}
    />
  )
}

/** A finished day's clock (as on the dashboard): Reset waits for `save`, then clears the day and goes away. */
function FinishedDay({ save }: { save: () => Promise<void> }) {
  const [cleared, setCleared] = useState(false)
  const [busy, reset] = useBusySave(save, () => setCleared(true))
  return (
    <DayTimer
      dayLabel="Wednesday"
      start=""
      view={{
        running: false,
        elapsed: cleared ? 0 : 3600,
        showClockIn: true,
        showClockOut: false,
        showReset: !cleared,
      }}
      busy={busy}
      onClockIn={() => {}}
      onClockOut={() => {}}
      onReset={() => void reset()}
    />
  )
}

describe('DayTimer', () => {
  it('keeps the focus on the clock button through its save and as Clock In turns into Clock Out and back', async () => {
    let finish = () => {}
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const user = userEvent.setup()
    render(<Clock save={save} />)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clock In Wednesday' }))

    const turns = [
      ['Clock In Wednesday', 'Clock Out Wednesday'],
      ['Clock Out Wednesday', 'Clock In Wednesday'],
    ] as const
    for (const [i, [from, to]] of turns.entries()) {
      await user.keyboard('{Enter}')
      // Held while it saves, but still focusable (a disabled button loses the focus) and not pressed twice.
      const held = screen.getByRole('button', { name: from })
      expect(document.activeElement).toBe(held)
      expect(held.getAttribute('aria-disabled')).toBe('true')
      await user.keyboard('{Enter}')
      expect(save).toHaveBeenCalledTimes(i + 1)
      await act(async () => finish())
      expect(document.activeElement).toBe(screen.getByRole('button', { name: to }))
    }
  })

  it('gives the focus to the clock when Reset, pressed by keyboard, goes away with the times it cleared', async () => {
    let finish = () => {}
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const user = userEvent.setup()
    render(<FinishedDay save={save} />)
    screen.getByRole('button', { name: 'Reset Wednesday' }).focus()
    await user.keyboard('{Enter}')
    // Held on Reset while the save runs.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reset Wednesday' }))
    await act(async () => finish())
    expect(screen.queryByRole('button', { name: 'Reset Wednesday' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clock In Wednesday' }))
  })
})
