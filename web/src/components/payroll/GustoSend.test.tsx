import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { GustoPreview, GustoSendStatus } from '@app/core'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { GustoSend } from './GustoSend.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const PERIOD = { start: '2026-11-16', end: '2026-11-29' }
const URL = '/api/payroll/periods/2026-11-16/gusto'
const member = (
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
const preview = (send: GustoSendStatus | null = null): GustoPreview => ({
  ...PERIOD,
  members: [
    member('ana', 'Ana', 'Diaz', { overtimeHours: 4 }),
    member('ben', 'Ben', 'Okafor', { regularHours: 72, vacationHours: 8 }),
    member('cy', 'Cy', 'Park', { matched: false }),
  ],
  timeSheetCount: 19,
  problems: [{ code: 'member-unmatched', person: { employeeId: 'cy', firstName: 'Cy', lastName: 'Park' } }],
  send,
})
const status = (extra: Partial<GustoSendStatus> = {}): GustoSendStatus => ({
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

describe('GustoSend', () => {
  it('previews exactly what is sent per member, names who is not matched, and sends', async () => {
    let sent = false
    const fetch = mockFetch({
      [`GET ${URL}`]: () => ({ body: preview(sent ? status({ state: 'queued', sentAt: null, created: 0 }) : null) }),
      [`POST ${URL}/send`]: () => {
        sent = true
        return { status: 202, body: status({ state: 'queued', sentAt: null, created: 0 }) }
      },
    })
    const user = userEvent.setup()
    renderApp('/', <GustoSend period={PERIOD} />)
    expect(fetch).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Preview for Gusto' }))
    const table = within(await screen.findByRole('region', { name: /What Send to Gusto sends/ }))
    const ben = table.getByText('Ben Okafor').closest('tr')!
    expect(
      within(ben)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
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
    await user.click(screen.getByRole('button', { name: 'Send to Gusto' }))
    expect((await screen.findByRole('status', { name: 'Last send to Gusto' })).textContent).toContain(
      'Queued for Gusto',
    )
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sending to Gusto' }).disabled).toBe(true)
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1)
  })

  it("shows the last send: changed since sent, Gusto's words per member, a reconnection", async () => {
    mockFetch({
      [`GET ${URL}`]: {
        body: preview(
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
    const user = userEvent.setup()
    renderApp('/', <GustoSend period={PERIOD} />)
    await user.click(screen.getByRole('button', { name: 'Preview for Gusto' }))
    const box = await screen.findByRole('status', { name: 'Last send to Gusto' })
    expect(box.textContent).toContain('Gusto asks to be connected again')
    expect(box.textContent).toContain('Changed since sent')
    expect(box.textContent).toContain('Connect Gusto again in Settings → Integrations')
    expect(box.textContent).toContain('Gusto refused hours of Ana Diaz.')
    expect(box.textContent).toContain('Gusto said: Employee is not on an active job')
    expect(box.textContent).toContain('Gusto has no pay period from Nov 16, 2026 to Nov 29, 2026')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send again' }).disabled).toBe(false)
  })

  it("says the server's refusal to send", async () => {
    mockFetch({
      [`GET ${URL}`]: { body: preview() },
      [`POST ${URL}/send`]: { status: 409, body: { message: 'Close this pay period before sending it' } },
    })
    const user = userEvent.setup()
    renderApp('/', <GustoSend period={PERIOD} />)
    await user.click(screen.getByRole('button', { name: 'Preview for Gusto' }))
    await user.click(await screen.findByRole('button', { name: 'Send to Gusto' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Close this pay period before sending it')
  })
})
