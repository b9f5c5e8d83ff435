import { describe, expect, it, vi } from 'vitest'
// IndexedDB, which jsdom lacks (the weekly dialog's saves go through the device's queue).
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Timesheet } from '@app/core'
import { renderApp } from '../../../test/render.tsx'
import { makeTimesheet, daySpans, serveWeek } from '../../../test/timesheet-fixtures.ts'
import { onWednesdayMorning } from '../../../test/week-clock.ts'
import { RowFlag, WeekFlags } from '../review/WeekFlags.tsx'
import { EmployeeDashboardPanel } from './EmployeeDashboardPanel.tsx'
import { WeeklyTimesheetDialog } from './WeeklyTimesheetDialog.tsx'

// Wednesday, Nov 18, 2026, 10:15 UTC; the organization's limit is 10 hours.
onWednesdayMorning(['Date', 'setInterval', 'clearInterval'])
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime })

describe('a forgotten clock-out on the dashboard', () => {
  it('asks “Still working?” and “I stopped at …” sets the end offered, the limit’s end, through the member’s save', async () => {
    // Tuesday's clock was started at 20:00 and never stopped: 14 hours ago.
    const { puts } = serveWeek(makeTimesheet({ mondayStart: '09:00', mondayEnd: '12:00', tuesdayStart: '20:00' }))
    renderApp('/', <EmployeeDashboardPanel />)
    const banner = within(await screen.findByRole('region', { name: 'Still working?' }))
    expect(
      banner.getByText('Your clock on Tuesday, Nov 17, 2026 has been running since 20:00, more than 10 hours.'),
    ).toBeTruthy()
    expect((banner.getByLabelText('When you stopped on Tuesday') as HTMLInputElement).value).toBe('06:00')
    // Nothing is saved until the member says so.
    expect(puts).toEqual([])
    await user().click(banner.getByRole('button', { name: 'I stopped at 06:00' }))
    expect(await screen.findByText('Tuesday: 20:00 to 06:00')).toBeTruthy()
    expect(puts).toEqual([
      expect.objectContaining({ tuesdayStart: '20:00', tuesdayEnd: '06:00', mondayEnd: '12:00', version: 3 }),
    ])
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Still working?' })).toBeNull())
  })

  it('on a split day, “I stopped at …” ends the span still running, and the morning keeps its end', async () => {
    const split = daySpans('tuesday', '08:00-12:00', '20:00-')
    const { puts } = serveWeek(makeTimesheet(split))
    renderApp('/', <EmployeeDashboardPanel />)
    const banner = within(await screen.findByRole('region', { name: 'Still working?' }))
    expect(
      banner.getByText('Your clock on Tuesday, Nov 17, 2026 has been running since 20:00, more than 10 hours.'),
    ).toBeTruthy()
    await user().click(banner.getByRole('button', { name: 'I stopped at 06:00' }))
    expect(await screen.findByText('Tuesday: 20:00 to 06:00')).toBeTruthy()
    expect(puts).toEqual([expect.objectContaining(daySpans('tuesday', '08:00-12:00', '20:00-06:00'))])
  })

  it('sets the time the member picks instead', async () => {
    const { puts } = serveWeek(makeTimesheet({ tuesdayStart: '20:00' }))
    renderApp('/', <EmployeeDashboardPanel />)
    const banner = within(await screen.findByRole('region', { name: 'Still working?' }))
    const input = banner.getByLabelText('When you stopped on Tuesday')
    const u = user()
    await u.clear(input)
    await u.type(input, '23:30')
    await u.click(banner.getByRole('button', { name: 'I stopped at 23:30' }))
    await waitFor(() => expect(puts).toEqual([expect.objectContaining({ tuesdayEnd: '23:30' })]))
  })

  it('asks nothing while a clock is within the limit, or once the day has its end', async () => {
    serveWeek(makeTimesheet({ tuesdayStart: '20:00', tuesdayEnd: '23:00', wednesdayStart: '08:00' }))
    renderApp('/', <EmployeeDashboardPanel />)
    expect(await screen.findByRole('button', { name: 'Clock Out Wednesday' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Still working?' })).toBeNull()
  })
})

describe('Clock-out missing in the week', () => {
  it('shows on the day in the weekly dialog, and submitting asks the member to confirm when they stopped', async () => {
    const { fetch } = serveWeek(makeTimesheet({ mondayStart: '09:00', mondayEnd: '12:00', tuesdayStart: '20:00' }))
    renderApp(
      '/',
      <WeeklyTimesheetDialog
        timesheet={makeTimesheet({ mondayStart: '09:00', mondayEnd: '12:00', tuesdayStart: '20:00' })}
        timeZone="UTC"
        open
        onOpenChange={() => {}}
      />,
    )
    const tuesday = within(await screen.findByRole('region', { name: 'Tuesday' }))
    const message = 'Clock-out missing: enter when you stopped (the 10-hour limit was reached at 06:00)'
    expect(await tuesday.findByText(message)).toBeTruthy()
    // Nothing is filled in for the member.
    expect((tuesday.getByLabelText('End Time', { exact: true }) as HTMLInputElement).value).toBe('')
    await user().click(screen.getByRole('button', { name: 'Submit for Approval' }))
    expect(await screen.findByText('Confirm when you stopped')).toBeTruthy()
    expect(
      screen.getByText(
        'Clock-out missing on Tuesday: enter when you stopped, then submit again. Nothing is set for you.',
      ),
    ).toBeTruthy()
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/submit'))).toBe(false)
  })

  it('on a split day, shows on the running range’s end', async () => {
    const split = makeTimesheet({
      tuesdayStart: '08:00',
      tuesdaySpans: [
        { start: '08:00', end: '12:00' },
        { start: '20:00', end: '' },
      ],
    } as Partial<Timesheet>)
    serveWeek(split)
    renderApp('/', <WeeklyTimesheetDialog timesheet={split} timeZone="UTC" open onOpenChange={() => {}} />)
    const tuesday = within(await screen.findByRole('region', { name: 'Tuesday' }))
    const message = await tuesday.findByText(
      'Clock-out missing: enter when you stopped (the 10-hour limit was reached at 06:00)',
    )
    expect(tuesday.getByLabelText('End Time 2').getAttribute('aria-describedby')).toContain(message.id)
    expect(tuesday.getByLabelText('End Time', { exact: true })).toHaveProperty('value', '12:00')
  })

  it('is its own flag in the review dialog and on the dashboard row, and a start within the limit stays “a start and no end”', async () => {
    serveWeek(makeTimesheet())
    const week = makeTimesheet({ tuesdayStart: '20:00', wednesdayStart: '08:00' })
    renderApp(
      '/',
      <>
        <WeekFlags week={week} />
        <RowFlag week={week} />
      </>,
    )
    const flags = within(await screen.findByRole('region', { name: 'Check before approving' }))
    expect(
      await flags.findByText(
        'Tuesday: Clock-out missing (the timer ran past the 10-hour limit and no end time is set)',
      ),
    ).toBeTruthy()
    expect(flags.getByText('Wednesday has a start and no end')).toBeTruthy()
    expect(screen.getByText('2 things to check')).toBeTruthy()
  })
})
