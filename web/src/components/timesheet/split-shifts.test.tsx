import { afterEach, describe, expect, it, vi } from 'vitest'
// IndexedDB, which jsdom lacks (the offline save keeps the week there).
import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import type { TimesheetAnswer } from '@app/core'
import { mockFetch, writes } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { daySpans, makeTimesheet, openOffline, serveWeek } from '../../../test/timesheet-fixtures.ts'
import { onWednesdayMorning } from '../../../test/week-clock.ts'
import { dismissToast } from '../../lib/toast.ts'
import { queuedSaves } from '../../offline/offline-db.ts'
import { EmployeeDashboardPanel } from './EmployeeDashboardPanel.tsx'
import { WeeklyTimesheetDialog } from './WeeklyTimesheetDialog.tsx'

/** Split shifts in the weekly dialog and on the dashboard's clock. */

onWednesdayMorning(['Date', 'setInterval', 'clearInterval'])

const open = (sheet: TimesheetAnswer) =>
  renderApp('/', <WeeklyTimesheetDialog timesheet={sheet} timeZone="UTC" open onOpenChange={() => {}} />)
const day = (name: string) => within(screen.getByRole('region', { name }))

/** Types Sunday 08:00-12:00, adds a second range and types 18:00-21:00. */
const typeSplitSunday = async (user: ReturnType<typeof userEvent.setup>) => {
  const sunday = day('Sunday')
  expect(sunday.queryByRole('button', { name: 'Add time range: Sunday' })).toBeNull()
  await user.type(sunday.getByLabelText('Start Time'), '08:00')
  await user.type(sunday.getByLabelText('End Time'), '12:00')
  await user.click(sunday.getByRole('button', { name: 'Add time range: Sunday' }))
  // The new range's start takes the focus.
  await waitFor(() => expect(document.activeElement).toBe(day('Sunday').getByLabelText('Start Time 2')))
  await user.type(day('Sunday').getByLabelText('Start Time 2'), '18:00')
  await user.type(day('Sunday').getByLabelText('End Time 2'), '21:00')
}

/** The dialog offline on member `employeeId`'s blank week (`id`), the week also read as the current one. */
const openBlankOffline = (id: number, employeeId: string) => {
  const fetchMock = mockFetch({})
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  openOffline(open, makeTimesheet({ id, employeeId }))
  return { fetchMock, user }
}

