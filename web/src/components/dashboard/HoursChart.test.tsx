import { describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import { HoursChart } from './HoursChart.tsx'
import type { HoursRow } from './report-summary.ts'

const rows: HoursRow[] = [
  { key: 'emp-1', label: 'Ada Lovelace', hours: 41.5 },
  { key: 'emp-2', label: 'José Muñoz', hours: 20 },
  { key: 'removed', label: 'Removed member', hours: 7.25 },
]

describe('HoursChart', () => {
  it('draws one bar per row, longest for the most hours, with the same numbers in its table', async () => {
    const { container } = render(<HoursChart title="Hours per member" rowHeader="Member" rows={rows} />)
    const figure = screen.getByRole('figure', { name: 'Hours per member' })

    // The table is there at once, row for row the data.
    const bodyRows = within(figure).getAllByRole('row').slice(1)
    expect(bodyRows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Ada Lovelace', '41.5'],
      ['José Muñoz', '20.0'],
      ['Removed member', '7.3'],
    ])

    // The bars arrive with Recharts' chunk, in a box hidden from assistive technology.
    const bars = within(screen.getByTestId('hours-bars'))
    await waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(3))
    expect(screen.getByTestId('hours-bars').getAttribute('aria-hidden')).toBe('true')
    const widths = [...container.querySelectorAll('.recharts-bar-rectangle path')].map((p) =>
      Number(p.getAttribute('width')),
    )
    expect(widths[0]).toBeGreaterThan(widths[1]!)
    expect(widths[1]).toBeGreaterThan(widths[2]!)
    for (const r of rows) expect(bars.getByText(r.label)).toBeTruthy()
    expect(bars.getByText('41.5')).toBeTruthy()
  })
})
