import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { GustoPreview, IntegrationSendStatus, IntegrationView, QuickbooksPreview } from '@app/core'
import { makeIntegration, makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { isUnavailable, renderApp } from '../../../test/render.tsx'
import { IntegrationSend, PeriodSends } from './IntegrationSend.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const PERIOD = { start: '2026-11-16', end: '2026-11-29' }
const GUSTO = '/api/payroll/periods/2026-11-16/gusto'
const QUICKBOOKS = '/api/payroll/periods/2026-11-16/quickbooks'

const gustoMember = (
  employeeId: string,
  firstName: string,
  lastName: string,
  extra: Partial<GustoPreview['members'][0]> = {},
) => ({
  employeeId,
  firstName,
  lastName,
  matched: true,
  timeSheets: true,
  regularHours: 80,
  overtimeHours: 0,
  doubleTimeHours: 0,
  vacationHours: 0,
  sickHours: 0,
  personalHours: 0,
  holidayHours: 0,
  ...extra,
})
const gustoPreview = (send: IntegrationSendStatus | null = null): GustoPreview => ({
  ...PERIOD,
  members: [
    gustoMember('ana', 'Ana', 'Diaz', { overtimeHours: 4 }),
    gustoMember('ben', 'Ben', 'Okafor', { regularHours: 72, vacationHours: 8 }),
    gustoMember('cy', 'Cy', 'Park', { matched: false }),
  ],
  timeSheetCount: 19,
  problems: [{ code: 'member-unmatched', person: { employeeId: 'cy', firstName: 'Cy', lastName: 'Park' } }],
  send,
})
const status = (extra: Partial<IntegrationSendStatus> = {}): IntegrationSendStatus => ({
  state: 'sent',
  requestedAt: '2026-11-30T15:00:00.000Z',
  sentAt: '2026-11-30T15:00:05.000Z',
  changedSinceSent: false,
  retryAt: null,
  created: 19,
  updated: 0,
  deleted: 0,
  unchanged: 0,
  payrollSynced: true,
  paidTimeOffSent: true,
  errors: [],
  ...extra,
})
const minutes = (extra: Partial<QuickbooksPreview['members'][0]['minutes']> = {}) => ({
  regular: 0,
  overtime: 0,
  doubleTime: 0,
  vacation: 0,
  sick: 0,
  personal: 0,
  holiday: 0,
  ...extra,
})
const quickbooksPreview = (
  send: IntegrationSendStatus | null = null,
  extra: Partial<QuickbooksPreview> = {},
): QuickbooksPreview => ({
  ...PERIOD,
  closed: true,
  changedSinceSent: false,
  lastSent: null,
  send,
  members: [
    {
      memberId: 'ana',
      name: 'Ana Diaz',
      employee: { id: '55', name: 'Ana Diaz' },
      minutes: minutes({ regular: 4800, overtime: 240 }),
      byCode: [
        { code: 'ops', className: 'General Fund', minutes: 3000 },
        { code: 'unallocated', className: null, minutes: 2040 },
      ],
      records: 14,
    },
    {
      memberId: 'ben',
      name: 'Ben Okafor',
      employee: { id: '56', name: 'Ben Okafor' },
      minutes: minutes({ regular: 4320, vacation: 480 }),
      byCode: [{ code: 'ops', className: 'General Fund', minutes: 4320 }],
      records: 10,
    },
    {
      memberId: 'cy',
      name: 'Cy Park',
      employee: null,
      minutes: minutes({ regular: 600 }),
      byCode: [{ code: 'ops', className: 'General Fund', minutes: 600 }],
      records: 2,
    },
  ],
  ...extra,
})
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)

/** Shows `vendor`'s send for the period and opens its preview; answers the user who clicked. */
const openPreview = async (vendor: 'gusto' | 'quickbooks') => {
  const user = userEvent.setup()
  renderApp('/', <IntegrationSend vendor={vendor} period={PERIOD} />)
  await user.click(screen.getByRole('button', { name: `Preview for ${VENDOR_NAMES[vendor]}` }))
  return user
}
const VENDOR_NAMES = { gusto: 'Gusto', quickbooks: 'QuickBooks Online' } as const