describe('split shifts in the weekly dialog', () => {
  it('adds a second range: the day counts 7.0 hours for 8-12 and 18-21, and the save carries sundaySpans', async () => {
    const { puts } = serveWeek()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet())
    await typeSplitSunday(user)
    expect(screen.getByTestId('week-total').textContent).toBe('7.0 hours')
    expect(day('Sunday').getByText('Paid: 7.0 hours')).toBeTruthy()
    // The break comes off the spans' sum.
    await user.type(day('Sunday').getByLabelText('Unpaid break (minutes)'), '30')
    expect(screen.getByTestId('week-total').textContent).toBe('6.5 hours')

    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    await screen.findByText('Timesheet Saved')
    expect(puts[0]).toMatchObject({
      sundayStart: '08:00',
      sundayEnd: '21:00',
      sundayBreakMinutes: 30,
      sundaySpans: [
        { start: '08:00', end: '12:00' },
        { start: '18:00', end: '21:00' },
      ],
    })
    // Days of one range (or none) carry no spans: their start and end say it all.
    expect(Object.keys(puts[0]!).filter((k) => k.endsWith('Spans'))).toEqual(['sundaySpans'])

    // The saved answer keeps the ranges on screen; Remove takes the second away and saves one range.
    expect(day('Sunday').getByLabelText('Start Time 2')).toHaveProperty('value', '18:00')
    await user.click(day('Sunday').getByRole('button', { name: 'Remove time range 2: Sunday' }))
    expect(day('Sunday').queryByLabelText('Start Time 2')).toBeNull()
    expect(screen.getByTestId('week-total').textContent).toBe('3.5 hours')
    act(() => dismissToast())
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    await screen.findByText('Timesheet Saved')
    expect(puts[1]).toMatchObject({ sundayStart: '08:00', sundayEnd: '12:00' })
    expect(puts[1]!.sundaySpans).toBeUndefined()
  })

  it('shows a split day from the server, and the server’s message on its spans on the day', async () => {
    mockFetch({
      'PUT /api/timesheets/draft/7': {
        status: 400,
        body: {
          message: 'Sunday time ranges must be in order and must not overlap',
          fields: { sundaySpans: 'Sunday time ranges must be in order and must not overlap' },
        },
      },
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet(daySpans('sunday', '08:00-12:00', '18:00-21:00') as Partial<TimesheetAnswer>))
    const sunday = day('Sunday')
    expect(sunday.getByLabelText('Start Time')).toHaveProperty('value', '08:00')
    expect(sunday.getByLabelText('End Time')).toHaveProperty('value', '12:00')
    expect(sunday.getByLabelText('Start Time 2')).toHaveProperty('value', '18:00')
    expect(sunday.getByLabelText('End Time 2')).toHaveProperty('value', '21:00')
    expect(screen.getByTestId('week-total').textContent).toBe('7.0 hours')

    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    const message = await day('Sunday').findByText('Sunday time ranges must be in order and must not overlap', {
      selector: 'p',
    })
    expect(day('Sunday').getByLabelText('Start Time 2').getAttribute('aria-describedby')).toContain(message.id)
    expect(day('Sunday').getByLabelText('Start Time 2').getAttribute('aria-invalid')).toBe('true')
  })

  it('offline, keeps a split day’s spans on the device, and refuses overlapping ranges as the server would', async () => {
    const { fetchMock, user } = openBlankOffline(4343, 'split-member')

    await typeSplitSunday(user)
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await screen.findByText('Saved on this device — will sync when online')).toBeTruthy()
    const queued = await queuedSaves('split-member')
    expect(queued.map((s) => s.days.sundaySpans)).toEqual([
      [
        { start: '08:00', end: '12:00' },
        { start: '18:00', end: '21:00' },
      ],
    ])

    // The second range now starts before the first ends: refused here, on the day, and not kept.
    act(() => dismissToast())
    const second = day('Sunday').getByLabelText('Start Time 2')
    await user.clear(second)
    await user.type(second, '11:00')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await screen.findByText('Save Failed')).toBeTruthy()
    expect(
      day('Sunday').getByText('Sunday time ranges must be in order and must not overlap', { selector: 'p' }),
    ).toBeTruthy()
    expect(await queuedSaves('split-member')).toHaveLength(1)
    expect(writes(fetchMock)).toEqual([])
  })

  it('offline, refuses a day of more than 24 hours as the server would, naming the day, and keeps nothing', async () => {
    const { fetchMock, user } = openBlankOffline(4344, 'long-day-member')
    const sunday = day('Sunday')
    await user.type(sunday.getByLabelText('Start Time'), '00:00')
    await user.type(sunday.getByLabelText('End Time'), '23:58')
    await user.click(sunday.getByRole('button', { name: 'Add time range: Sunday' }))
    await user.type(day('Sunday').getByLabelText('Start Time 2'), '23:58')
    await user.type(day('Sunday').getByLabelText('End Time 2'), '23:57')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await screen.findByText('Save Failed')).toBeTruthy()
    expect(
      day('Sunday').getByText(
        "Sunday time ranges cannot add up to more than 24 hours: the last one must end by the first one's start",
        { selector: 'p' },
      ),
    ).toBeTruthy()
    expect(await queuedSaves('long-day-member')).toEqual([])
    expect(writes(fetchMock)).toEqual([])
  })

  it('Clock In again after Clock Out records a second span; ‘What did you do?’ saves the day’s activity', async () => {
    const { puts } = serveWeek()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet({ wednesdayActivity: 'Office' }))
    const wednesday = () => day('Wednesday')

    await user.click(wednesday().getByRole('button', { name: 'Clock In Wednesday' }))
    await screen.findByText('Started work at 10:15 on Wednesday')
    act(() => vi.advanceTimersByTime(2 * 3600_000))
    await user.click(wednesday().getByRole('button', { name: 'Clock Out Wednesday' }))
    await screen.findByText('Finished work at 12:15 on Wednesday')

    // The prompt, in place, prefilled with the day's activity; Enter saves it.
    const answer = wednesday().getByLabelText('What did you do?')
    expect(answer).toHaveProperty('value', 'Office')
    expect(document.activeElement).toBe(answer)
    await user.clear(answer)
    await user.type(answer, 'Visited the hospital{Enter}')
    await screen.findByText('Activity Saved')
    expect(puts[2]).toMatchObject({ wednesdayActivity: 'Visited the hospital', wednesdayEnd: '12:15' })
    expect(wednesday().queryByLabelText('What did you do?')).toBeNull()
    expect(wednesday().getByLabelText('What did you do today?')).toHaveProperty('value', 'Visited the hospital')
    // The focus goes back to the clock.
    await waitFor(() =>
      expect(document.activeElement).toBe(wednesday().getByRole('button', { name: 'Clock In Wednesday' })),
    )

    act(() => vi.advanceTimersByTime(3600_000))
    await user.click(wednesday().getByRole('button', { name: 'Clock In Wednesday' }))
    await screen.findByText('Started work at 13:15 on Wednesday')
    expect(puts[3]).toMatchObject(daySpans('wednesday', '10:15-12:15', '13:15-'))
    // The running clock counts the second span, from its start.
    expect(wednesday().getByText('Clocked in since 13:15')).toBeTruthy()
    expect(wednesday().getByRole('timer').textContent).toBe('00:00:00')

    act(() => vi.advanceTimersByTime(3600_000))
    await user.click(wednesday().getByRole('button', { name: 'Clock Out Wednesday' }))
    await screen.findByText('Finished work at 14:15 on Wednesday')
    expect(puts[4]).toMatchObject(daySpans('wednesday', '10:15-12:15', '13:15-14:15'))
    expect(wednesday().getByText('Paid: 3.0 hours')).toBeTruthy()
    expect(wednesday().getByLabelText('Start Time 2')).toHaveProperty('value', '13:15')
    // Skip leaves the activity as it is.
    await user.click(wednesday().getByRole('button', { name: 'Skip' }))
    expect(puts).toHaveLength(5)
  })
})

