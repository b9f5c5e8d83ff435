import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { makeTimesheet } from '../../../test/list-item-fixtures.ts'
import { ReviewDialog } from './ReviewDialog.tsx'

afterEach(() => vi.unstubAllGlobals())

const show = (timesheet = makeTimesheet()) => {
  mockFetch({})
  renderApp('/', <ReviewDialog target={{ timesheet, mode: 'approve' }} onClose={() => {}} />)
  return within(screen.getByRole('dialog'))
}

/** 'Regular hours:' and its value, as one text. */
const figure = (dialog: ReturnType<typeof show>, label: string) => dialog.getByText(label).parentElement?.textContent

describe('ReviewDialog payroll figures', () => {
  it('shows regular, overtime and breaks beside the spec’s total, from the server’s figures', () => {
    const dialog = show(
      makeTimesheet({
        mondayBreakMinutes: 30,
        payroll: { paidHours: 44, breakMinutes: 60, regularHours: 40, overtimeHours: 4, doubleTimeHours: 0 },
      }),
    )
    expect(figure(dialog, 'Regular hours:')).toBe('Regular hours:40.0')
    expect(figure(dialog, 'Overtime hours:')).toBe('Overtime hours:4.0')
    expect(figure(dialog, 'Breaks:')).toBe('Breaks:60 min')
    expect(dialog.queryByText('Double-time hours:')).toBeNull()
    // The day's hours are paid hours, its break said beside them.
    expect(within(dialog.getByTestId('day-monday')).getByText('(7.5 hours, 30 min break)')).toBeTruthy()
  })

  it('keeps the spec’s texts when there are no breaks, and shows double time when there is some', () => {
    const dialog = show(
      makeTimesheet({
        payroll: { paidHours: 16.5, breakMinutes: 0, regularHours: 12, overtimeHours: 4, doubleTimeHours: 0.5 },
      }),
    )
    expect(within(dialog.getByTestId('day-monday')).getByText('(8.0 hours)')).toBeTruthy()
    expect(figure(dialog, 'Double-time hours:')).toBe('Double-time hours:0.5')
    expect(figure(dialog, 'Breaks:')).toBe('Breaks:0 min')
  })
})
