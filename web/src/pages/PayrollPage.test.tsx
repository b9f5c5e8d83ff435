import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { browser } from '../lib/browser.ts'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { makePayPeriod, person } from '../../test/payroll-fixtures.ts'
import { renderApp } from '../../test/render.tsx'
// Loaded up front, so the router's lazy import is already done when a test starts.
import './PayrollPage.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

type Routes = Parameters<typeof mockFetch>[0]

const ada = person('emp-1', 'Ada', 'Lovelace')
const ben = person('emp-2', 'Ben', 'Okafor')

const show = (
  periods: MockAnswer = { body: { periods: [makePayPeriod()] } },
  extra: Routes = {},
  role = 'supervisor',
) => {
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser({ role: role as 'supervisor' }) },
    'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
    'GET /api/payroll/periods': periods,
    ...extra,
  })
  const user = userEvent.setup()
  return { fetch, user, ...renderApp('/payroll') }
}

const period = async (name = 'Nov 9, 2026 - Nov 22, 2026') => within(await screen.findByRole('region', { name }))

/** Opens the period's Close dialog and confirms in it; answers the dialog, still open while the close is refused. */
const closeAndConfirm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click((await period()).getByRole('button', { name: 'Close period' }))
  const confirm = await screen.findByRole('dialog', { name: 'Close pay period' })
  await user.click(within(confirm).getByRole('button', { name: 'Close period' }))
  return confirm
}
const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(path))

