import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { KindBalance } from '@app/core'
import { makeStaffMember } from '../../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { TimeOffSummary } from './TimeOffSummary.tsx'

afterEach(() => vi.restoreAllMocks())

const me = makeStaffMember()
const vacation: KindBalance = {
  kind: 'vacation',
  name: 'Vacation',
  eligible: true,
  accruedHours: 24,
  usedHours: 0,
  scheduledHours: 0,
  availableHours: 24,
  ledger: [],
}

/** The time-off reads, answered by `answer` (which may say the network is down). */
const serve = (answer: () => MockAnswer | null) =>
  mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC' } },
    'GET /api/time-off/balances': () => answer() ?? { body: { employeeId: me.id, balances: [vacation] } },
    'GET /api/time-off': () => answer() ?? { body: { items: [] } },
  })

const card = () => within(screen.getByRole('region', { name: 'Time off' }))

describe('TimeOffSummary on the staff dashboard', () => {
  it('opened offline, reads its balances when the connection comes back', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const fetch = serve(() => (navigator.onLine ? null : { networkError: true }))
    renderApp('/', <TimeOffSummary user={me} />)
    expect(await card().findByText('Loading time off...')).toBeTruthy()

    online.mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    expect((await card().findByRole('listitem', { name: 'Vacation' })).textContent).toContain('24 h')
    expect(card().getByText('No approved time off ahead.')).toBeTruthy()
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/time-off/balances')).toBe(true)
  })

  it('says when its reads failed, and reads them again on Try again', async () => {
    let failing = true
    serve(() => (failing ? { status: 500, body: { message: 'Internal server error' } } : null))
    const user = userEvent.setup()
    renderApp('/', <TimeOffSummary user={me} />)
    expect(await card().findByText('Could not load your time off')).toBeTruthy()
    failing = false
    await user.click(card().getByRole('button', { name: 'Try again' }))
    expect((await card().findByRole('listitem', { name: 'Vacation' })).textContent).toContain('24 h')
    expect(card().queryByText('Could not load your time off')).toBeNull()
  })
})
