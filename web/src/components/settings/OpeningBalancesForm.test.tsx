import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { defaultTimeOffPolicies } from '@app/core'
import { makeStaffMember, makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { clearToasts } from '../../../test/toasts.ts'
// Loaded up front, so the router's lazy import is already done when a test starts its clock.
import '../../pages/SettingsPage.tsx'

afterEach(clearToasts)

const supervisor = makeUser({ id: 'sup-1', role: 'supervisor' })
const ada = makeStaffMember()
const volunteer = makeUser({ id: 'vol-1', firstName: 'Vera', lastName: 'Jones', role: 'volunteer' })

const show = (adjustment: (body: Record<string, unknown>) => { status?: number; body: unknown }) => {
  const fetch = mockFetch({
    'GET /api/auth/user': { body: supervisor },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'America/Chicago', weekStartDay: 'monday' },
    },
    'GET /api/time-off/policies': { body: defaultTimeOffPolicies() },
    'PUT /api/time-off/policies': (init) => ({ body: JSON.parse(String(init!.body)) }),
    'GET /api/organization/holidays': { body: { holidays: [], blackouts: [] } },
    'GET /api/employees': { body: [supervisor, ada, volunteer] },
    'POST /api/time-off/adjustments': (init) => adjustment(JSON.parse(String(init!.body)) as Record<string, unknown>),
  })
  return { fetch, user: userEvent.setup(), ...renderApp('/settings/time-off') }
}

const adjustments = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/time-off/adjustments') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>)

describe('Opening balances (Settings → Time off)', () => {
  it('are offered once the policies are saved, and send one adjustment per member and kind with the reason', async () => {
    const { fetch, user } = show(() => ({ body: {} }))
    await user.click(await screen.findByRole('button', { name: 'Save policies' }, { timeout: 5000 }))
    const section = within(await screen.findByRole('region', { name: 'Set opening balances' }))
    // Paid members only: a volunteer earns no leave.
    expect(section.queryByText('Vera Jones')).toBeNull()
    await user.type(section.getByLabelText('Vacation hours for Ada Lovelace'), '24.5')
    await user.type(section.getByLabelText('Sick hours for Ada Lovelace'), '0')
    await user.type(section.getByLabelText('Sick hours for Grace Hopper'), '16')
    await user.clear(section.getByLabelText('Reason'))
    await user.type(section.getByLabelText('Reason'), 'Balances from the old spreadsheet')
    await user.click(section.getByRole('button', { name: 'Save opening balances' }))

    expect(await screen.findByText('2 balances were adjusted.')).toBeTruthy()
    expect(adjustments(fetch)).toEqual([
      { employeeId: 'sup-1', kind: 'sick', hours: 16, reason: 'Balances from the old spreadsheet' },
      { employeeId: 'mem-1', kind: 'vacation', hours: 24.5, reason: 'Balances from the old spreadsheet' },
    ])
    expect(screen.queryByRole('region', { name: 'Set opening balances' })).toBeNull()
  })

  it('says what is wrong before sending anything, and what was sent when the server refuses one', async () => {
    let answered = 0
    const { fetch, user } = show(() =>
      ++answered === 1 ? { body: {} } : { status: 400, body: { message: 'Hours must be between -1000 and 1000' } },
    )
    await user.click(await screen.findByRole('button', { name: 'Set opening balances' }, { timeout: 5000 }))
    const section = within(await screen.findByRole('region', { name: 'Set opening balances' }))
    await user.click(section.getByRole('button', { name: 'Save opening balances' }))
    expect(section.getByText('Enter hours for at least one member.')).toBeTruthy()
    await user.type(section.getByLabelText('Vacation hours for Ada Lovelace'), '8.123')
    await user.click(section.getByRole('button', { name: 'Save opening balances' }))
    expect(section.getByText('Ada Lovelace, Vacation: Hours may have two decimals')).toBeTruthy()
    expect(adjustments(fetch)).toEqual([])

    await user.clear(section.getByLabelText('Vacation hours for Ada Lovelace'))
    await user.type(section.getByLabelText('Vacation hours for Ada Lovelace'), '8')
    await user.type(section.getByLabelText('Personal hours for Ada Lovelace'), '4')
    await user.click(section.getByRole('button', { name: 'Save opening balances' }))
    expect(await screen.findByText('Hours must be between -1000 and 1000')).toBeTruthy()
    // The one sent is cleared, so saving again cannot grant it twice; the refused one stays.
    expect((section.getByLabelText('Vacation hours for Ada Lovelace') as HTMLInputElement).value).toBe('')
    expect((section.getByLabelText('Personal hours for Ada Lovelace') as HTMLInputElement).value).toBe('4')
  })
})
