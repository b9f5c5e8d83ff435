import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { formatHoursNumber, weekTotalHours, type ListedTimesheet, type Role, type TimesheetPage } from '@app/core'
import { makeStats, makeTimesheet, memberTimesheet } from '../../test/list-item-fixtures.ts'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { columnHeaders, renderApp } from '../../test/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const stats = makeStats({
  pending: 3,
  approved: 2,
  approvedTotal: 7,
  rejected: 1,
  totalTimesheets: 10,
  activeEmployees: 6,
})

const ann = makeTimesheet({ id: 1, status: 'pending' })
const ben = memberTimesheet(2, 'approved', '2026-11-09', ['Ben', 'Okafor', 'Worship'])
const cara = memberTimesheet(3, 'rejected', '2026-11-02', ['Cara', 'Annis', 'Admin'])

interface Setup {
  role?: Role
  /** Answers GET /api/timesheets from its query string. */
  list?: (params: URLSearchParams) => TimesheetPage
  extra?: Record<string, MockAnswer | ((init: RequestInit | undefined) => MockAnswer)>
}

/** The app at / with the API mocked; returns the fetch mock and the URLs the list was asked with. */
function show({
  role = 'supervisor',
  list = () => ({ items: [ann, ben, cara], cursor: null }),
  extra = {},
}: Setup = {}) {
  const listUrls: URL[] = []
  const fetchMock = mockFetch({
    'GET /api/auth/user': { body: makeUser({ role, id: 'user-1' }) },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC', weekStartDay: 'monday' },
    },
    'GET /api/dashboard/stats': { body: stats },
    'GET /api/timesheets': () => {
      const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost')
      listUrls.push(url)
      return { body: list(url.searchParams) }
    },
    ...extra,
  })
  const user = userEvent.setup()
  const rendered = renderApp('/')
  return { fetchMock, listUrls, user, ...rendered }
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByText(/\w+ \w+/)[0]!.textContent)

const chooseStatus = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  await user.click(screen.getByRole('combobox', { name: 'Filter by status' }))
  await user.click(await screen.findByRole('option', { name: label }))
}

