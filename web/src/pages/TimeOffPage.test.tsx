import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { addDays, DEFAULT_WORKING_DAYS, monthOf, todayIn, type KindBalance, type TimeOffRequestView } from '@app/core'
import { makeStaffMember, makeUser, rosaEmailedOnceConfirmed, unconfirmedRosa } from '../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'
import { weekLeaveLines } from '../components/time-off/WeekLeave.tsx'
import { monthDays, offByMember } from '../components/time-off/WhoIsOff.tsx'
// Loaded up front, so the router's lazy import is already done when a test starts.
import './TimeOffPage.tsx'

const NO_CALENDAR = { holidays: [], blackouts: [] }

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

const balance = (kind: KindBalance['kind'], available: number, eligible = true): KindBalance => ({
  kind,
  name: { vacation: 'Vacation', sick: 'Sick', personal: 'Personal' }[kind],
  eligible,
  accruedHours: available,
  usedHours: 0,
  scheduledHours: 0,
  availableHours: available,
  ledger: [],
})

const request = (overrides: Partial<TimeOffRequestView> = {}): TimeOffRequestView => ({
  id: 'to-1',
  employeeId: 'mem-1',
  employeeName: 'Ada Lovelace',
  kind: 'vacation',
  from: '2099-12-21',
  to: '2099-12-21',
  hoursPerDay: 8,
  days: [{ date: '2099-12-21', hours: 8 }],
  hours: 8,
  note: '',
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  comments: '',
  ...overrides,
})

const BLACKOUT = 'Time off is not possible on Sunday, Apr 12, 2099: Easter Sunday'

const show = (role: 'employee' | 'supervisor', items: TimeOffRequestView[], extra: Record<string, MockAnswer> = {}) => {
  const me = role === 'employee' ? makeStaffMember() : makeUser()
  const fetch = mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC' } },
    'GET /api/time-off/balances': {
      body: {
        employeeId: me.id,
        balances: [balance('vacation', 40), balance('sick', 0), balance('personal', 0, false)],
      },
    },
    'GET /api/time-off': { body: { items } },
    ...extra,
  })
  const user = userEvent.setup()
  return { fetch, user, ...renderApp('/time-off') }
}
const sent = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => init?.method === method && String(url) === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown)