describe('PayrollPage', () => {
  it("offers a closed period's sends to the connected vendors, and none on an open period", async () => {
    const view = (id: string, connected: boolean) => ({
      id,
      configured: true,
      connected,
      lastSentAt: null,
      missingSettings: [],
      reconnectNeeded: false,
      connectedAt: null,
      account: null,
    })
    show(
      {
        body: {
          periods: [
            makePayPeriod(),
            makePayPeriod({
              start: '2026-10-26',
              end: '2026-11-08',
              status: 'closed',
              closedAt: '2026-11-10T15:00:00.000Z',
            }),
          ],
        },
      },
      {
        'GET /api/integrations': {
          body: { integrations: [view('quickbooks', true), view('gusto', false), view('planning-center', true)] },
        },
      },
    )
    const closed = await period('Oct 26, 2026 - Nov 8, 2026')
    expect(await closed.findByRole('button', { name: 'Preview for QuickBooks Online' })).toBeTruthy()
    expect(closed.getByText(/Connect Gusto to send this period there/)).toBeTruthy()
    const open = await period()
    expect(open.queryByRole('button', { name: 'Preview for QuickBooks Online' })).toBeNull()
    expect(open.queryByText(/Connect Gusto/)).toBeNull()
  })

  it('lists each period with its hours, who has not submitted and who is pending', async () => {
    show({
      body: {
        periods: [
          makePayPeriod({ notSubmitted: [ada], pending: [ben] }),
          makePayPeriod({
            start: '2026-10-26',
            end: '2026-11-08',
            status: 'closed',
            closedAt: '2026-11-10T15:00:00.000Z',
            closedBy: { firstName: 'Grace', lastName: 'Hopper' },
            approvedHours: 38,
            regularHours: 38,
            overtimeHours: 0,
            breakMinutes: 0,
          }),
        ],
      },
    })
    expect(await screen.findByRole('heading', { name: 'Payroll', level: 1 })).toBeTruthy()
    const open = await period()
    expect(open.getByText('Open')).toBeTruthy()
    const figure = (label: string) => open.getByText(label).nextElementSibling?.textContent
    expect(figure('Approved hours')).toBe('82.00')
    expect(figure('Regular hours')).toBe('78.00')
    expect(figure('Overtime hours')).toBe('4.00')
    expect(figure('Breaks')).toBe('60 min')
    expect(open.getByText('Not submitted (1)').nextElementSibling?.textContent).toBe('Ada Lovelace')
    expect(open.getByText('Pending approval (1)').nextElementSibling?.textContent).toBe('Ben Okafor')
    expect(open.getByRole('button', { name: 'Close period' })).toBeTruthy()

    const closed = await period('Oct 26, 2026 - Nov 8, 2026')
    expect(closed.getByText('Closed')).toBeTruthy()
    expect(closed.getByText(/^Closed Nov 10, 2026, .* by Grace Hopper$/)).toBeTruthy()
    expect(closed.getByText('Everyone has submitted.')).toBeTruthy()
    expect(closed.getByRole('button', { name: 'Reopen' })).toBeTruthy()
    expect(closed.queryByRole('button', { name: 'Close period' })).toBeNull()
  })

  it('offers closing a period to the whole church’s supervisors only, its exports to every supervisor', async () => {
    const first = show()
    expect((await period()).getByRole('button', { name: 'Close period' })).toBeTruthy()
    first.unmount()
    const campusAdmin = makeUser({ role: 'supervisor', campusIds: ['campus-south'] })
    show(undefined, { 'GET /api/auth/user': { body: campusAdmin }, 'GET /api/campuses': { body: { campuses: [] } } })
    const open = await period()
    expect(open.getAllByRole('link').length).toBeGreaterThan(0)
    expect(open.queryByRole('button', { name: 'Close period' })).toBeNull()
  })

  it('tells a campus admin who closes periods and sets them, with no link to the payroll settings they cannot use', async () => {
    const first = show()
    expect(await screen.findByRole('link', { name: 'Payroll settings' })).toBeTruthy()
    expect(screen.getByText(/Close a period when every timesheet in it is approved/)).toBeTruthy()
    first.unmount()
    const campusAdmin = makeUser({ role: 'supervisor', campusIds: ['campus-south'] })
    const admin = { 'GET /api/auth/user': { body: campusAdmin } }
    const second = show(undefined, admin)
    await period()
    expect(screen.queryByRole('link', { name: 'Payroll settings' })).toBeNull()
    expect(screen.queryByText(/Close a period when/)).toBeNull()
    expect(
      screen.getByText(
        'Approved hours of your campuses per pay period, split into regular and overtime, with the files for your payroll provider. A supervisor of the whole church closes each period once every timesheet in it is approved.',
      ),
    ).toBeTruthy()
    second.unmount()
    show({ body: { periods: [] } }, admin)
    expect(await screen.findByText('No pay periods yet')).toBeTruthy()
    expect(screen.getByText('A supervisor of the whole church sets the pay periods.')).toBeTruthy()
    expect(screen.queryByText(/Settings → Payroll/)).toBeNull()
  })

  it('offers each export as a link to the API for the period', async () => {
    show()
    const open = await period()
    // Each period's exports are a region named with the period: one landmark name per period.
    const exports = within(open.getByRole('region', { name: 'Export for payroll, Nov 9, 2026 - Nov 22, 2026' }))
    const links = exports.getAllByRole('link')
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['CSV', '/api/payroll/export?format=csv&from=2026-11-09&to=2026-11-22'],
      ['Gusto', '/api/payroll/export?format=gusto&from=2026-11-09&to=2026-11-22'],
      ['QuickBooks IIF', '/api/payroll/export?format=quickbooks-iif&from=2026-11-09&to=2026-11-22'],
      ['ADP', '/api/payroll/export?format=adp&from=2026-11-09&to=2026-11-22'],
    ])
  })

  it('downloads an export the server made, without leaving the page', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    const { fetch, user } = show(undefined, { 'GET /api/payroll/export': { status: 302 } })
    const open = await period()
    await user.click(open.getByRole('link', { name: 'Gusto' }))
    const url = '/api/payroll/export?format=gusto&from=2026-11-09&to=2026-11-22'
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(url))
    expect(calls(fetch, 'GET', '/api/payroll/export')[0]![1]).toMatchObject({ redirect: 'manual' })
    expect(open.queryByRole('alert')).toBeNull()
  })

  it('names the members without a payroll id when the server refuses an export', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    const { user } = show(undefined, {
      'GET /api/payroll/export': {
        status: 400,
        body: { message: 'These members have no payroll id: Ada Lovelace, Ben Okafor', members: [ada, ben] },
      },
    })
    const open = await period()
    await user.click(open.getByRole('link', { name: 'ADP' }))
    const alert = await open.findByRole('alert')
    expect(within(alert).getByText('ADP: These members have no payroll id: Ada Lovelace, Ben Okafor')).toBeTruthy()
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ada Lovelace', 'Ben Okafor'])
    expect(navigate).not.toHaveBeenCalled()
  })

  it('closes a period and says so', async () => {
    let closed = false
    const { fetch, user } = show(
      { body: { periods: [makePayPeriod()] } },
      {
        'GET /api/payroll/periods': () => ({
          body: { periods: [makePayPeriod({ status: closed ? 'closed' : 'open' })] },
        }),
        'POST /api/payroll/periods/2026-11-09/close': () => {
          closed = true
          return { body: makePayPeriod({ status: 'closed' }) }
        },
      },
    )
    const open = await period()
    await user.click(open.getByRole('button', { name: 'Close period' }))
    // Confirmed first, saying what it locks; a close that needs no 'anyway' says nothing more.
    const confirm = await screen.findByRole('dialog', { name: 'Close pay period' })
    expect(within(confirm).getByText(/locks every timesheet of its weeks/)).toBeTruthy()
    expect(calls(fetch, 'POST', '/api/payroll/periods/2026-11-09/close')).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: 'Close period' }))
    expect(await screen.findByText('Nov 9, 2026 - Nov 22, 2026 is closed; its timesheets are locked.')).toBeTruthy()
    expect(calls(fetch, 'POST', '/api/payroll/periods/2026-11-09/close')).toHaveLength(1)
    expect(calls(fetch, 'POST', '/api/payroll/periods/2026-11-09/close')[0]![1]?.body).toBe('{}')
    expect(await open.findByRole('button', { name: 'Reopen' })).toBeTruthy()
  })

  it('lists who blocks a refused close', async () => {
    const { user } = show(undefined, {
      'POST /api/payroll/periods/2026-11-09/close': {
        status: 409,
        body: { message: 'This pay period has timesheets that are not approved', blockers: [ben] },
      },
    })
    const confirm = await closeAndConfirm(user)
    const alert = await within(confirm).findByRole('alert')
    expect(within(alert).getByText('This pay period has timesheets that are not approved')).toBeTruthy()
    expect(within(alert).getByRole('listitem').textContent).toBe('Ben Okafor')
  })

  it('closes an early period only when told anyway, naming why', async () => {
    const { fetch, user } = show(undefined, {
      'POST /api/payroll/periods/2026-11-09/close': (init) =>
        String(init?.body).includes('closeAnyway')
          ? { body: makePayPeriod({ status: 'closed' }) }
          : {
              status: 409,
              body: {
                message:
                  'This pay period has not ended or has weeks not submitted; close it anyway to lock them as they are',
                reasons: { endsOn: '2026-11-22', notSubmitted: [ben] },
              },
            },
    })
    const confirm = await closeAndConfirm(user)
    const why = await within(confirm).findByRole('alert')
    expect(within(why).getByText('It has not ended: its last day is Nov 22, 2026.')).toBeTruthy()
    expect(within(why).getByText('Weeks not submitted: Ben Okafor.')).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Close anyway' }))
    expect(await screen.findByText('Nov 9, 2026 - Nov 22, 2026 is closed; its timesheets are locked.')).toBeTruthy()
    const sent = calls(fetch, 'POST', '/api/payroll/periods/2026-11-09/close').map(([, init]) => init?.body)
    expect(sent).toEqual(['{}', JSON.stringify({ closeAnyway: true })])
  })

  it('reopens a closed period only with a reason', async () => {
    const { fetch, user } = show(
      { body: { periods: [makePayPeriod({ status: 'closed', closedAt: '2026-11-23T09:00:00.000Z' })] } },
      {
        'POST /api/payroll/periods/2026-11-09/reopen': (init) => ({
          body: makePayPeriod({ reopenedReason: (JSON.parse(String(init?.body)) as { reason: string }).reason }),
        }),
      },
    )
    const closed = await period()
    await user.click(closed.getByRole('button', { name: 'Reopen' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Reopen pay period' }))
    await user.click(dialog.getByRole('button', { name: 'Reopen' }))
    expect(dialog.getByText('A reason is required')).toBeTruthy()
    const reason = dialog.getByLabelText('Reason')
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(reason)
    expect(calls(fetch, 'POST', '/api/payroll/periods/2026-11-09/reopen')).toHaveLength(0)

    await user.type(reason, '  Late fix ')
    await user.click(dialog.getByRole('button', { name: 'Reopen' }))
    expect(await screen.findByText('Nov 9, 2026 - Nov 22, 2026 is open again; its timesheets can change.')).toBeTruthy()
    const sent = calls(fetch, 'POST', '/api/payroll/periods/2026-11-09/reopen')
    expect(JSON.parse(String(sent[0]![1]!.body))).toEqual({ reason: 'Late fix' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows loading, then the empty state', async () => {
    let answer!: () => void
    show({ wait: new Promise<void>((r) => (answer = r)), body: { periods: [] } })
    expect(await screen.findByText('Loading pay periods...')).toBeTruthy()
    answer()
    expect(await screen.findByText('No pay periods yet')).toBeTruthy()
  })

  it('says when the periods cannot be loaded, and tries again', async () => {
    let fail = true
    const { user } = show(undefined, {
      'GET /api/payroll/periods': () =>
        fail ? { status: 500, body: { message: 'Internal server error' } } : { body: { periods: [makePayPeriod()] } },
    })
    expect(await screen.findByText('Internal server error')).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await period()).toBeTruthy()
  })

  it('loads earlier periods before the oldest shown', async () => {
    const six = ['2026-11-09', '2026-10-26', '2026-10-12', '2026-09-28', '2026-09-14', '2026-08-31'].map((start) =>
      makePayPeriod({ start, end: start }),
    )
    const { fetch, user } = show(undefined, {
      'GET /api/payroll/periods': () =>
        calls(fetch, 'GET', '/api/payroll/periods').length === 1
          ? { body: { periods: six } }
          : { body: { periods: [makePayPeriod({ start: '2026-08-17', end: '2026-08-30' })] } },
    })
    await user.click(await screen.findByRole('button', { name: 'Show earlier periods' }))
    expect(await period('Aug 17, 2026 - Aug 30, 2026')).toBeTruthy()
    expect(String(calls(fetch, 'GET', '/api/payroll/periods')[1]![0])).toBe(
      '/api/payroll/periods?before=2026-08-31&count=6',
    )
    expect(screen.queryByRole('button', { name: 'Show earlier periods' })).toBeNull()
  })

  it('turns a non-supervisor away', async () => {
    show(undefined, {}, 'employee')
    expect(await screen.findByText('Only supervisors can see payroll.', { selector: 'p' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Payroll' })).toBeNull()
  })
})
