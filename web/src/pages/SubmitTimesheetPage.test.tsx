import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Timesheet } from '@app/core'
import { makeTimesheet, daySpans } from '../../test/timesheet-fixtures.ts'
import { onWednesdayMorning } from '../../test/week-clock.ts'
import { browser } from '../lib/browser.ts'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { makeUser, rosaEmailedOnceConfirmed, unconfirmedRosa } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render.tsx'

const STALE =
  'This timesheet was changed somewhere else (another device or tab) since you opened it. Reload to see the latest version; nothing was overwritten.'

onWednesdayMorning()

type Handler = MockAnswer | ((init: RequestInit | undefined, url: URL) => MockAnswer)

/** GET /api/timesheets/week: the member's saved weeks by their start, else the server's unsaved blank week (id 0). */
const savedWeeks =
  (...weeks: Timesheet[]) =>
  (_init: RequestInit | undefined, url: URL): MockAnswer => {
    const start = url.searchParams.get('start') ?? ''
    return {
      body: weeks.find((w) => w.weekStartDate === start) ?? makeTimesheet({ id: 0, version: 0, weekStartDate: start }),
    }
  }

const setup = (
  currentWeek: Handler,
  routes: Record<string, Handler> = {},
  weekStartDay: 'monday' | 'sunday' = 'monday',
) =>
  mockFetch({
    'GET /api/auth/user': { body: makeUser({ role: 'employee' }) },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'UTC', weekStartDay },
    },
    'GET /api/timesheets/current-week': currentWeek,
    'GET /api/timesheets/week': savedWeeks(),
    ...routes,
  })

const open = async () => {
  const result = renderApp('/submit-timesheet')
  // The first test also waits for the lazily loaded shell and page to be transformed.
  await screen.findByRole('heading', { name: 'Submit Weekly Timesheet' }, { timeout: 10_000 })
  return result
}
const day = (name: string) => within(screen.getByRole('region', { name }))
const sent = (fetch: ReturnType<typeof mockFetch>, method: string, url: string) => {
  const call = fetch.mock.calls.find(([u, init]) => String(u) === url && init?.method === method)
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined
}
const draftOf = (init: RequestInit | undefined, extra: Partial<Timesheet> = {}): MockAnswer => ({
  body: makeTimesheet({ ...(JSON.parse(String(init?.body)) as Partial<Timesheet>), ...extra }),
})

/** The page open on a blank week whose submit the server takes (version 5, pending). */
const openToSubmit = async () => {
  const fetch = setup(
    { body: makeTimesheet() },
    { 'POST /api/timesheets': (init) => draftOf(init, { status: 'pending', version: 5 }) },
  )
  const user = userEvent.setup()
  await open()
  return { fetch, user }
}

