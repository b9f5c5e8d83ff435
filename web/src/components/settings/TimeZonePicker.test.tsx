import { describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TimeZonePicker } from './TimeZonePicker.tsx'
import { timeZoneChoices } from '../../lib/time-zones.ts'

function Harness({ onChange, onKeyDown }: { onChange: (zone: string) => void; onKeyDown?: () => void }) {
  const [zone, setZone] = useState('America/New_York')
  return (
    <div onKeyDown={onKeyDown}>
      <label htmlFor="tz">Time zone</label>
      <TimeZonePicker
        id="tz"
        value={zone}
        onChange={(z) => {
          setZone(z)
          onChange(z)
        }}
      />
    </div>
  )
}

describe('TimeZonePicker', () => {
  it('lists familiar names first, from Intl, then every other zone', () => {
    const choices = timeZoneChoices('America/New_York')
    expect(choices.slice(0, 2).map((c) => c.label)).toEqual([
      'Eastern Time (US & Canada)',
      'Central Time (US & Canada)',
    ])
    expect(choices.length).toBeGreaterThan(300)
    expect(new Set(choices.map((c) => c.id)).size).toBe(choices.length)
  })

  it('shows the chosen zone by its familiar name and finds a zone as typed, accents and case ignored', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Harness onChange={onChange} />)
    const box = screen.getByRole('combobox', { name: 'Time zone' })
    expect((box as HTMLInputElement).value).toBe('Eastern Time (US & Canada)')
    expect(box.getAttribute('aria-expanded')).toBe('false')

    await user.click(box)
    await user.type(box, 'central us')
    const list = screen.getByRole('listbox', { name: 'Time zones' })
    expect(within(list).getAllByRole('option')[0]!.textContent).toContain('Central Time (US & Canada)')
    await user.keyboard('{Enter}')
    expect(onChange).toHaveBeenLastCalledWith('America/Chicago')
    expect((box as HTMLInputElement).value).toBe('Central Time (US & Canada)')

    await user.clear(box)
    await user.type(box, 'SÃO paulo')
    await user.click(screen.getByRole('option', { name: /^Sao Paulo \(America\)/ }))
    expect(onChange).toHaveBeenLastCalledWith('America/Sao_Paulo')
  })

  it('moves with the arrows and closes only itself on Escape', async () => {
    const onChange = vi.fn()
    const outer = vi.fn()
    const user = userEvent.setup()
    render(<Harness onChange={onChange} onKeyDown={outer} />)
    const box = screen.getByRole('combobox', { name: 'Time zone' })
    box.focus()
    await user.keyboard('{ArrowDown}')
    expect(box.getAttribute('aria-expanded')).toBe('true')
    await user.keyboard('{ArrowDown}')
    const active = document.getElementById(box.getAttribute('aria-activedescendant')!)
    expect(active?.textContent).toContain('Central Time (US & Canada)')
    outer.mockClear()
    await user.keyboard('{Escape}')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(outer).not.toHaveBeenCalled()
    expect(onChange).not.toHaveBeenCalled()
  })
})