describe('TimeOffPage for a member', () => {
  it('shows the balances of the kinds they may take and sends a request with 8 hours a day by default', async () => {
    const { fetch, user } = show('employee', [], {
      'POST /api/time-off': { body: request() },
    })
    const balances = within(await screen.findByRole('region', { name: 'My balances' }))
    expect((await balances.findByRole('listitem', { name: 'Vacation' })).textContent).toContain('40 h')
    expect(balances.queryByRole('listitem', { name: 'Personal' })).toBeNull()

    const form = within(screen.getByRole('form', { name: 'Request time off' }))
    expect(form.getByRole('combobox', { name: 'Kind' }).textContent).toBe('VacationSick')
    await user.click(form.getByRole('button', { name: 'Send request' }))
    // Checked in the browser first: no first day, nothing sent; the last day may stay empty.
    expect(await form.findAllByText('First day is required')).toHaveLength(1)
    expect(form.queryByText('Use a date like 2026-11-16')).toBeNull()
    expect(form.getByLabelText('Last day').getAttribute('aria-invalid')).not.toBe('true')
    expect(document.activeElement).toBe(form.getByLabelText('First day'))
    expect(sent(fetch, 'POST', '/api/time-off')).toEqual([])

    await user.type(form.getByLabelText('First day'), '2099-12-21')
    await user.type(form.getByLabelText('Note (optional)'), 'Family')
    await user.click(form.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Request sent')).toBeTruthy()
    expect(sent(fetch, 'POST', '/api/time-off')).toEqual([
      { kind: 'vacation', from: '2099-12-21', to: '2099-12-21', hoursPerDay: 8, note: 'Family' },
    ])
  })

  it('says whose email about the request waits until they confirm their address', async () => {
    const { user } = show('employee', [], {
      'POST /api/time-off': { body: { ...request(), reviewEmailsHeldFor: [unconfirmedRosa] } },
    })
    const form = within(await screen.findByRole('form', { name: 'Request time off' }))
    await user.type(form.getByLabelText('First day'), '2099-12-21')
    await user.click(form.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText(`Your request was sent. ${rosaEmailedOnceConfirmed}`)).toBeTruthy()
    expect(screen.queryByText('Your supervisor will review it.')).toBeNull()
  })

  it.each([
    ['en', BLACKOUT],
    ['es', 'No se puede tomar tiempo libre el domingo, 12 de abr de 2099: Easter Sunday'],
  ])('says a blackout refusal with its reason in the form (%s)', async (language, shown) => {
    await i18next.changeLanguage(language)
    const { user } = show('employee', [], {
      'POST /api/time-off': {
        status: 400,
        body: {
          message: BLACKOUT,
          key: 'timeOffBlackout',
          params: { date: 'Sunday, Apr 12, 2099', reason: 'Easter Sunday' },
        },
      },
    })
    const form = within(await screen.findByRole('form'))
    await user.type(form.getByLabelText(language === 'en' ? 'First day' : 'Primer día'), '2099-04-12')
    await user.click(form.getByRole('button', { name: language === 'en' ? 'Send request' : 'Enviar solicitud' }))
    expect((await form.findByRole('alert')).textContent).toBe(shown)
  })

  it('lists their requests with status and comments; Cancel is offered while it can still be cancelled', async () => {
    const { fetch, user } = show(
      'employee',
      [
        request(),
        request({ id: 'to-2', from: '2020-01-06', to: '2020-01-07', status: 'approved', hours: 16, comments: 'Enjoy' }),
        request({ id: 'to-3', employeeId: 'someone-else' }),
      ],
      { 'DELETE /api/time-off/to-1': { body: request({ status: 'cancelled' }) } },
    )
    const mine = within(await screen.findByRole('region', { name: 'My requests' }))
    const rows = await mine.findAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.textContent).toContain('Vacation, Dec 21, 2099')
    expect(rows[0]!.textContent).toContain('Pending')
    expect(rows[1]!.textContent).toContain('Supervisor’s comments: Enjoy')
    // Approved and already begun: no Cancel.
    expect(within(rows[1]!).queryByRole('button')).toBeNull()
    await user.click(within(rows[0]!).getByRole('button', { name: 'Cancel Vacation, Dec 21, 2099' }))
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u, i]) => String(u) === '/api/time-off/to-1' && i?.method === 'DELETE')).toBe(
        true,
      ),
    )
    expect(await screen.findByText('Request cancelled')).toBeTruthy()
  })
})

describe('TimeOffPage for a supervisor', () => {
  it('opens on the requests waiting for me, and approves one with comments', async () => {
    const { fetch, user } = show(
      'supervisor',
      [
        request({ waitingForMe: true }),
        request({ id: 'to-2', employeeId: 'mem-2', employeeName: 'Ben Okafor', waitingForMe: false }),
      ],
      { 'PATCH /api/time-off/to-1/status': { body: request({ status: 'approved' }) } },
    )
    const pending = within(await screen.findByRole('region', { name: 'Time off requests' }))
    expect((await pending.findByRole('button', { name: 'Waiting for me (1)' })).getAttribute('aria-pressed')).toBe(
      'true',
    )
    expect(pending.queryByText('Ben Okafor')).toBeNull()
    await user.type(pending.getByLabelText('Comments (optional)'), 'Enjoy')
    await user.click(pending.getByRole('button', { name: 'Approve Ada Lovelace: Vacation, Dec 21, 2099' }))
    await waitFor(() =>
      expect(sent(fetch, 'PATCH', '/api/time-off/to-1/status')).toEqual([{ status: 'approved', comments: 'Enjoy' }]),
    )
    await user.click(pending.getByRole('button', { name: 'Everyone (2)' }))
    expect(pending.getByText('Ben Okafor')).toBeTruthy()
  })
})