describe('SubmitTimesheetPage', () => {
  it('picking a week opens that week’s own saved entries, and a week with none blank: nothing is carried', async () => {
    const declined = makeTimesheet({
      id: 7,
      weekStartDate: '2026-11-02',
      status: 'rejected',
      version: 6,
      mondayStart: '08:00',
      mondayEnd: '12:00',
      mondayActivity: 'Hospital visits',
      fridayStart: '13:00',
      fridayEnd: '17:00',
      comments: 'Add Friday’s visit notes, please',
    })
    const fetch = setup(
      { body: makeTimesheet({ saturdayStart: '07:00', saturdayEnd: '09:00', saturdayActivity: 'Kiosk' }) },
      {
        'GET /api/timesheets/week': savedWeeks(declined),
        'POST /api/timesheets': (init) => draftOf(init, { status: 'pending', version: 7 }),
      },
    )
    const user = userEvent.setup()
    await open()
    const week = screen.getByLabelText('Week Starting')
    expect(day('Saturday').getByLabelText('Start Time')).toHaveProperty('value', '07:00')

    await user.selectOptions(week, '2026-11-09')
    await waitFor(() => expect(day('Saturday').getByLabelText('Start Time')).toHaveProperty('value', ''))
    expect(day('Saturday').getByLabelText('What did you do today?')).toHaveProperty('value', '')
    expect(screen.getByTestId('week-total').textContent).toBe('0.0 hours')

    await user.selectOptions(week, '2026-11-02')
    await waitFor(() => expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '08:00'))
    expect(day('Monday').getByLabelText('What did you do today?')).toHaveProperty('value', 'Hospital visits')
    expect(day('Friday').getByLabelText('End Time')).toHaveProperty('value', '17:00')
    expect(day('Saturday').getByLabelText('Start Time')).toHaveProperty('value', '')
    expect(screen.getByTestId('week-total').textContent).toBe('8.0 hours')
    const notice = within(screen.getByRole('region', { name: 'Declined timesheet' }))
    expect(notice.getByText('Add Friday’s visit notes, please')).toBeTruthy()

    await user.type(day('Friday').getByLabelText('What did you do today?'), 'Visit notes')
    await user.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    expect(await screen.findByText('Your weekly timesheet has been submitted for approval.')).toBeTruthy()
    const body = sent(fetch, 'POST', '/api/timesheets')
    expect(body).toMatchObject({
      weekStartDate: '2026-11-02',
      version: 6,
      mondayStart: '08:00',
      fridayActivity: 'Visit notes',
      saturdayStart: '',
    })
  })

  it('opens the week a link names (?week=) with its own saved entries', async () => {
    const declined = makeTimesheet({ id: 7, weekStartDate: '2026-11-02', status: 'rejected', mondayStart: '08:00' })
    setup({ body: makeTimesheet({ mondayStart: '09:00' }) }, { 'GET /api/timesheets/week': savedWeeks(declined) })
    renderApp('/submit-timesheet?week=2026-11-02')
    await screen.findByRole('heading', { name: 'Submit Weekly Timesheet' }, { timeout: 10_000 })
    expect(await screen.findByLabelText('Week Starting')).toHaveProperty('value', '2026-11-02')
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '08:00')
    expect(screen.getByRole('region', { name: 'Declined timesheet' })).toBeTruthy()
  })

  it('says when a picked week could not be read, and reads it again on Retry', async () => {
    let fail = true
    setup(
      { body: makeTimesheet({ mondayStart: '09:00' }) },
      {
        'GET /api/timesheets/week': (init, url) =>
          fail ? { status: 500, body: { message: 'Internal error' } } : savedWeeks()(init, url),
      },
    )
    const user = userEvent.setup()
    await open()
    await user.selectOptions(screen.getByLabelText('Week Starting'), '2026-11-09')
    expect(await screen.findByText('That week could not be loaded. Check your connection and try again.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save Timesheet' })).toBeNull()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', ''))
    expect(screen.getByRole('button', { name: 'Save Timesheet' })).toBeTruthy()
  })

  it('opens the week a reminder links to (?week=), empty when it is not this week’s draft', async () => {
    setup({ body: makeTimesheet({ weekStartDate: '2026-11-16', mondayStart: '09:00', mondayEnd: '17:00' }) })
    renderApp('/submit-timesheet?week=2026-11-09')
    await screen.findByRole('heading', { name: 'Submit Weekly Timesheet' }, { timeout: 10_000 })
    expect(screen.getByLabelText('Week Starting')).toHaveProperty('value', '2026-11-09')
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '')
  })

  it('shows its texts and defaults the week to this week’s start in the organization’s zone and week', async () => {
    setup({ status: 404, body: { message: 'Not found' } }, {}, 'sunday')
    await open()
    expect(screen.getByText('Enter your work hours for each day of the week')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/')
    expect(screen.getByLabelText('Week Starting')).toHaveProperty('value', '2026-11-15')
    expect(screen.getByText('Weeks start on Sunday.')).toBeTruthy()
    const form = within(screen.getByRole('form', { name: 'Weekly timesheet' }))
    const days = form.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))
    expect(days).toEqual([
      'sunday-title',
      'monday-title',
      'tuesday-title',
      'wednesday-title',
      'thursday-title',
      'friday-title',
      'saturday-title',
    ])
    expect(day('Sunday').getByText('Nov 15 ·', { exact: false })).toBeTruthy()
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('type', 'time')
    expect(day('Monday').getByLabelText('End Time')).toHaveProperty('step', '60')
    expect(day('Monday').getByLabelText('What did you do today?')).toBeTruthy()
    expect(screen.getByLabelText('Notes (Optional)')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Save Timesheet' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Submit Timesheet' })).toBeTruthy()
  })

  it('prefills the form from this week’s draft and sends its version with the save', async () => {
    const fetch = setup(
      {
        body: makeTimesheet({ mondayStart: '09:00', mondayEnd: '17:00', mondayActivity: 'Choir', notes: 'Busy week' }),
      },
      { 'POST /api/timesheets/save-draft': (init) => draftOf(init, { version: 4 }) },
    )
    const user = userEvent.setup()
    await open()
    expect(screen.getByLabelText('Week Starting')).toHaveProperty('value', '2026-11-16')
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '09:00')
    expect(day('Monday').getByLabelText('What did you do today?')).toHaveProperty('value', 'Choir')
    expect(screen.getByLabelText('Notes (Optional)')).toHaveProperty('value', 'Busy week')
    expect(screen.getByTestId('week-total').textContent).toBe('8.0 hours')

    await user.type(day('Tuesday').getByLabelText('What did you do today?'), 'Hospital visits')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))

    expect(await screen.findByText('Your timesheet has been saved. You can continue working on it later.')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'))
    expect(sent(fetch, 'POST', '/api/timesheets/save-draft')).toMatchObject({
      weekStartDate: '2026-11-16',
      status: 'draft',
      version: 3,
      mondayStart: '09:00',
      mondayActivity: 'Choir',
      tuesdayActivity: 'Hospital visits',
      notes: 'Busy week',
    })
  })

  // A submitted week opens read-only with its times, and no form offers to edit it.
  it('opens a submitted week read-only, says so, and leaves other weeks open to enter', async () => {
    setup({ body: makeTimesheet({ status: 'pending', mondayStart: '09:00' }) })
    await open()
    expect(screen.getByText('Pending Review')).toBeTruthy()
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '09:00')
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('readOnly', true)
    expect(screen.queryByRole('button', { name: 'Submit Timesheet' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save Timesheet' })).toBeNull()

    fireEvent.change(screen.getByLabelText('Week Starting'), { target: { value: '2026-11-09' } })
    await waitFor(() => expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('readOnly', false))
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '')
    expect(screen.getByRole('button', { name: 'Submit Timesheet' })).toBeTruthy()
  })

  it('shows a declined week’s status and the supervisor’s comments where it is fixed', async () => {
    setup({ body: makeTimesheet({ status: 'rejected', mondayStart: '09:00', comments: 'Add Tuesday, please' }) })
    await open()
    const declined = within(screen.getByRole('region', { name: 'Declined timesheet' }))
    expect(declined.getByText('Rejected')).toBeTruthy()
    expect(declined.getByText('Add Tuesday, please')).toBeTruthy()
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '09:00')
    expect(screen.getByRole('button', { name: 'Submit Timesheet' })).toBeTruthy()
  })

  it('offers only the organization’s week-start days, newest first', async () => {
    setup({ body: makeTimesheet() })
    await open()
    const weeks = within(screen.getByLabelText('Week Starting'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
    expect(weeks[0]).toBe('2026-11-23')
    expect(weeks[1]).toBe('2026-11-16')
    expect(weeks.every((w) => new Date(`${w}T00:00:00Z`).getUTCDay() === 1)).toBe(true)
  })

  it('submits the week with POST /api/timesheets, then goes to the dashboard', async () => {
    const { fetch, user } = await openToSubmit()
    await user.type(day('Friday').getByLabelText('Start Time'), '22:00')
    await user.type(day('Friday').getByLabelText('End Time'), '02:00')
    expect(screen.getByTestId('week-total').textContent).toBe('4.0 hours')
    await user.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    expect(await screen.findByText('Your weekly timesheet has been submitted for approval.')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'))
    const body = sent(fetch, 'POST', '/api/timesheets')
    expect(body).toMatchObject({ weekStartDate: '2026-11-16', version: 3, fridayStart: '22:00', fridayEnd: '02:00' })
    expect(body).not.toHaveProperty('status')
  })

  it('says who will be emailed, and when, when the approver has not confirmed their address yet', async () => {
    setup(
      { body: makeTimesheet() },
      {
        'POST /api/timesheets': (init) =>
          draftOf(init, {
            status: 'pending',
            version: 5,
            reviewEmailsHeldFor: [unconfirmedRosa],
          } as Partial<Timesheet>),
      },
    )
    const user = userEvent.setup()
    await open()
    await user.type(day('Monday').getByLabelText('Start Time'), '09:00')
    await user.type(day('Monday').getByLabelText('End Time'), '12:00')
    await user.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    expect(await screen.findByText(`Your timesheet has been submitted. ${rosaEmailedOnceConfirmed}`)).toBeTruthy()
    expect(screen.queryByText('Your weekly timesheet has been submitted for approval.')).toBeNull()
  })

  it('requires a week start date before sending anything', async () => {
    const fetch = setup({ body: makeTimesheet() })
    const user = userEvent.setup()
    await open()
    const week = screen.getByLabelText('Week Starting')
    fireEvent.change(week, { target: { value: '' } })
    await user.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    expect(screen.getByText('Week start date is required')).toBeTruthy()
    expect(week.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(week)
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([])
  })

  it('shows the server’s field message under Week Starting, keeps the input, and sends the other week’s own version', async () => {
    const message = 'Week start date must be a Monday'
    const fetch = setup(
      { body: makeTimesheet() },
      { 'POST /api/timesheets/save-draft': { status: 400, body: { message, fields: { weekStartDate: message } } } },
    )
    const user = userEvent.setup()
    await open()
    fireEvent.change(screen.getByLabelText('Week Starting'), { target: { value: '2026-11-09' } })
    await screen.findByRole('button', { name: 'Save Timesheet' })
    await user.type(day('Monday').getByLabelText('What did you do today?'), 'Youth night')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))

    const field = await screen.findByText(message, { selector: '#weekStartDate-error' })
    expect(screen.getByLabelText('Week Starting').getAttribute('aria-describedby')).toContain('weekStartDate-error')
    expect(field).toBeTruthy()
    expect(screen.getByText('Error')).toBeTruthy()
    expect(day('Monday').getByLabelText('What did you do today?')).toHaveProperty('value', 'Youth night')
    expect(screen.getByTestId('location').textContent).toBe('/submit-timesheet')
    // Not this week's version (3): the blank week's, 0, so a week saved meanwhile is not overwritten.
    expect(sent(fetch, 'POST', '/api/timesheets/save-draft')).toMatchObject({ weekStartDate: '2026-11-09', version: 0 })
  })

  it('falls back to its own messages when the server gives none', async () => {
    setup(
      { body: makeTimesheet() },
      {
        'POST /api/timesheets': { status: 502, body: '<html>Bad gateway</html>' },
        'POST /api/timesheets/save-draft': { status: 500, body: '' },
      },
    )
    const user = userEvent.setup()
    await open()
    await user.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    expect(await screen.findByText('Failed to submit timesheet')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await screen.findByText('Failed to save timesheet')).toBeTruthy()
  })

  it('keeps the input on a 409 and reloads the latest version when asked', async () => {
    let latest = makeTimesheet({ mondayActivity: 'Old' })
    setup(() => ({ body: latest }), { 'POST /api/timesheets/save-draft': { status: 409, body: { message: STALE } } })
    const user = userEvent.setup()
    await open()
    const activity = day('Monday').getByLabelText('What did you do today?')
    await user.clear(activity)
    await user.type(activity, 'Mine')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain(STALE)
    expect(day('Monday').getByLabelText('What did you do today?')).toHaveProperty('value', 'Mine')

    latest = makeTimesheet({ mondayActivity: 'From the phone', version: 8 })
    await user.click(screen.getByRole('button', { name: 'Reload latest version' }))
    await waitFor(() =>
      expect(day('Monday').getByLabelText('What did you do today?')).toHaveProperty('value', 'From the phone'),
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('fills common shifts and the current time with the quick helper', async () => {
    setup({ body: makeTimesheet() })
    const user = userEvent.setup()
    await open()
    const tuesday = day('Tuesday')
    await user.click(tuesday.getByRole('button', { name: /^9–5/ }))
    expect(tuesday.getByLabelText('Start Time')).toHaveProperty('value', '09:00')
    expect(tuesday.getByLabelText('End Time')).toHaveProperty('value', '17:00')
    expect(screen.getByTestId('week-total').textContent).toBe('8.0 hours')
    await user.click(tuesday.getByRole('button', { name: /^Start now/ }))
    expect(tuesday.getByLabelText('Start Time')).toHaveProperty('value', '10:15')
    await user.click(tuesday.getByRole('button', { name: /^Clear/ }))
    expect(tuesday.getByLabelText('End Time')).toHaveProperty('value', '')
    expect(within(tuesday.getByRole('group', { name: 'Quick times for Tuesday' })).getAllByRole('button')).toHaveLength(
      4,
    )
  })

  it('Clear empties the whole day: times, break, activity and split, so the save is not refused for a lone break', async () => {
    const fetch = setup(
      {
        body: makeTimesheet({
          thursdayStart: '09:00',
          thursdayEnd: '17:00',
          thursdayBreakMinutes: 30,
          thursdayActivity: 'Thanksgiving: office closed',
          thursdayAllocations: [{ code: 'YOUTH', minutes: 450 }],
          fridayStart: '09:00',
          fridayEnd: '12:00',
        }),
      },
      { 'POST /api/timesheets/save-draft': (init) => draftOf(init, { version: 4 }) },
    )
    const user = userEvent.setup()
    await open()
    const thursday = day('Thursday')
    await user.click(thursday.getByRole('button', { name: 'Clear: clear everything entered for Thursday' }))
    expect(thursday.getByLabelText('Start Time')).toHaveProperty('value', '')
    expect(thursday.getByLabelText('Unpaid break (minutes)')).toHaveProperty('value', '')
    expect(thursday.getByLabelText('What did you do today?')).toHaveProperty('value', '')
    expect(thursday.queryByText(/break is longer than the shift/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await screen.findByText('Your timesheet has been saved. You can continue working on it later.')).toBeTruthy()
    expect(sent(fetch, 'POST', '/api/timesheets/save-draft')).toMatchObject({
      thursdayStart: '',
      thursdayEnd: '',
      thursdayBreakMinutes: 0,
      thursdayActivity: '',
      thursdayAllocations: [],
      fridayStart: '09:00',
    })
  })

  it('adds a second time range to a day: 7.0 hours for 8-12 and 18-21, submitted with sundaySpans', async () => {
    const { fetch, user } = await openToSubmit()
    const sunday = day('Sunday')
    await user.type(sunday.getByLabelText('Start Time'), '08:00')
    await user.type(sunday.getByLabelText('End Time'), '12:00')
    await user.click(sunday.getByRole('button', { name: 'Add time range: Sunday' }))
    await user.type(sunday.getByLabelText('Start Time 2'), '18:00')
    await user.type(sunday.getByLabelText('End Time 2'), '21:00')
    expect(sunday.getByText(/7\.0 hours$/)).toBeTruthy()
    expect(screen.getByTestId('week-total').textContent).toBe('7.0 hours')
    await user.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    expect(await screen.findByText('Your weekly timesheet has been submitted for approval.')).toBeTruthy()
    expect(sent(fetch, 'POST', '/api/timesheets')).toMatchObject(daySpans('sunday', '08:00-12:00', '18:00-21:00'))
  })

  it('‘Start now’ after a finished range starts another, and 9–5 makes the day one range again', async () => {
    setup({ body: makeTimesheet({ wednesdayStart: '07:00', wednesdayEnd: '09:00' }) })
    const user = userEvent.setup()
    await open()
    const wednesday = day('Wednesday')
    await user.click(wednesday.getByRole('button', { name: /^Start now/ }))
    expect(wednesday.getByLabelText('Start Time')).toHaveProperty('value', '07:00')
    expect(wednesday.getByLabelText('Start Time 2')).toHaveProperty('value', '10:15')
    await user.click(wednesday.getByRole('button', { name: /^9–5/ }))
    expect(wednesday.queryByLabelText('Start Time 2')).toBeNull()
    expect(wednesday.getByLabelText('End Time')).toHaveProperty('value', '17:00')
  })

  it('sends a signed-out member to the staff login after 500 ms', async () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {})
    vi.spyOn(browser, 'pathname').mockReturnValue('/submit-timesheet')
    setup({ body: makeTimesheet() }, { 'POST /api/timesheets': { status: 401, body: { message: 'Unauthorized' } } })
    const user = userEvent.setup()
    await open()
    await user.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy()
    expect(navigate).not.toHaveBeenCalled()
    await waitFor(() => expect(navigate).toHaveBeenCalledExactlyOnceWith('/staff-login'), { timeout: 2000 })
    expect(screen.queryByText('Error')).toBeNull()
  })
})
