import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bulkCsvHeader, type ReportItem, type Role } from '@app/core'
import { reportCsv } from '../components/dashboard/report-summary.ts'
import { makeReportItem } from '../../test/list-item-fixtures.ts'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { columnHeaders, renderApp } from '../../test/render.tsx'
import { captureDownloads } from '../../test/downloads.ts'
// Loaded up front, so the router's lazy imports are done when a test starts its clock (the staff
// redirect's wait is the redirect's, not the dashboard's first load).
import './ReportsPage.tsx'
import './DashboardPage.tsx'

beforeEach(() => {
  // Only the clock is fake (Wednesday 18 November 2026, noon UTC); timers and promises run for real.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-18T12:00:00.000Z'))
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const items: ReportItem[] = [
  makeReportItem({
    id: 1,
    status: 'approved',
    approver: { firstName: 'Grace', lastName: 'Hopper' },
    approvedAt: '2026-11-21T10:00:00.000Z',
  }),
  makeReportItem({
    id: 2,
    status: 'pending',
    notes: '',
    employee: { firstName: 'Ben', lastName: 'Okafor', department: 'Worship', profileImageUrl: null },
  }),
  makeReportItem({ id: 3, status: 'rejected', weekStartDate: '2026-11-09', notes: '' }),
]

function show({
  role = 'supervisor',
  weekStartDay = 'monday',
  report = { body: items },
}: { role?: Role; weekStartDay?: string; report?: MockAnswer } = {}) {
  const reportUrls: URL[] = []
  const fetchMock = mockFetch({
    'GET /api/auth/user': { body: makeUser({ role }) },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC', weekStartDay },
    },
    'GET /api/timesheets/reports': () => {
      reportUrls.push(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost'))
      return report
    },
  })
  const user = userEvent.setup()
  return { fetchMock, reportUrls, user, ...renderApp('/reports') }
}

/** jsdom's Blob has no text(); FileReader reads it. */
const readBytes = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(blob)
  })

const period = (url: URL | undefined) => url && [url.searchParams.get('start'), url.searchParams.get('end')]