describe('weekLeaveLines', () => {
  const week = { from: '2026-11-23', to: '2026-11-29' }
  const holidays = [
    { date: '2026-11-26', name: 'Thanksgiving', hours: 8 },
    { date: '2026-12-25', name: 'Christmas', hours: 8 },
  ]
  const requests = [
    {
      employeeId: 'a',
      status: 'approved',
      kind: 'vacation',
      days: [
        { date: '2026-11-22', hours: 8 },
        { date: '2026-11-23', hours: 8 },
      ],
    },
    { employeeId: 'a', status: 'pending', kind: 'sick', days: [{ date: '2026-11-24', hours: 8 }] },
    { employeeId: 'b', status: 'approved', kind: 'vacation', days: [{ date: '2026-11-25', hours: 8 }] },
  ]
  const name = (kind: string) => (kind === 'vacation' ? 'Vacation' : 'Sick')

  it('holds the member’s approved days of the week and the week’s holidays, by date', () => {
    expect(
      weekLeaveLines(week, { employeeId: 'a', role: 'employee', hireDate: '2026-01-01' }, requests, holidays, name),
    ).toEqual([
      { date: '2026-11-23', name: 'Vacation', hours: 8 },
      { date: '2026-11-26', name: 'Thanksgiving', hours: 8 },
    ])
  })

  it('gives a volunteer no holiday, nor a member before they joined', () => {
    expect(
      weekLeaveLines(week, { employeeId: 'b', role: 'volunteer', hireDate: '2026-01-01' }, requests, holidays, name),
    ).toEqual([{ date: '2026-11-25', name: 'Vacation', hours: 8 }])
    expect(
      weekLeaveLines(week, { employeeId: 'c', role: 'employee', hireDate: '2026-11-27' }, requests, holidays, name),
    ).toEqual([])
  })
})

describe('offByMember', () => {
  it('holds each member’s approved and pending days inside the month, by name, never a declined or cancelled one', () => {
    const month = { start: '2099-12-01', end: '2099-12-31' }
    const byMember = offByMember(
      [
        request({ employeeName: 'Zoe Park', employeeId: 'z', days: [{ date: '2099-12-21', hours: 8 }] }),
        request({
          id: 'to-2',
          status: 'approved',
          days: [
            { date: '2099-11-30', hours: 8 },
            { date: '2099-12-01', hours: 4 },
          ],
        }),
        request({ id: 'to-3', status: 'rejected', days: [{ date: '2099-12-02', hours: 8 }] }),
        request({ id: 'to-4', status: 'cancelled', days: [{ date: '2099-12-03', hours: 8 }] }),
      ],
      month,
    )
    expect(byMember.map((m) => [m.name, m.days.map((d) => [d.date, d.hours, d.request.status])])).toEqual([
      ['Ada Lovelace', [['2099-12-01', 4, 'approved']]],
      ['Zoe Park', [['2099-12-21', 8, 'pending']]],
    ])
  })
})