describe('split shifts on the dashboard’s clock', () => {
  it('after Clock Out, asks ‘What did you do?’ and saves the answer; Clock In starts a second span', async () => {
    const { puts } = serveWeek(makeTimesheet({ wednesdayStart: '08:00' }))
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderApp('/', <EmployeeDashboardPanel />)
    await user.click(await screen.findByRole('button', { name: 'Clock Out Wednesday' }))
    await screen.findByText('Finished work at 10:15 on Wednesday')
    const answer = await screen.findByLabelText('What did you do?')
    expect(answer).toHaveProperty('value', '')
    await user.type(answer, 'Sermon preparation')
    await user.click(screen.getByRole('button', { name: 'Save activity' }))
    await screen.findByText('Activity Saved')
    expect(puts[1]).toMatchObject({
      wednesdayStart: '08:00',
      wednesdayEnd: '10:15',
      wednesdayActivity: 'Sermon preparation',
    })
    expect(screen.queryByLabelText('What did you do?')).toBeNull()

    act(() => vi.advanceTimersByTime(3600_000))
    await user.click(await screen.findByRole('button', { name: 'Clock In Wednesday' }))
    await screen.findByText('Started work at 11:15 on Wednesday')
    expect(puts[2]).toMatchObject({
      wednesdaySpans: [
        { start: '08:00', end: '10:15' },
        { start: '11:15', end: '' },
      ],
    })
  })
  it('sends no spans for days that are not split, though the server answers every day’s', async () => {
    const answered = makeTimesheet({
      mondayStart: '09:00',
      mondayEnd: '12:00',
      mondaySpans: [{ start: '09:00', end: '12:00' }],
      tuesdayEnd: '17:00',
      tuesdaySpans: [{ start: '', end: '17:00' }],
      wednesdaySpans: [],
    } as Partial<TimesheetAnswer>)
    const { puts } = serveWeek(answered)
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderApp('/', <EmployeeDashboardPanel />)
    await user.click(await screen.findByRole('button', { name: 'Clock In Wednesday' }))
    await screen.findByText('Started work at 10:15 on Wednesday')
    expect(puts[0]).toMatchObject({ mondayStart: '09:00', tuesdayEnd: '17:00', wednesdayStart: '10:15' })
    expect(Object.keys(puts[0]!).filter((k) => k.endsWith('Spans'))).toEqual([])
  })
})

describe('split shifts in Spanish', () => {
  afterEach(() => i18next.changeLanguage('en'))

  it('names the ranges, their buttons and the question after Clock Out in Spanish', async () => {
    await i18next.changeLanguage('es')
    serveWeek()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet({ sundayStart: '08:00', sundayEnd: '12:00' }))
    const sunday = within(screen.getByRole('region', { name: 'Domingo' }))
    await user.click(sunday.getByRole('button', { name: 'Añadir franja horaria: Domingo' }))
    expect(sunday.getByLabelText('Hora de entrada 2')).toBeTruthy()
    expect(sunday.getByLabelText('Hora de salida 2')).toBeTruthy()
    expect(sunday.getByRole('button', { name: 'Quitar franja horaria 2: Domingo' })).toBeTruthy()

    const wednesday = within(screen.getByRole('region', { name: 'Miércoles' }))
    await user.click(wednesday.getByRole('button', { name: 'Marcar entrada Miércoles' }))
    await user.click(await wednesday.findByRole('button', { name: 'Marcar salida Miércoles' }))
    const answer = await wednesday.findByLabelText('¿Qué hizo?')
    expect(answer.getAttribute('aria-describedby')).toBeTruthy()
    expect(wednesday.getByText('Opcional: se guarda como la actividad del miércoles.')).toBeTruthy()
    expect(wednesday.getByRole('button', { name: 'Guardar actividad' })).toBeTruthy()
    expect(wednesday.getByRole('button', { name: 'Omitir' })).toBeTruthy()
  })
})