describe('ReportsPage', () => {
  it('reports this week by default, in the organization’s week', async () => {
    const { reportUrls } = show()
    expect(await screen.findByRole('heading', { name: 'Reports & Analytics' })).toBeTruthy()
    await screen.findByText('Quick Stats')
    expect(period(reportUrls[0])).toEqual(['2026-11-16', '2026-11-22'])
    expect(screen.getByRole('combobox', { name: 'Report period' }).textContent).toContain('This Week')
  })

  it('starts this week on Sunday when the organization does', async () => {
    const { reportUrls } = show({ weekStartDay: 'sunday' })
    await screen.findByText('Quick Stats')
    expect(period(reportUrls[0])).toEqual(['2026-11-15', '2026-11-21'])
  })

  it('switches to this month and last month', async () => {
    const { reportUrls, user } = show()
    await screen.findByText('Quick Stats')
    await user.click(screen.getByRole('combobox', { name: 'Report period' }))
    await user.click(await screen.findByRole('option', { name: 'This Month' }))
    await waitFor(() => expect(period(reportUrls.at(-1))).toEqual(['2026-11-01', '2026-11-30']))
    await user.click(screen.getByRole('combobox', { name: 'Report period' }))
    await user.click(await screen.findByRole('option', { name: 'Last Month' }))
    await waitFor(() => expect(period(reportUrls.at(-1))).toEqual(['2026-10-01', '2026-10-31']))
  })

  it('names Ministries and funds by the real week and month, in its label and CSV file name', async () => {
    const { clicked } = captureDownloads('blob:allocation')
    const asked: URL[] = []
    const { fetchMock, user } = show({ weekStartDay: 'sunday' })
    const answers = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname !== '/api/reports/allocation') return answers(input, init)
      asked.push(url)
      return Response.json({ codes: [], volunteers: [] })
    })
    const section = () => within(screen.getByRole('region', { name: 'Ministries and funds' }))
    await screen.findByText('Quick Stats')
    expect(await section().findByText('Approved hours by ministry and fund, Nov 15, 2026 - Nov 21, 2026.')).toBeTruthy()
    await user.click(section().getByRole('button', { name: 'Export CSV of ministries and funds' }))
    expect(clicked.at(-1)!.download).toBe('allocation-2026-11-15-to-2026-11-21.csv')
    // The figures still count the week's days whole.
    expect([asked[0]!.searchParams.get('from'), asked[0]!.searchParams.get('to')]).toEqual(['2026-11-15', '2026-11-27'])

    await user.click(screen.getByRole('combobox', { name: 'Report period' }))
    await user.click(await screen.findByRole('option', { name: 'This Month' }))
    expect(await section().findByText('Approved hours by ministry and fund, Nov 1, 2026 - Nov 30, 2026.')).toBeTruthy()
    await waitFor(() =>
      expect(section().getByRole('button', { name: 'Export CSV of ministries and funds' })).toHaveProperty(
        'disabled',
        false,
      ),
    )
    await user.click(section().getByRole('button', { name: 'Export CSV of ministries and funds' }))
    expect(clicked.at(-1)!.download).toBe('allocation-2026-11-01-to-2026-11-30.csv')
  })

  it('draws one bar per week, a quarter of the width per sheet', async () => {
    show()
    const summary = (await screen.findByText('Weekly Timesheet Summary')).closest('.rounded-lg') as HTMLElement
    const weeks = within(summary).getAllByRole('listitem')
    expect(weeks.map((w) => w.textContent)).toEqual([
      'Week of Nov 9, 2026' + '1 sheet(s)',
      'Week of Nov 16, 2026' + '2 sheet(s)',
    ])
    expect(screen.getByTestId('bar-2026-11-09').style.width).toBe('25%')
    expect(screen.getByTestId('bar-2026-11-16').style.width).toBe('50%')
  })

  it('caps a busy week’s bar at the full width', async () => {
    show({ report: { body: [1, 2, 3, 4, 5, 6].map((id) => makeReportItem({ id })) } })
    await screen.findByText('6 sheet(s)')
    expect(screen.getByTestId('bar-2026-11-16').style.width).toBe('100%')
  })

  it('shows the quick stats with the approval rate rounded', async () => {
    show()
    const stats = (await screen.findByText('Quick Stats')).closest('.rounded-lg') as HTMLElement
    const value = (label: string) => within(stats).getByText(label).nextSibling?.textContent
    expect(value('Total Timesheets')).toBe('3')
    expect(value('Approved')).toBe('1')
    expect(value('Pending')).toBe('1')
    // 1 of 3 is 33.3%.
    expect(value('Approval Rate')).toBe('33%')
  })

  it('shows hours per week and per member as bars with the numbers in tables', async () => {
    show()
    const perMember = await screen.findByRole('figure', { name: 'Hours per member' })
    const rows = within(perMember).getAllByRole('row').slice(1)
    expect(rows.length).toBeGreaterThan(0)
    expect(within(perMember).getByRole('columnheader', { name: 'Hours' })).toBeTruthy()
    expect(screen.getByRole('figure', { name: 'Hours per week' })).toBeTruthy()
  })

  it('lists every timesheet in the detailed report, with No notes and - where empty', async () => {
    show()
    // The Hours charts' number tables come first; the Detailed Report is the last table.
    const table = (await screen.findAllByRole('table')).at(-1)!
    expect(columnHeaders(table)).toEqual(['Employee', 'Week Starting', 'Submitted', 'Notes', 'Status', 'Approved By'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.lastChild?.textContent)
    expect(cells(rows[0]!)).toEqual([
      'Ann Lee',
      'Nov 16, 2026',
      'Nov 20, 2026',
      'Covered for Sam on Wednesday',
      'Approved',
      'Grace Hopper',
    ])
    expect(cells(rows[1]!)).toEqual(['Ben Okafor', 'Nov 16, 2026', 'Nov 20, 2026', 'No notes', 'Pending Review', '-'])
    expect(cells(rows[2]!)[4]).toBe('Rejected')
  })

  it('says so when the period has no timesheets', async () => {
    show({ report: { body: [] } })
    expect(await screen.findByText('No timesheets were submitted for this period.')).toBeTruthy()
    expect(screen.getByText('Approval Rate').nextSibling?.textContent).toBe('0%')
  })

  it('exports the shown period as CSV, built in the browser', async () => {
    const { blobs, clicked } = captureDownloads('blob:report')
    const { user, fetchMock } = show()
    await screen.findByText('Quick Stats')
    const callsBefore = fetchMock.mock.calls.length
    await user.click(screen.getByRole('button', { name: 'Export' }))

    expect(clicked).toHaveLength(1)
    expect(clicked[0]!.download).toBe('timesheets-report-2026-11-16-to-2026-11-22.csv')
    expect(clicked[0]!.href).toBe('blob:report')
    const saved = blobs[0]
    expect(saved!.type).toBe('text/csv;charset=utf-8')
    const bytes = await readBytes(saved!)
    // UTF-8 with a byte-order mark, so spreadsheets show accented names.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text).toBe(reportCsv(items, 'UTC', 'monday'))
    const lines = text.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe(bulkCsvHeader('UTC').join(','))
    expect(lines[1]).toContain('Ann Lee,,Youth,2026-11-16,Approved,')
    expect(lines[1]).toContain(',Grace Hopper,2026-11-21 10:00')
    expect(lines).toHaveLength(4)
    // Nothing was asked of the server for the export.
    expect(fetchMock.mock.calls.length).toBe(callsBefore)
  })

  it('exports the days in the organization’s week order, Sunday first when its weeks start on Sunday', async () => {
    const { blobs } = captureDownloads('blob:report')
    const { user } = show({ weekStartDay: 'sunday' })
    await screen.findByText('Quick Stats')
    await user.click(screen.getByRole('button', { name: 'Export' }))
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await readBytes(blobs[0]!))
    const header = text.slice(1).split('\r\n')[0]!
    // The same header as the server's Download Report for this organization.
    expect(header).toBe(bulkCsvHeader('UTC', undefined, 'sunday').join(','))
    expect(header.indexOf('Sunday')).toBeLessThan(header.indexOf('Monday'))
  })

  it('says when the report cannot be loaded', async () => {
    show({ report: { status: 500, body: { message: 'Internal server error' } } })
    expect(await screen.findByText('The report could not be loaded.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(true)
  })

  it('refuses staff and sends them to the dashboard after 500 ms', async () => {
    const { reportUrls } = show({ role: 'employee' })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Access Denied')).toBeTruthy()
    expect(within(alert).getByText(/Only supervisors can view reports/)).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/reports')
    await new Promise((r) => setTimeout(r, 300))
    expect(screen.getByTestId('location').textContent).toBe('/reports')
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'), { timeout: 1000 })
    expect(reportUrls).toHaveLength(0)
  })
})