describe('IntegrationSend for Gusto', () => {
  it('previews exactly what is sent per member, names who is not matched, and sends', async () => {
    let sent = false
    const fetch = mockFetch({
      [`GET ${GUSTO}`]: () => ({
        body: gustoPreview(sent ? status({ state: 'queued', sentAt: null, created: 0 }) : null),
      }),
      [`POST ${GUSTO}/send`]: () => {
        sent = true
        return { status: 202, body: status({ state: 'queued', sentAt: null, created: 0 }) }
      },
    })
    const user = userEvent.setup()
    renderApp('/', <IntegrationSend vendor="gusto" period={PERIOD} />)
    expect(fetch).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Preview for Gusto' }))
    const table = within(await screen.findByRole('region', { name: /What Send to Gusto sends/ }))
    expect(cells(table.getByText('Ben Okafor').closest('tr')!)).toEqual([
      'MemberBen Okafor',
      'Regular hours72.00',
      'Overtime hours0.00',
      'Double-time hours0.00',
      'Vacation8.00',
      'Sick0.00',
      'Personal0.00',
      'Holiday0.00',
    ])
    expect(screen.getByText(/19 time sheets/)).toBeTruthy()
    expect(screen.getByText(/Cy Park is not matched to a Gusto employee/)).toBeTruthy()
    expect(
      screen.getByRole('link', { name: 'Match members for Gusto in Settings → Integrations' }).getAttribute('href'),
    ).toBe('/settings/integrations?match=gusto')
    await user.click(screen.getByRole('button', { name: 'Send to Gusto' }))
    expect((await screen.findByRole('status', { name: 'Last send to Gusto' })).textContent).toContain(
      'Queued for Gusto',
    )
    expect(isUnavailable(screen.getByRole('button', { name: 'Sending to Gusto' }))).toBe(true)
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1)
  })

  it("shows the last send: changed since sent, Gusto's words per member, a reconnection", async () => {
    mockFetch({
      [`GET ${GUSTO}`]: {
        body: gustoPreview(
          status({
            state: 'reconnect',
            changedSinceSent: true,
            created: 5,
            errors: [
              {
                person: { employeeId: 'ana', firstName: 'Ana', lastName: 'Diaz' },
                code: 'refused',
                status: 422,
                vendorMessages: ['Employee is not on an active job'],
              },
              { person: null, code: 'pay-period-missing', status: null, vendorMessages: [] },
            ],
          }),
        ),
      },
    })
    await openPreview('gusto')
    const box = await screen.findByRole('status', { name: 'Last send to Gusto' })
    expect(box.textContent).toContain('Gusto asks to be connected again')
    expect(box.textContent).toContain('Changed since sent')
    expect(box.textContent).toContain('Connect Gusto again, then send again.')
    expect(within(box).getByRole('link', { name: 'Settings → Integrations' }).getAttribute('href')).toBe(
      '/settings/integrations',
    )
    expect(box.textContent).toContain('Gusto refused hours of Ana Diaz.')
    expect(box.textContent).toContain('Gusto said: Employee is not on an active job')
    expect(box.textContent).toContain('Gusto has no pay period from Nov 16, 2026 to Nov 29, 2026')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send again to Gusto' }).disabled).toBe(false)
  })

  it("says the server's refusal to send", async () => {
    mockFetch({
      [`GET ${GUSTO}`]: { body: gustoPreview() },
      [`POST ${GUSTO}/send`]: { status: 400, body: { message: 'Close this pay period before sending it' } },
    })
    const user = await openPreview('gusto')
    await user.click(await screen.findByRole('button', { name: 'Send to Gusto' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Close this pay period before sending it')
  })
})

describe('IntegrationSend for QuickBooks Online', () => {
  it('previews hours per member and per code with its class, only matched members counted, and polls a queued send until sent', async () => {
    let reads = 0
    let queued = false
    const fetch = mockFetch({
      'GET /api/organization/allocation-codes': {
        body: { codes: [{ id: 'ops', name: 'Operations', active: true }] },
      },
      [`GET ${QUICKBOOKS}`]: () => {
        reads++
        if (!queued) return { body: quickbooksPreview() }
        // The job picks the send up on the second read after Send, and has sent it on the third.
        const after = reads - 1
        return {
          body: quickbooksPreview(
            after < 2
              ? status({ state: 'queued', sentAt: null, created: 0, payrollSynced: false, paidTimeOffSent: false })
              : status({
                  created: 24,
                  payrollSynced: false,
                  paidTimeOffSent: false,
                  state: 'failed',
                  errors: [
                    {
                      person: { employeeId: 'ben', firstName: 'Ben', lastName: 'Okafor' },
                      code: 'refused',
                      status: 400,
                      date: '2026-11-18',
                      vendorMessages: ['Request has invalid or unsupported property: Hours'],
                    },
                    {
                      person: { employeeId: 'cy', firstName: 'Cy', lastName: 'Park' },
                      code: 'member-unmatched',
                      status: null,
                      vendorMessages: [],
                    },
                  ],
                }),
          ),
        }
      },
      [`POST ${QUICKBOOKS}/send`]: () => {
        queued = true
        reads = 0
        return {
          status: 202,
          body: status({ state: 'queued', sentAt: null, created: 0, payrollSynced: false, paidTimeOffSent: false }),
        }
      },
    })
    const user = await openPreview('quickbooks')
    const table = within(await screen.findByRole('region', { name: /What Send to QuickBooks Online sends/ }))
    expect(cells(table.getByText('Ana Diaz').closest('tr')!)).toEqual([
      'MemberAna DiazBy allocation code: Operations (class General Fund): 50.00 · Unallocated: 34.00',
      'Regular hours80.00',
      'Overtime hours4.00',
      'Double-time hours0.00',
      'Vacation0.00',
      'Sick0.00',
      'Personal0.00',
      'Holiday0.00',
    ])
    expect(cells(table.getByText('Ben Okafor').closest('tr')!)[4]).toBe('Vacation8.00')
    // Cy is not matched: named, and not among the records Send makes (14 + 10).
    expect(screen.getByText('24 time activities (one per member, day, allocation code and kind of pay).')).toBeTruthy()
    expect(table.getByText('Cy Park').closest('tr')!.textContent).toContain('Not matched')
    expect(screen.getByText(/Cy Park is not matched to a QuickBooks Online employee/)).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Send to QuickBooks Online' }))
    const box = await screen.findByRole('status', { name: 'Last send to QuickBooks Online' })
    expect(box.textContent).toContain('Queued for QuickBooks Online')
    await vi.waitFor(() => expect(box.textContent).toContain('Not all of it reached QuickBooks Online'), {
      timeout: 8000,
    })
    expect(box.textContent).toContain('Time activities: 24 created, 0 updated, 0 deleted, 0 unchanged.')
    expect(box.textContent).not.toContain('Payroll sync')
    expect(box.textContent).toContain('QuickBooks Online refused hours of Ben Okafor on Nov 18, 2026.')
    expect(box.textContent).toContain('QuickBooks Online said: Request has invalid or unsupported property: Hours')
    expect(box.textContent).toContain(
      'Cy Park is not matched to a QuickBooks Online employee, so nothing of theirs was sent.',
    )
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1)
  })

  it('marks a period sent, then reopened and closed again, as changed since sent', async () => {
    mockFetch({
      [`GET ${QUICKBOOKS}`]: { body: quickbooksPreview(status({ created: 24 }), { changedSinceSent: true }) },
    })
    await openPreview('quickbooks')
    const box = await screen.findByRole('status', { name: 'Last send to QuickBooks Online' })
    expect(box.textContent).toContain('Sent to QuickBooks Online')
    expect(box.textContent).toContain('Changed since sent')
  })

  it('says when the preview cannot be read, and reads it again on Retry', async () => {
    let fail = true
    mockFetch({
      [`GET ${QUICKBOOKS}`]: () =>
        fail
          ? { status: 503, body: { message: 'QuickBooks Online could not be reached' } }
          : { body: quickbooksPreview(null, { members: [] }) },
    })
    const user = await openPreview('quickbooks')
    expect((await screen.findByRole('alert')).textContent).toContain('QuickBooks Online could not be reached')
    fail = false
    await user.click(screen.getByRole('button', { name: /Retry|Try again/ }))
    expect(
      await screen.findByText('Nobody in this period has hours or paid time off for QuickBooks Online.'),
    ).toBeTruthy()
  })
})

describe('PeriodSends', () => {
  it('shows a panel for a connected vendor, a link for one to connect or reconnect, nothing for one not set up', async () => {
    const list = (quickbooks: Partial<IntegrationView>, gusto: Partial<IntegrationView>) => ({
      body: {
        integrations: [
          makeIntegration('quickbooks', quickbooks),
          makeIntegration('gusto', gusto),
          makeIntegration('planning-center', {}),
        ],
      },
    })
    let answer = list({}, { connected: false })
    mockFetch({ 'GET /api/auth/user': { body: makeUser() }, 'GET /api/integrations': () => answer })
    const { queryClient, unmount } = renderApp('/', <PeriodSends period={PERIOD} />)
    const sends = within(await screen.findByRole('list', { name: 'Send this period to payroll and accounting' }))
    expect(sends.getByRole('button', { name: 'Preview for QuickBooks Online' })).toBeTruthy()
    expect(sends.queryByRole('button', { name: 'Preview for Gusto' })).toBeNull()
    expect(sends.getByTestId('send-notice-gusto').textContent).toBe(
      'Connect Gusto to send this period there: Settings → Integrations',
    )
    expect(sends.getAllByRole('listitem')).toHaveLength(2)

    answer = list({ reconnectNeeded: true }, { configured: false, connected: false })
    await queryClient.invalidateQueries()
    await vi.waitFor(() => expect(screen.queryByTestId('send-notice-gusto')).toBeNull())
    const notice = screen.getByTestId('send-notice-quickbooks')
    expect(notice.textContent).toContain('QuickBooks Online refused the saved connection; connect it again')
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/settings/integrations')
    expect(screen.queryByRole('button', { name: 'Preview for QuickBooks Online' })).toBeNull()
    unmount()
  })

  it('shows nothing to a campus admin: integrations are the whole church’s', async () => {
    const fetch = mockFetch({
      'GET /api/auth/user': { body: makeUser({ campusIds: ['north'] }) },
      'GET /api/integrations': { body: { integrations: [makeIntegration('quickbooks', {})] } },
    })
    renderApp('/', <PeriodSends period={PERIOD} />)
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 100))
    expect(screen.queryByRole('list', { name: 'Send this period to payroll and accounting' })).toBeNull()
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/integrations')
  })

  it('shows nothing when no vendor is set up', async () => {
    const fetch = mockFetch({
      'GET /api/auth/user': { body: makeUser() },
      'GET /api/integrations': {
        body: { integrations: [makeIntegration('quickbooks', { configured: false, connected: false })] },
      },
    })
    renderApp('/', <PeriodSends period={PERIOD} />)
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(screen.queryByRole('list', { name: 'Send this period to payroll and accounting' })).toBeNull()
  })
})
