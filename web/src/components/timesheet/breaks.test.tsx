import { describe, expect, it, vi } from 'vitest'
// IndexedDB, which jsdom lacks (the offline save keeps the week there).
import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type Timesheet } from '@app/core'
import { employeeReads } from '../../../test/fixtures.ts'
import { mockFetch, writes } from '../../../test/fetch-mock.ts'
import { queuedSaves } from '../../offline/offline-db.ts'
import { makeTimesheet, openOffline } from '../../../test/timesheet-fixtures.ts'
import { onWednesdayMorning } from '../../../test/week-clock.ts'
import { renderApp } from '../../../test/render.tsx'
import { WeeklyTimesheetDialog } from './WeeklyTimesheetDialog.tsx'
// Loaded up front, so the router's lazy import is already done when a test starts.
import '../../pages/SubmitTimesheetPage.tsx'

onWednesdayMorning()

const day = (name: string) => within(screen.getByRole('region', { name }))
const total = () => screen.getByTestId('week-total').textContent
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>
const sheet = makeTimesheet({ mondayStart: '09:00', mondayEnd: '17:30', tuesdayStart: '22:00', tuesdayEnd: '02:00' })

describe('unpaid breaks in the weekly dialog', () => {
  const open = (timesheet = sheet) =>
    renderApp('/', <WeeklyTimesheetDialog timesheet={timesheet} timeZone="UTC" open onOpenChange={() => {}} />)

  it('counts each day’s break in Total Hours This Week, through core, and saves it', async () => {
    const puts: Record<string, unknown>[] = []
    mockFetch({
      'PUT /api/timesheets/draft/7': (init) => {
        puts.push(body(init))
        return { body: makeTimesheet({ ...(body(init) as Partial<Timesheet>), version: 4 }) }
      },
    })
    const user = userEvent.setup()
    open()
    // No breaks: the spec's total (8.5 + 4 over midnight).
    expect(total()).toBe('12.5 hours')
    const monday = day('Monday').getByLabelText('Unpaid break (minutes)')
    expect(monday).toHaveProperty('value', '')
    await user.type(monday, '45')
    expect(total()).toBe('11.8 hours')
    await user.type(day('Tuesday').getByLabelText('Unpaid break (minutes)'), '30')
    expect(total()).toBe('11.3 hours')

    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await screen.findByText('Your timesheet has been saved as a draft')).toBeTruthy()
    expect(puts[0]).toMatchObject({ mondayBreakMinutes: 45, tuesdayBreakMinutes: 30, wednesdayBreakMinutes: 0 })
  })

  it('says at once when a break is longer than the day’s shift', async () => {
    mockFetch({})
    const user = userEvent.setup()
    open()
    const friday = day('Friday').getByLabelText('Unpaid break (minutes)')
    await user.type(friday, '30')
    expect(day('Friday').getByText('Friday break is longer than the shift')).toBeTruthy()
    expect(friday.getAttribute('aria-invalid')).toBe('true')
    await user.clear(friday)
    expect(day('Friday').queryByText('Friday break is longer than the shift')).toBeNull()
    expect(friday.getAttribute('aria-invalid')).toBeNull()
  })

  it('offline, refuses a break longer than the shift as the server would, naming the day, and keeps nothing', async () => {
    const fetchMock = mockFetch({})
    const user = userEvent.setup()
    openOffline(open, makeTimesheet({ ...sheet, id: 4444, employeeId: 'break-member' }))
    await user.type(day('Friday').getByLabelText('Unpaid break (minutes)'), '30')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await screen.findByText('Save Failed')).toBeTruthy()
    expect(screen.getAllByText('Friday break is longer than the shift').length).toBeGreaterThan(0)
    expect(await queuedSaves('break-member')).toEqual([])
    expect(writes(fetchMock)).toEqual([])
  })

  it('warns, without blocking, when the saved week passes the overtime threshold', async () => {
    mockFetch({})
    const over = makeTimesheet({
      ...sheet,
      payroll: { paidHours: 44, breakMinutes: 60, regularHours: 40, overtimeHours: 4, doubleTimeHours: 0 },
    })
    open(over)
    const notice = screen.getByTestId('overtime-notice')
    expect(notice.textContent).toContain('This week passes the overtime threshold: 4.0 overtime hours as last saved.')
    expect(screen.getByRole('button', { name: 'Submit for Approval' }).hasAttribute('disabled')).toBe(false)
  })

  it('shows no warning for a week within the threshold', () => {
    mockFetch({})
    open()
    expect(screen.queryByTestId('overtime-notice')).toBeNull()
  })
})

describe('unpaid breaks on the submit page', () => {
  it('counts a break in the day’s hours and the week’s total, and sends it', async () => {
    const fetch = mockFetch({
      ...employeeReads,
      'GET /api/timesheets/current-week': { body: sheet },
      'POST /api/timesheets': (init) => ({ body: makeTimesheet({ ...(body(init) as Partial<Timesheet>) }) }),
    })
    const user = userEvent.setup()
    renderApp('/submit-timesheet')
    await screen.findByRole('heading', { name: 'Submit Weekly Timesheet' }, { timeout: 10_000 })
    expect(day('Monday').getByText('8.5 hours')).toBeTruthy()
    expect(total()).toBe('12.5 hours')

    await user.type(day('Monday').getByLabelText('Unpaid break (minutes)'), '30')
    expect(day('Monday').getByText('8.0 hours')).toBeTruthy()
    expect(total()).toBe('12.0 hours')

    await user.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true))
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(body(post[1])).toMatchObject({ weekStartDate: '2026-11-16', mondayBreakMinutes: 30, tuesdayBreakMinutes: 0 })
  })
})
