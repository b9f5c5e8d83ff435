import { describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Timesheet } from '@app/core'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { EmployeeDashboardPanel } from './EmployeeDashboardPanel.tsx'
import { makeTimesheet, serveWeek } from '../../../test/timesheet-fixtures.ts'
import { onWednesdayMorning } from '../../../test/week-clock.ts'

const settings = { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC', weekStartDay: 'monday' }

onWednesdayMorning(['Date', 'setInterval', 'clearInterval'])

const withWeek = (sheet: Timesheet) =>
  mockFetch({
    'GET /api/timesheets/current-week': { body: sheet },
    'GET /api/organization/settings': { body: settings },
  })
const show = () => renderApp('/', <EmployeeDashboardPanel />)
/** The panel on `sheet`'s week: the user (on the fake clock) and the week's card. */
const showWeek = async (sheet: Timesheet) => {
  withWeek(sheet)
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  show()
  return { user, card: within(await screen.findByRole('region', { name: 'Current Week Timesheet' })) }
}

describe('EmployeeDashboardPanel', () => {
  it('says it is loading and already offers Start Timesheet', async () => {
    mockFetch({
      'GET /api/timesheets/current-week': { wait: new Promise(() => {}) },
      'GET /api/organization/settings': { body: settings },
    })
    show()
    expect(screen.getByText('Loading your timesheet...')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Start Timesheet' }).getAttribute('href')).toBe('/submit-timesheet')
  })

  // One current-week card with one primary action (the spec's texts kept).
  it('offers Start Timesheet and today’s Clock In for an empty draft, in the one card', async () => {
    withWeek(makeTimesheet())
    show()
    expect(await screen.findByRole('button', { name: 'Clock In Wednesday' })).toBeTruthy()
    const card = within(screen.getByRole('region', { name: 'Current Week Timesheet' }))
    const start = card.getByRole('link', { name: 'Start Timesheet' })
    expect(start.getAttribute('href')).toBe('/submit-timesheet')
    expect(start.className).not.toContain('bg-green-600')
    expect(card.getByText('Today · Wednesday, Nov 18, 2026')).toBeTruthy()
    expect(screen.getAllByRole('link', { name: 'Start Timesheet' })).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Continue Timesheet' })).toBeNull()
    expect(screen.queryByText('Loading your timesheet...')).toBeNull()
  })

  it('turns into one green Continue Timesheet once a time is in; it opens the dialog', async () => {
    const { user, card } = await showWeek(makeTimesheet({ mondayStart: '09:00', mondayEnd: '12:00' }))
    expect(card.getByText('Draft')).toBeTruthy()
    expect(card.getByText('Week of Nov 16, 2026 - Nov 22, 2026')).toBeTruthy()
    expect(card.getByText('3.0 hours')).toBeTruthy()
    expect(screen.getAllByText('Continue Timesheet')).toHaveLength(1)
    expect(screen.queryByRole('link', { name: 'Start Timesheet' })).toBeNull()
    expect(card.getByRole('link', { name: 'Open the full page' }).getAttribute('href')).toBe('/submit-timesheet')
    const primary = card.getByRole('button', { name: 'Continue Timesheet' })
    expect(primary.className).toContain('bg-green-600')
    await user.click(primary)
    expect(await screen.findByRole('dialog', { name: 'Weekly Timesheet - Nov 16, 2026 - Nov 22, 2026' })).toBeTruthy()
  })

  it('clocks in from the dashboard, saving at once, and then shows the running clock and the card', async () => {
    const { puts } = serveWeek()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    show()
    await user.click(await screen.findByRole('button', { name: 'Clock In Wednesday' }))
    expect(await screen.findByText('Started work at 10:15 on Wednesday')).toBeTruthy()
    expect(puts[0]).toMatchObject({ wednesdayStart: '10:15', version: 3 })

    const thisWeek = within(screen.getByRole('region', { name: 'Current Week Timesheet' }))
    // Counted from the real instant of the Clock In (10:15:30), not from 10:15.
    expect(thisWeek.getByRole('timer').textContent).toBe('00:00:00')
    act(() => vi.advanceTimersByTime(90_000))
    expect(thisWeek.getByRole('timer').textContent).toBe('00:01:30')
    expect(thisWeek.getByRole('button', { name: 'Clock Out Wednesday' })).toBeTruthy()
    expect(await thisWeek.findByRole('button', { name: 'Continue Timesheet' })).toBeTruthy()
  })

  it('shows a submitted week as Pending Review with View Timesheet, read-only, and no clock or Start', async () => {
    const { user, card: thisWeek } = await showWeek(
      makeTimesheet({ status: 'pending', mondayStart: '09:00', submittedAt: '2026-11-17T18:00:00.000Z' }),
    )
    expect(thisWeek.getByText('Pending Review')).toBeTruthy()
    expect(thisWeek.getByText('Submitted on Nov 17, 2026. Your supervisor will review it.')).toBeTruthy()
    expect(screen.queryByRole('timer')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Start Timesheet' })).toBeNull()
    await user.click(thisWeek.getByRole('button', { name: 'View Timesheet' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.queryByRole('button', { name: 'Submit for Approval' })).toBeNull()
    expect(dialog.getByText('This timesheet is Pending Review and can no longer be changed.')).toBeTruthy()
  })

  it('dates an evening submission by the organization’s calendar, not by UTC', async () => {
    mockFetch({
      'GET /api/timesheets/current-week': {
        body: makeTimesheet({ status: 'pending', mondayStart: '09:00', submittedAt: '2026-11-20T01:30:00.000Z' }),
      },
      'GET /api/organization/settings': { body: { ...settings, timeZone: 'America/Chicago' } },
    })
    show()
    // 01:30 UTC on Nov 20 is 19:30 on Nov 19 in Chicago.
    expect(await screen.findByText('Submitted on Nov 19, 2026. Your supervisor will review it.')).toBeTruthy()
  })

  it('shows an approved week', async () => {
    withWeek(makeTimesheet({ status: 'approved', mondayStart: '09:00' }))
    show()
    expect(await screen.findByText('Approved')).toBeTruthy()
    expect(screen.getByText('Your supervisor approved this week’s timesheet.')).toBeTruthy()
  })

  it('shows a rejected week with the supervisor’s comments and a way to fix it', async () => {
    const { user, card: thisWeek } = await showWeek(
      makeTimesheet({ status: 'rejected', mondayStart: '09:00', comments: 'Tuesday is missing' }),
    )
    expect(thisWeek.getByText('Rejected')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Start Timesheet' })).toBeNull()
    expect(thisWeek.getByText('Tuesday is missing')).toBeTruthy()
    await user.click(thisWeek.getByRole('button', { name: 'Edit and Resubmit' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByRole('button', { name: 'Submit for Approval' })).toHaveProperty('disabled', false)
  })

  it('offers a retry when the week cannot be loaded', async () => {
    mockFetch({
      'GET /api/timesheets/current-week': { status: 500, body: { message: 'Internal server error' } },
      'GET /api/organization/settings': { body: settings },
    })
    show()
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('We could not load this week’s timesheet.')
  })
})