describe('DashboardPage for a supervisor', () => {
  it('shows the stat row with its links', async () => {
    show()
    const statRow = await screen.findByRole('region', { name: 'Timesheet statistics' })
    await within(statRow).findByText('3')
    const pending = within(statRow).getByRole('link', { name: /Pending Approvals/ })
    expect(pending.getAttribute('href')).toBe('/reports')
    expect(pending.textContent).toContain('3')
    expect(within(statRow).getByText('Approved This Week').nextSibling?.textContent).toBe('2')
    expect(within(statRow).getByText('Total Timesheets').nextSibling?.textContent).toBe('10')
    const active = within(statRow).getByRole('link', { name: /Active Employees/ })
    expect(active.getAttribute('href')).toBe('/employees')
    expect(active.textContent).toContain('6')
  })

  it('goes to /reports from Pending Approvals', async () => {
    const { user } = show()
    const statRow = await screen.findByRole('region', { name: 'Timesheet statistics' })
    await user.click(within(statRow).getByRole('link', { name: /Pending Approvals/ }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/reports'))
  })

  it('offers Download Report in a new tab and Manage Staff', async () => {
    show()
    const report = await screen.findByRole('link', { name: 'Download Report' })
    expect(report.getAttribute('href')).toBe('/api/reports/bulk-timesheets')
    expect(report.getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('link', { name: 'Manage Staff' }).getAttribute('href')).toBe('/employees')
  })

  it('lists the submissions with employee, week, submitted date and status', async () => {
    show()
    const table = await screen.findByRole('table')
    expect(columnHeaders(table)).toEqual(['Employee', 'Week Starting', 'Submitted', 'Hours', 'Status', 'Actions'])
    expect(screen.getByRole('heading', { name: 'Recent Timesheet Submissions' })).toBeTruthy()
    const row = await rowOf('Ann Lee')
    expect(within(row).getByText('Youth')).toBeTruthy()
    expect(within(row).getByText('AL')).toBeTruthy()
    expect(within(row).getByText('Nov 16, 2026')).toBeTruthy()
    expect(within(row).getByText('Nov 20, 2026')).toBeTruthy()
    expect(within(row).getByText('Pending Review')).toBeTruthy()
    expect(within(await rowOf('Ben Okafor')).getByText('Approved')).toBeTruthy()
    expect(within(await rowOf('Cara Annis')).getByText('Rejected')).toBeTruthy()
  })

  it('gives approve and reject only on pending rows, view on every row, CSV on approved rows', async () => {
    show()
    const pending = await rowOf('Ann Lee')
    const actions = (row: HTMLElement) =>
      [...within(row).queryAllByRole('button'), ...within(row).queryAllByRole('link')].map(
        (b) => b.getAttribute('aria-label')!.split(' ')[0],
      )
    expect(actions(pending)).toEqual(['Approve', 'Reject', 'View'])
    expect(
      within(pending)
        .getByRole('button', { name: /^Approve/ })
        .getAttribute('aria-label'),
    ).toBe("Approve Ann Lee's timesheet for the week of Nov 16, 2026")

    const approved = await rowOf('Ben Okafor')
    expect(actions(approved)).toEqual(['View', 'Download'])
    const csv = within(approved).getByRole('link', { name: /^Download CSV/ })
    expect(csv.getAttribute('href')).toBe('/api/timesheets/2/download-csv')
    expect(csv.getAttribute('target')).toBe('_blank')

    expect(actions(await rowOf('Cara Annis'))).toEqual(['View'])
  })

  it('does not offer a supervisor the decision on their own timesheet', async () => {
    show({
      list: () => ({
        items: [makeTimesheet({ id: 9, employeeId: 'user-1', employee: { ...ann.employee!, firstName: 'Grace' } })],
        cursor: null,
      }),
    })
    const row = await rowOf('Grace Lee')
    expect(within(row).queryByRole('button', { name: /^Approve/ })).toBeNull()
    expect(within(row).getByRole('button', { name: /^View/ })).toBeTruthy()
  })

  it('searches the first or the last name, ignoring case', async () => {
    const { user } = show()
    await rowOf('Ann Lee')
    const search = screen.getByRole('searchbox', { name: 'Search by employee name' })
    await user.type(search, 'ann')
    // 'ann' is Ann's first name and part of Cara Annis's last name, not Ben Okafor's.
    expect(names()).toEqual(['Ann Lee', 'Cara Annis'])
    await user.clear(search)
    await user.type(search, 'OKAF')
    expect(names()).toEqual(['Ben Okafor'])
    await user.clear(search)
    await user.type(search, 'Youth')
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('No timesheets match your search.')).toBeTruthy()
    await user.clear(search)
    expect(names()).toEqual(['Ann Lee', 'Ben Okafor', 'Cara Annis'])
  })

  it('finds names typed without accents, shows each week’s hours, and asks for pages of 25', async () => {
    const zoe = makeTimesheet({
      id: 4,
      status: 'pending',
      employeeId: 'emp-4',
      mondayStart: '09:00',
      mondayEnd: '17:30',
      employee: { firstName: 'Zoë', lastName: 'Muñoz', department: null, profileImageUrl: null },
    })
    const { user, listUrls } = show({ list: () => ({ items: [ann, zoe], cursor: null }) })
    const row = await rowOf('Zoë Muñoz')
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.lastChild?.textContent),
    ).toContain(formatHoursNumber(weekTotalHours(zoe)))
    expect(screen.getByRole('columnheader', { name: 'Hours' })).toBeTruthy()
    expect(listUrls[0]!.searchParams.get('limit')).toBe('25')
    const search = screen.getByRole('searchbox', { name: 'Search by employee name' })
    await user.type(search, 'zoe')
    expect(screen.getByText('Zoë Muñoz')).toBeTruthy()
    expect(screen.queryByText('Ann Lee')).toBeNull()
    await user.clear(search)
    await user.type(search, 'MUNOZ')
    expect(screen.getByText('Zoë Muñoz')).toBeTruthy()
    expect(screen.queryByText('Ann Lee')).toBeNull()
  })

  it('filters by status through the API and adds it to Export', async () => {
    const all = [ann, ben, cara]
    const { user, listUrls } = show({
      list: (params) => ({
        items: all.filter((t) => !params.get('status') || t.status === params.get('status')),
        cursor: null,
      }),
    })
    await rowOf('Ann Lee')
    const exportLink = screen.getByRole('link', { name: 'Export' })
    expect(exportLink.getAttribute('href')).toBe('/api/reports/bulk-timesheets')
    expect(exportLink.getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('combobox', { name: 'Filter by status' }).textContent).toContain('All Status')

    await chooseStatus(user, 'Pending')
    await waitFor(() => expect(names()).toEqual(['Ann Lee']))
    expect(listUrls.at(-1)!.searchParams.get('status')).toBe('pending')
    expect(screen.getByRole('link', { name: 'Export' }).getAttribute('href')).toBe(
      '/api/reports/bulk-timesheets?status=pending',
    )

    await chooseStatus(user, 'Approved')
    await waitFor(() => expect(names()).toEqual(['Ben Okafor']))
    expect(screen.getByRole('link', { name: 'Export' }).getAttribute('href')).toBe(
      '/api/reports/bulk-timesheets?status=approved',
    )

    await chooseStatus(user, 'Rejected')
    await waitFor(() => expect(names()).toEqual(['Cara Annis']))

    await chooseStatus(user, 'All Status')
    await waitFor(() => expect(names()).toEqual(['Ann Lee', 'Ben Okafor', 'Cara Annis']))
    // Each filter asked the API once; going back to All Status reuses its first answer.
    expect(listUrls.map((u) => u.searchParams.get('status'))).toEqual([null, 'pending', 'approved', 'rejected'])
    expect(screen.getByRole('link', { name: 'Export' }).getAttribute('href')).toBe('/api/reports/bulk-timesheets')
  })

  it('says a chosen status has no weeks rather than that there are none yet', async () => {
    const all = [ann, ben]
    const { user } = show({
      list: (params) => ({
        items: all.filter((t) => !params.get('status') || t.status === params.get('status')),
        cursor: null,
      }),
    })
    await rowOf('Ann Lee')
    await chooseStatus(user, 'Rejected')
    expect(await screen.findByText('No timesheets match the chosen status.')).toBeTruthy()
    expect(screen.queryByText('No timesheets yet.')).toBeNull()
    // A search typed over a status filter is named as the search.
    await user.type(screen.getByRole('searchbox', { name: 'Search by employee name' }), 'Ann')
    expect(screen.getByText('No timesheets match your search.')).toBeTruthy()
  })

  it('loads the next page with the cursor', async () => {
    const { user, listUrls } = show({
      list: (params) =>
        params.get('cursor') === 'page-2' ? { items: [cara], cursor: null } : { items: [ann, ben], cursor: 'page-2' },
    })
    await rowOf('Ben Okafor')
    expect(screen.queryByText('Cara Annis')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await rowOf('Cara Annis')
    expect(names()).toEqual(['Ann Lee', 'Ben Okafor', 'Cara Annis'])
    expect(listUrls.map((u) => u.searchParams.get('cursor'))).toEqual([null, 'page-2'])
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('opens the review dialog in the mode of the icon', async () => {
    const { user } = show()
    const row = await rowOf('Ann Lee')
    const open = async (icon: RegExp, title: string) => {
      await user.click(within(row).getByRole('button', { name: icon }))
      return screen.findByRole('dialog', { name: title })
    }
    const cancel = async (dialog: HTMLElement) => {
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    }

    let dialog = await open(/^Approve/, 'Review Timesheet Submission')
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeTruthy()
    await cancel(dialog)

    dialog = await open(/^Reject/, 'Review Timesheet Submission')
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull()
    await cancel(dialog)

    dialog = await open(/^View/, 'View Timesheet Submission')
    expect(within(dialog).queryByRole('textbox')).toBeNull()
  })

  it('approves, refreshes the list and the stats, and offers the CSV link', async () => {
    let decided = false
    const { user, fetchMock } = show({
      list: () => ({ items: [decided ? { ...ann, status: 'approved' as const } : ann, ben], cursor: null }),
      extra: {
        'PATCH /api/timesheets/1/status': () => {
          decided = true
          return { body: { ...ann, status: 'approved', csvDownloadUrl: 'https://files.example/ann.csv?sig=1' } }
        },
      },
    })
    const row = await rowOf('Ann Lee')
    const statsCalls = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/api/dashboard/stats').length
    await waitFor(() => expect(statsCalls()).toBe(1))
    await user.click(within(row).getByRole('button', { name: /^Approve/ }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox', { name: 'Comments' }), 'Thanks!')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))

    expect(await screen.findByText('Timesheet approved! CSV file is ready for download.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ status: 'approved', comments: 'Thanks!' })

    const ready = await screen.findByText("The CSV of Ann Lee's week of Nov 16, 2026 is ready.")
    const link = within(ready.parentElement!).getByRole('link', { name: 'Download CSV' })
    expect(link.getAttribute('href')).toBe('https://files.example/ann.csv?sig=1')
    expect(link.getAttribute('target')).toBe('_blank')

    // The row now shows the decision, and the stat row was fetched again.
    await waitFor(() => expect(within(row).getByText('Approved')).toBeTruthy())
    expect(within(row).queryByRole('button', { name: /^Approve/ })).toBeNull()
    expect(statsCalls()).toBe(2)
  })
})

describe('DashboardPage for staff', () => {
  it('shows their timesheets with view and CSV actions only, and no supervisor tools', async () => {
    const { fetchMock } = show({ role: 'employee' })
    expect(await screen.findByText('Staff Member')).toBeTruthy()
    const pending = await rowOf('Ann Lee')
    expect(
      within(pending)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(["View Ann Lee's timesheet for the week of Nov 16, 2026"])
    const approved = await rowOf('Ben Okafor')
    expect(
      within(approved)
        .getByRole('link', { name: /^Download CSV/ })
        .getAttribute('href'),
    ).toBe('/api/timesheets/2/download-csv')
    expect(screen.queryByRole('region', { name: 'Timesheet statistics' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Download Report' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Manage Staff' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Export' })).toBeNull()
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/dashboard/stats'))).toBe(false)
  })

  it('offers Edit and Resubmit from the view of their own declined week, and only Close on others', async () => {
    const declined = makeTimesheet({ id: 4, status: 'rejected', employeeId: 'user-1', weekStartDate: '2026-11-02' })
    const { user } = show({ role: 'employee', list: () => ({ items: [ann, declined], cursor: null }) })
    await screen.findAllByText('Ann Lee')
    await user.click(screen.getByRole('button', { name: "View Ann Lee's timesheet for the week of Nov 2, 2026" }))
    const dialog = within(await screen.findByRole('dialog', { name: 'View Timesheet Submission' }))
    expect(dialog.getByRole('link', { name: 'Edit and Resubmit' }).getAttribute('href')).toBe(
      '/submit-timesheet?week=2026-11-02',
    )
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(screen.getByRole('button', { name: "View Ann Lee's timesheet for the week of Nov 16, 2026" }))
    const pending = within(await screen.findByRole('dialog', { name: 'View Timesheet Submission' }))
    expect(pending.queryByRole('link', { name: 'Edit and Resubmit' })).toBeNull()
  })

  it('shows drafts with their badge and no submitted date', async () => {
    show({
      role: 'volunteer',
      list: () => ({ items: [makeTimesheet({ status: 'draft', submittedAt: null })], cursor: null }),
    })
    const row = await rowOf('Ann Lee')
    expect(within(row).getByText('Draft')).toBeTruthy()
    expect(within(row).getByText('-')).toBeTruthy()
  })

  it('says so when there is nothing yet', async () => {
    show({ role: 'employee', list: (): TimesheetPage => ({ items: [] as ListedTimesheet[], cursor: null }) })
    expect(await screen.findByText('No timesheets yet.')).toBeTruthy()
  })

  it('shows its sections from the top down, each once the one above has its week (nothing jumps)', async () => {
    let answer = () => {}
    show({
      role: 'employee',
      extra: {
        'GET /api/timesheets/current-week': {
          status: 500,
          body: { message: 'x' },
          wait: new Promise<void>((r) => (answer = r)),
        },
      },
    })
    expect(await screen.findByText('Loading your timesheet...')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Time off' })).toBeNull()
    expect(screen.queryByText('Recent Timesheet Submissions')).toBeNull()
    answer()
    expect(await screen.findByText('Recent Timesheet Submissions')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Time off' })).toBeTruthy()
  })
})