describe('Who is off (a month grid)', () => {
  it('shows members as rows and the month’s days as columns, approved and pending told apart in words, holidays named', async () => {
    // The organization's zone is UTC in these tests; the grid opens on this month.
    const month = monthOf(todayIn('UTC'))
    const [first, second, third] = [month.start, addDays(month.start, 1), addDays(month.start, 2)]
    const { user } = show(
      'supervisor',
      [
        request({
          id: 'a',
          status: 'approved',
          from: first,
          to: second,
          days: [first, second].map((date) => ({ date, hours: 8 })),
        }),
        request({
          id: 'b',
          employeeId: 'mem-2',
          employeeName: 'Ben Okafor',
          kind: 'sick',
          from: third,
          to: third,
          days: [{ date: third, hours: 4 }],
        }),
        request({
          id: 'c',
          employeeId: 'mem-3',
          employeeName: 'Cy Declined',
          status: 'rejected',
          from: first,
          to: first,
          days: [{ date: first, hours: 8 }],
        }),
      ],
      {
        'GET /api/organization/holidays': {
          body: {
            holidays: [{ date: third, name: 'Church Picnic', hours: 8 }],
            blackouts: [{ date: second, reason: 'Easter services' }],
          },
        },
      },
    )
    const region = within(await screen.findByRole('region', { name: 'Who is off' }))
    const title = new Date(`${month.start}T00:00:00Z`).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
    const table = within(await region.findByRole('table', { name: `Who is off in ${title}` }))
    const columns = table.getAllByRole('columnheader')
    expect(columns).toHaveLength(monthDays(month, NO_CALENDAR, DEFAULT_WORKING_DAYS).length + 1)
    expect(columns[0]!.textContent).toBe('Member')
    expect(columns[3]!.textContent).toContain('Holiday: Church Picnic')
    expect(columns[3]!.className).toContain('bg-amber-100')
    // A blackout date is marked in its column and listed under the grid.
    expect(columns[2]!.textContent).toContain('Blackout date: Easter services')
    expect(within(region.getByText('Blackout dates').parentElement!).getByText(/: Easter services$/)).toBeTruthy()
    expect(table.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Ada Lovelace', 'Ben Okafor'])

    const [, ada, ben] = table.getAllByRole('row')
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    expect(cells(ada!).slice(0, 3)).toEqual(['VVacation 8 h, Approved', 'VVacation 8 h, Approved', ''])
    expect(cells(ben!).slice(0, 3)).toEqual(['', '', 'S?Sick 4 h, Pending'])
    expect(cells(ada!)).toHaveLength(columns.length - 1)
    // A day the organization does not work is shaded (Monday to Friday here: its settings say none).
    const saturday = monthDays(month, NO_CALENDAR, DEFAULT_WORKING_DAYS).findIndex(
      (d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 6,
    )
    expect(columns[saturday + 1]!.className).toContain('bg-slate-100')
    expect(region.getByText('Pending (?)')).toBeTruthy()
    expect(region.getByText('V: Vacation')).toBeTruthy()

    // The next month has nobody off; the previous one brings the grid back.
    await user.click(region.getByRole('button', { name: 'Next month' }))
    expect(await region.findByText('No one is off this month.')).toBeTruthy()
    expect(region.queryByRole('table')).toBeNull()
    await user.click(region.getByRole('button', { name: 'Previous month' }))
    expect(await region.findByRole('table')).toBeTruthy()
  })

  it('lists the month’s days with the days not worked marked, and each day’s holidays and blackouts', () => {
    const november = { start: '2026-11-01', end: '2026-11-30' }
    const calendar = {
      holidays: [
        { date: '2026-11-26', name: 'Thanksgiving', hours: 8 },
        { date: '2026-12-25', name: 'Christmas', hours: 8 },
      ],
      blackouts: [{ date: '2026-11-29', reason: 'Advent begins' }],
    }
    const days = monthDays(november, calendar, DEFAULT_WORKING_DAYS)
    expect(days).toHaveLength(30)
    expect(days.filter((d) => d.blackouts.length).map((d) => d.date)).toEqual(['2026-11-29'])
    // A church that works Tuesday to Sunday: Sundays are working days, Mondays are not.
    const church = monthDays(november, calendar, ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])
    expect(church.filter((d) => d.offDay).map((d) => d.date.slice(8))).toEqual(['02', '09', '16', '23', '30'])
    expect(days.filter((d) => d.offDay).map((d) => d.date.slice(8))).toEqual([
      '01',
      '07',
      '08',
      '14',
      '15',
      '21',
      '22',
      '28',
      '29',
    ])
    expect(days.filter((d) => d.holidays.length).map((d) => [d.date, d.holidays[0]!.name])).toEqual([
      ['2026-11-26', 'Thanksgiving'],
    ])
  })
})
