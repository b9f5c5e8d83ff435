import { describe, expect, it, vi } from 'vitest'
// IndexedDB, which jsdom lacks: the offline copy is queued on the device like any save.
import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Timesheet, TimesheetAnswer, TimesheetPage } from '@app/core'
import { mockFetch, writes } from '../../../test/fetch-mock.ts'
import { employeeReads } from '../../../test/fixtures.ts'
import { renderApp } from '../../../test/render.tsx'
import { makeTimesheet } from '../../../test/timesheet-fixtures.ts'
import { onWednesdayMorning } from '../../../test/week-clock.ts'
import { timesheetKeys } from '../../api/keys.ts'
import { queuedSaves } from '../../offline/offline-db.ts'
import { COPY_UNDO_MS } from './CopyLastWeek.tsx'
import { WeeklyTimesheetDialog } from './WeeklyTimesheetDialog.tsx'

onWednesdayMorning(['Date', 'setInterval', 'clearInterval'])

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const
/** Last week (2026-11-09): Monday to Friday 9:00-17:00, with a note that is never copied. */
const lastWeek = (overrides: Partial<Timesheet> = {}) =>
  makeTimesheet({
    id: 6,
    weekStartDate: '2026-11-09',
    status: 'approved',
    notes: 'last week',
    ...Object.fromEntries(
      WEEKDAYS.flatMap((d) => [
        [`${d}Start`, '09:00'],
        [`${d}End`, '17:00'],
        [`${d}Activity`, 'Office'],
      ]),
    ),
    ...overrides,
  })
const listOf = (...items: TimesheetAnswer[]): TimesheetPage => ({
  items: items.map((t) => ({ ...t, employee: null, totalHours: 0 })),
  cursor: null,
})
const day = (name: string) => within(screen.getByRole('region', { name }))
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>
const copyButton = () => screen.queryByRole('button', { name: /^Copy last week/ })

/** The weekly dialog over a dashboard that has read the member's list (as the dashboard does). */
const openDialog = (sheet: TimesheetAnswer, list: TimesheetPage) => {
  const rendered = renderApp(
    '/',
    <WeeklyTimesheetDialog timesheet={sheet} timeZone="UTC" open onOpenChange={() => undefined} />,
  )
  act(() => {
    rendered.queryClient.setQueryData(timesheetKeys.currentWeek, sheet)
    rendered.queryClient.setQueryData(timesheetKeys.list('all'), { pages: [list], pageParams: [null] })
  })
  return rendered
}

