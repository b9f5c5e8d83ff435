import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BulkApproveResult, PendingTimesheets } from '@app/core'
import { makeStats, makeTimesheet } from '../../../test/list-item-fixtures.ts'
import { makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const stats = makeStats({ pending: 2, waitingForMe: 1, totalTimesheets: 2, activeEmployees: 3 })
const mine = {
  ...makeTimesheet({
    id: 11,
    employeeId: 'emp-1',
    employee: { firstName: 'Mia', lastName: 'One', department: 'Youth', profileImageUrl: null },
    approvals: [{ approverId: 'sup-2', onBehalfOfId: null, at: '2026-11-20T10:00:00.000Z' }],
  }),
  waitingForMe: true,
}
const others = {
  ...makeTimesheet({
    id: 12,
    employeeId: 'emp-2',
    employee: { firstName: 'Max', lastName: 'Two', department: 'Worship', profileImageUrl: null },
  }),
  waitingForMe: false,
}

const show = (pending: PendingTimesheets = [mine, others], bulk: BulkApproveResult | null = null) => {
  mockFetch({
    ...(bulk ? { 'POST /api/timesheets/bulk-approve': { body: bulk } } : {}),
    'GET /api/auth/user': { body: makeUser({ role: 'supervisor', id: 'user-1' }) },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC', weekStartDay: 'monday' },
    },
    'GET /api/dashboard/stats': { body: stats },
    'GET /api/timesheets': { body: { items: [], cursor: null } },
    'GET /api/timesheets/pending': { body: pending },
  })
  return { user: userEvent.setup(), ...renderApp('/') }
}

describe('Waiting for me', () => {
  it('opens on the weeks waiting for me, with Everyone one click away, and shows both counts', async () => {
    const { user } = show()
    const mineButton = await screen.findByRole('button', { name: 'Waiting for me (1)' })
    expect(mineButton.getAttribute('aria-pressed')).toBe('true')
    const region = screen.getByRole('region', { name: 'Pending Review' })
    await waitFor(() => expect(within(region).getByText('Mia One')).toBeTruthy())
    expect(within(region).queryByText('Max Two')).toBeNull()
    // The first of two approvals is recorded: still Pending Review, "1 of 2 approvals".
    expect(within(region).getByText('1 of 2 approvals')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Everyone (2)' }))
    expect(within(region).getByText('Max Two')).toBeTruthy()
    expect(within(region).getByText('Mia One')).toBeTruthy()

    const statRow = screen.getByRole('region', { name: 'Timesheet statistics' })
    await within(statRow).findByText('1 waiting for me')
  })

  it('says when nothing waits for me', async () => {
    show([others])
    expect(await screen.findByText('Nothing is waiting for you.')).toBeTruthy()
  })

  it.each([
    [
      { approved: [11, 12], firstApprovals: [11], failed: [] },
      ['Approved 1 timesheet.', 'First approval recorded for 1 timesheet.'],
    ],
    [{ approved: [11, 12], firstApprovals: [11, 12], failed: [] }, ['First approval recorded for 2 timesheets.']],
    [{ approved: [12], firstApprovals: [], failed: [] }, ['Approved 1 timesheet.']],
  ])('says which bulk approvals were final and which only first approvals: %j', async (answer, said) => {
    const { user } = show([mine, others], answer)
    await user.click(await screen.findByRole('button', { name: 'Everyone (2)' }))
    const region = within(screen.getByRole('region', { name: 'Pending Review' }))
    for (const box of region.getAllByRole('checkbox')) await user.click(box)
    await user.click(region.getByRole('button', { name: 'Approve selected (2)' }))
    const outcome = await waitFor(() => {
      const found = region.getAllByRole('status').find((s) => s.textContent)
      expect(found).toBeTruthy()
      return found!
    })
    expect([...outcome.querySelectorAll('p')].map((p) => p.textContent)).toEqual(said)
  })
})
