import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { PayrollSummary } from '@app/core'
import { mockFetch, type MockAnswer } from '../../../test/fetch-mock.ts'
import { makeVolunteerHours } from '../../../test/payroll-fixtures.ts'
import { renderApp } from '../../../test/render.tsx'
import { PayrollSummarySection } from './PayrollSummarySection.tsx'
import { VolunteerHoursSection } from './VolunteerHoursSection.tsx'
import { volunteerHoursCsv } from './volunteer-csv.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const summary: PayrollSummary = {
  from: '2026-11-09',
  to: '2026-11-22',
  members: [
    {
      employeeId: 'emp-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      payType: 'non-exempt',
      payrollId: 'G-1',
      regularHours: 78,
      overtimeHours: 4,
      doubleTimeHours: 0,
      breakMinutes: 60,
      daysWorked: 9,
      vacationHours: 0,
      sickHours: 0,
      personalHours: 0,
      holidayHours: 0,
    },
    {
      employeeId: 'emp-2',
      firstName: 'Paul',
      lastName: 'Minister',
      payType: 'minister',
      payrollId: null,
      regularHours: 50,
      overtimeHours: 0,
      doubleTimeHours: 0,
      breakMinutes: 0,
      daysWorked: 5,
      vacationHours: 0,
      sickHours: 0,
      personalHours: 0,
      holidayHours: 0,
    },
  ],
}

describe('Payroll hours on the Reports page', () => {
  it('lists each member’s regular, overtime and break figures for the period', async () => {
    const fetch = mockFetch({ 'GET /api/payroll/summary': { body: summary } })
    renderApp('/', <PayrollSummarySection from="2026-11-09" to="2026-11-22" />)
    const region = within(screen.getByRole('region', { name: 'Payroll hours' }))
    const rows = (await region.findAllByRole('row')).slice(1)
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.lastChild?.textContent))).toEqual([
      ['Ada Lovelace', 'Non-exempt (hourly)', '78.00', '4.00', '0.00', '60 min', '9'],
      ['Paul Minister', 'Minister', '50.00', '0.00', '0.00', '0 min', '5'],
    ])
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/payroll/summary?from=2026-11-09&to=2026-11-22')
  })

  it('says when nothing is approved yet', async () => {
    mockFetch({ 'GET /api/payroll/summary': { body: { ...summary, members: [] } } })
    renderApp('/', <PayrollSummarySection from="2026-11-09" to="2026-11-22" />)
    expect(await screen.findByText('No approved hours in this period yet.')).toBeTruthy()
  })
})

describe('Volunteer hours on the Reports page', () => {
  const show = (answer: MockAnswer = { body: makeVolunteerHours() }) => {
    const fetch = mockFetch({ 'GET /api/reports/volunteer-hours': answer })
    const user = userEvent.setup()
    return { fetch, user, ...renderApp('/', <VolunteerHoursSection from="2026-11-16" to="2026-11-22" />) }
  }

  it('shows hours and value per volunteer and per department, and the totals at the rate', async () => {
    const { fetch } = show()
    const region = within(screen.getByRole('region', { name: 'Volunteer hours' }))
    expect(await region.findByText('Vera Jones')).toBeTruthy()
    expect(
      region.getByText(
        'Approved volunteer hours, Nov 16, 2026 - Nov 22, 2026, valued at $33.49 an hour (Settings → Payroll).',
      ),
    ).toBeTruthy()
    expect(region.getByText('Total hours').nextElementSibling?.textContent).toBe('12.50')
    expect(region.getByText('Total value').nextElementSibling?.textContent).toBe('$418.63')
    const [people, departments] = region.getAllByRole('table')
    expect(within(people!).getAllByRole('row')).toHaveLength(3)
    expect(within(departments!).getByText('No department')).toBeTruthy()
    expect(within(departments!).getAllByText('$267.92')).toHaveLength(1)
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/reports/volunteer-hours?from=2026-11-16&to=2026-11-22')
  })

  it('exports the CSV built in the browser, asking the server nothing more', async () => {
    let saved: Blob | undefined
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob
      return 'blob:volunteers'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    const { fetch, user } = show()
    await screen.findByText('Vera Jones')
    const before = fetch.mock.calls.length
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(names).toEqual(['volunteer-hours-2026-11-16-to-2026-11-22.csv'])
    expect(saved!.type).toBe('text/csv;charset=utf-8')
    expect(saved!.size).toBe(new Blob([volunteerHoursCsv(makeVolunteerHours())]).size)
    expect(fetch.mock.calls.length).toBe(before)
  })

  it('prints the section alone', async () => {
    const marked: boolean[] = []
    const print = vi.fn(() => {
      marked.push(screen.getByRole('region', { name: 'Volunteer hours' }).hasAttribute('data-printing'))
      window.dispatchEvent(new Event('afterprint'))
    })
    vi.stubGlobal('print', print)
    const { user } = show()
    await screen.findByText('Vera Jones')
    await user.click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledTimes(1)
    // Marked for the print stylesheet while printing, and not after.
    expect(marked).toEqual([true])
    expect(screen.getByRole('region', { name: 'Volunteer hours' }).hasAttribute('data-printing')).toBe(false)
  })

  it('has loading, empty and error states', async () => {
    show({ body: makeVolunteerHours({ volunteers: [], departments: [], totalHours: 0, totalValue: 0 }) })
    expect(screen.getByText('Loading volunteer hours...')).toBeTruthy()
    expect(await screen.findByText('No volunteer hours were approved in this period.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(false)
  })

  it('says when the volunteer hours cannot be loaded', async () => {
    show({ status: 500, body: { message: 'Internal server error' } })
    expect(await screen.findByText('Internal server error')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Print' }).hasAttribute('disabled')).toBe(true)
  })
})