describe('Copy last week in the weekly dialog', () => {
  it('copies on the server into the empty days, leaves a typed day alone, and Undo saves the days back', async () => {
    const calls: string[] = []
    const copied = makeTimesheet({ ...lastWeek(), id: 7, weekStartDate: '2026-11-16', status: 'draft', version: 4 })
    const fetch = mockFetch({
      'POST /api/timesheets/7/copy-last-week': () => {
        calls.push('copy')
        return { body: { ...copied, wednesdayStart: '10:00', wednesdayEnd: '12:00', wednesdayActivity: '' } }
      },
      'PUT /api/timesheets/draft/7': (init) => {
        calls.push('save')
        return { body: makeTimesheet({ ...(body(init) as Partial<Timesheet>), version: 5 }) }
      },
    })
    const user = userEvent.setup()
    openDialog(makeTimesheet({ wednesdayStart: '10:00', wednesdayEnd: '12:00', notes: 'mine' }), listOf(lastWeek()))

    const button = await screen.findByRole('button', {
      name: 'Copy last week: fill Monday, Tuesday, Thursday, Friday from last week',
    })
    await user.click(button)
    expect(await screen.findByText('Copied 4 days from last week (Monday, Tuesday, Thursday, Friday).')).toBeTruthy()
    expect(calls).toEqual(['copy'])
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '09:00')
    expect(day('Friday').getByLabelText('What did you do today?')).toHaveProperty('value', 'Office')
    expect(day('Wednesday').getByLabelText('Start Time')).toHaveProperty('value', '10:00')
    expect(day('Wednesday').getByLabelText('What did you do today?')).toHaveProperty('value', '')
    expect(screen.getByLabelText('Notes (Optional)')).toHaveProperty('value', 'mine')
    expect(screen.getByTestId('week-total').textContent).toBe('34.0 hours')
    expect(copyButton()).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(calls).toEqual(['copy', 'save']))
    const undo = body(fetch.mock.calls.find(([url]) => String(url) === '/api/timesheets/draft/7')![1])
    // Saved at the version the copy answered, with the copied days empty again and Wednesday kept.
    expect(undo).toMatchObject({ version: 4, mondayStart: '', fridayActivity: '', wednesdayStart: '10:00' })
    expect(await screen.findByText('Copy undone.')).toBeTruthy()
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '')
    // Offered again: it would fill something again.
    expect(copyButton()).toBeTruthy()
  })

  it('is offered only when it would fill something', () => {
    mockFetch({})
    const full = Object.fromEntries(WEEKDAYS.map((d) => [`${d}Activity`, 'Here']))
    const { unmount } = openDialog(makeTimesheet(full), listOf(lastWeek()))
    expect(copyButton()).toBeNull()
    unmount()
    // Last week had only a note and a break: nothing to copy.
    const empty = openDialog(
      makeTimesheet(),
      listOf(
        lastWeek({
          ...Object.fromEntries(
            WEEKDAYS.flatMap((d) => [
              [`${d}Start`, ''],
              [`${d}End`, ''],
              [`${d}Activity`, ''],
            ]),
          ),
          mondayBreakMinutes: 30,
        }),
      ),
    )
    expect(copyButton()).toBeNull()
    empty.unmount()
    // Two weeks ago is not last week.
    openDialog(makeTimesheet(), listOf(lastWeek({ weekStartDate: '2026-11-02' })))
    expect(copyButton()).toBeNull()
  })

  it('offline, copies with the same rule and keeps it on the device like any save; Undo is queued after it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const fetch = mockFetch({})
    const user = userEvent.setup()
    openDialog(makeTimesheet({ id: 4343, employeeId: 'copy-offline' }), listOf(lastWeek()))
    await user.click(await screen.findByRole('button', { name: /^Copy last week/ }))
    expect(
      await screen.findByText(
        'Copied 5 days from last week (Monday, Tuesday, Wednesday, Thursday, Friday). Saved on this device — will sync when online.',
      ),
    ).toBeTruthy()
    expect(writes(fetch)).toEqual([])
    let queued = await queuedSaves('copy-offline')
    expect(queued.map((s) => [s.baseVersion, s.days.mondayStart, s.days.fridayEnd, s.days.notes])).toEqual([
      [3, '09:00', '17:00', ''],
    ])

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Copy undone.')).toBeTruthy()
    queued = await queuedSaves('copy-offline')
    expect(queued.map((s) => s.days.mondayStart)).toEqual(['09:00', ''])
  })

  it('takes Undo away after 10 seconds', async () => {
    mockFetch({
      'POST /api/timesheets/7/copy-last-week': {
        body: makeTimesheet({ ...lastWeek(), id: 7, weekStartDate: '2026-11-16', status: 'draft', version: 4 }),
      },
    })
    const user = userEvent.setup()
    openDialog(makeTimesheet(), listOf(lastWeek()))
    await user.click(await screen.findByRole('button', { name: /^Copy last week/ }))
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(COPY_UNDO_MS - 100))
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(200))
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull()
  })

  it('says why when the server has nothing to copy, and keeps the form', async () => {
    mockFetch({
      'POST /api/timesheets/7/copy-last-week': {
        status: 409,
        body: {
          message: 'Nothing to copy: last week has no day with times or an activity for a day that is empty this week',
        },
      },
    })
    const user = userEvent.setup()
    openDialog(makeTimesheet(), listOf(lastWeek()))
    await user.click(await screen.findByRole('button', { name: /^Copy last week/ }))
    expect(await screen.findByText('Could not copy last week')).toBeTruthy()
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '')
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull()
  })
})

describe('Copy last week on the submit page', () => {
  it('reads last week, fills the empty days of the form, Undo empties them again, and Save sends the copy', async () => {
    const fetch = mockFetch({
      ...employeeReads,
      'GET /api/timesheets/current-week': { body: makeTimesheet({ tuesdayActivity: 'Hospital visits' }) },
      'GET /api/timesheets': { body: listOf(makeTimesheet(), lastWeek()) },
      'POST /api/timesheets/save-draft': (init) => ({
        body: makeTimesheet({ ...(body(init) as Partial<Timesheet>), version: 4 }),
      }),
    })
    const user = userEvent.setup()
    renderApp('/submit-timesheet')
    await screen.findByRole('heading', { name: 'Submit Weekly Timesheet' }, { timeout: 10_000 })
    await user.click(
      await screen.findByRole('button', {
        name: 'Copy last week: fill Monday, Wednesday, Thursday, Friday from last week',
      }),
    )
    expect(await screen.findByText('Copied 4 days from last week (Monday, Wednesday, Thursday, Friday).')).toBeTruthy()
    expect(day('Monday').getByLabelText('End Time')).toHaveProperty('value', '17:00')
    expect(day('Tuesday').getByLabelText('Start Time')).toHaveProperty('value', '')
    expect(day('Tuesday').getByLabelText('What did you do today?')).toHaveProperty('value', 'Hospital visits')

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Copy undone.')).toBeTruthy()
    expect(day('Monday').getByLabelText('End Time')).toHaveProperty('value', '')

    // Copied again and saved: the submit page's Save sends the copied days like anything typed.
    await user.click(screen.getByRole('button', { name: /^Copy last week/ }))
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url) === '/api/timesheets/save-draft')).toBe(true),
    )
    const saved = body(fetch.mock.calls.find(([url]) => String(url) === '/api/timesheets/save-draft')![1])
    expect(saved).toMatchObject({
      mondayStart: '09:00',
      tuesdayStart: '',
      tuesdayActivity: 'Hospital visits',
      notes: '',
      version: 3,
    })
  })
})
