import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
// IndexedDB, which jsdom lacks (elsewhere the app runs as in a browser without it: online only).
import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import userEvent from '@testing-library/user-event'
import type { Timesheet, TimesheetAnswer } from '@app/core'
import { dismissToast } from '../../lib/toast.ts'
import { mockFetch, writes } from '../../../test/fetch-mock.ts'
import { isUnavailable, renderApp } from '../../../test/render.tsx'
import { makeTimesheet, openOffline } from '../../../test/timesheet-fixtures.ts'
import { onWednesdayMorning } from '../../../test/week-clock.ts'
import { WeeklyTimesheetDialog } from './WeeklyTimesheetDialog.tsx'
import { queuedSaves } from '../../offline/offline-db.ts'

const STALE =
  'This timesheet was changed somewhere else (another device or tab) since you opened it. Reload to see the latest version; nothing was overwritten.'

onWednesdayMorning(['Date', 'setInterval', 'clearInterval'])
beforeEach(() => onOpenChange.mockClear())

const onOpenChange = vi.fn()
const open = (sheet: TimesheetAnswer) =>
  renderApp('/', <WeeklyTimesheetDialog timesheet={sheet} timeZone="UTC" open onOpenChange={onOpenChange} />)
const day = (name: string) => within(screen.getByRole('region', { name }))
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>

const rosa = { id: 'rosa', firstName: 'Rosa', lastName: 'Vega' }
/** Submits a week (with the button named `submit`) whose review emails wait for `waiting` to confirm their addresses. */
const submitWithEmailsHeldFor = async (waiting: (typeof rosa)[], submit: string) => {
  mockFetch({
    'PUT /api/timesheets/draft/7': { body: makeTimesheet({ version: 4 }) },
    'POST /api/timesheets/7/submit': {
      body: { ...makeTimesheet({ status: 'pending', version: 5 }), reviewEmailsHeldFor: waiting },
    },
  })
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  open(makeTimesheet())
  await user.click(screen.getByRole('button', { name: submit }))
}

describe('WeeklyTimesheetDialog', () => {
  it('shows its title, the days in the week’s order, the hint and the week’s total', () => {
    mockFetch({})
    open(makeTimesheet({ mondayStart: '09:00', mondayEnd: '17:30', fridayStart: '22:00', fridayEnd: '02:00' }))
    const dialog = screen.getByRole('dialog', { name: 'Weekly Timesheet - Nov 16, 2026 - Nov 22, 2026' })
    const days = within(dialog)
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-labelledby'))
    expect(days).toEqual([
      'dialog-monday-title',
      'dialog-tuesday-title',
      'dialog-wednesday-title',
      'dialog-thursday-title',
      'dialog-friday-title',
      'dialog-saturday-title',
      'dialog-sunday-title',
    ])
    expect(screen.getByText('You can save your progress and return to complete your timesheet throughout the week.'))
    expect(screen.getByTestId('week-total').textContent).toBe('12.5 hours')
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('value', '09:00')
    expect(day('Monday').getByLabelText('What did you do today?')).toBeTruthy()
    expect(screen.getByLabelText('Notes (Optional)')).toBeTruthy()
  })

  it('offline, saves this week on the device and says so; submitting says it needs a connection', async () => {
    const fetchMock = mockFetch({})
    const user = userEvent.setup()
    openOffline(open, makeTimesheet({ id: 4242, employeeId: 'offline-member' }))
    expect(screen.getByText(/^Submitting needs a connection\./)).toBeTruthy()

    await user.type(day('Tuesday').getByLabelText('Start Time'), '08:00')
    await user.type(day('Tuesday').getByLabelText('End Time'), '12:15')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await screen.findByText('Saved on this device — will sync when online')).toBeTruthy()
    const queued = await queuedSaves('offline-member')
    expect(queued.map((s) => [s.timesheetId, s.baseVersion, s.days.tuesdayStart, s.days.tuesdayEnd])).toEqual([
      [4242, 3, '08:00', '12:15'],
    ])

    act(() => dismissToast())
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }))
    expect(await screen.findByText('Submit Failed')).toBeTruthy()
    expect(writes(fetchMock)).toEqual([])
    expect(onOpenChange).not.toHaveBeenCalled()
    // The submit saved first, on the device too: nothing typed is lost.
    expect((await queuedSaves('offline-member')).length).toBe(2)
  })

  it('opens with today’s card focused', () => {
    mockFetch({})
    open(makeTimesheet())
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Wednesday' }))
  })

  it('lists a Sunday-start week from Sunday', () => {
    mockFetch({})
    open(makeTimesheet({ weekStartDate: '2026-11-15' }))
    const first = screen.getAllByRole('region')[0]!
    expect(first.getAttribute('aria-labelledby')).toBe('dialog-sunday-title')
  })

  it('updates the total as times are typed', async () => {
    mockFetch({})
    const user = userEvent.setup()
    open(makeTimesheet())
    await user.type(day('Tuesday').getByLabelText('Start Time'), '08:00')
    await user.type(day('Tuesday').getByLabelText('End Time'), '12:15')
    expect(screen.getByTestId('week-total').textContent).toBe('4.3 hours')
  })

  it('follows the timer rules on each card and derives the running clock from the start and the wall clock', () => {
    mockFetch({})
    const sheet = makeTimesheet({ mondayStart: '09:00', mondayEnd: '17:30', wednesdayStart: '09:15' })
    const { unmount } = open(sheet)

    expect(day('Monday').getByRole('timer').textContent).toBe('08:30:00')
    expect(day('Monday').queryByRole('button', { name: /^Clock/ })).toBeNull()
    expect(day('Monday').getByRole('button', { name: 'Reset Monday' })).toBeTruthy()

    expect(day('Tuesday').getByRole('timer').textContent).toBe('00:00:00')
    expect(day('Tuesday').queryByRole('button')).toBeNull()

    const wednesday = day('Wednesday')
    expect(wednesday.getByRole('timer').textContent).toBe('01:00:30')
    // The start as the toasts say times, in the reader's convention.
    expect(wednesday.getByText('Clocked in since 09:15')).toBeTruthy()
    expect(wednesday.getByRole('button', { name: 'Clock Out Wednesday' })).toBeTruthy()
    expect(wednesday.getByRole('button', { name: 'Reset Wednesday' })).toBeTruthy()
    expect(wednesday.queryByRole('button', { name: /Clock In/ })).toBeNull()

    act(() => vi.advanceTimersByTime(1000))
    expect(day('Wednesday').getByRole('timer').textContent).toBe('01:00:31')
    act(() => vi.advanceTimersByTime(4000))
    expect(day('Wednesday').getByRole('timer').textContent).toBe('01:00:35')

    // A reload (or a phone waking after two hours asleep): the clock is where the wall clock says.
    unmount()
    vi.setSystemTime(new Date('2026-11-18T12:15:30Z'))
    open(sheet)
    expect(day('Wednesday').getByRole('timer').textContent).toBe('03:00:30')
  })

  it('clocks in, out and resets today, saving each at once with the version it was based on', async () => {
    const puts: Record<string, unknown>[] = []
    let version = 3
    mockFetch({
      'PUT /api/timesheets/draft/7': (init) => {
        const sent = body(init)
        puts.push(sent)
        version += 1
        return { body: makeTimesheet({ ...(sent as Partial<Timesheet>), version }) }
      },
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet())

    await user.click(day('Wednesday').getByRole('button', { name: 'Clock In Wednesday' }))
    expect(await screen.findByText('Started work at 10:15 on Wednesday')).toBeTruthy()
    expect(screen.getByText('Clocked In')).toBeTruthy()
    expect(puts[0]).toMatchObject({ wednesdayStart: '10:15', wednesdayEnd: '', version: 3 })
    expect(day('Wednesday').getByLabelText('Start Time')).toHaveProperty('value', '10:15')
    // Counted from the real instant of the Clock In (10:15:30), not from 10:15.
    expect(day('Wednesday').getByRole('timer').textContent).toBe('00:00:00')
    // The button pressed is now Clock Out, and still has the focus.
    expect(document.activeElement).toBe(day('Wednesday').getByRole('button', { name: 'Clock Out Wednesday' }))

    act(() => vi.advanceTimersByTime(2 * 3600_000))
    await user.click(day('Wednesday').getByRole('button', { name: 'Clock Out Wednesday' }))
    expect(await screen.findByText('Finished work at 12:15 on Wednesday')).toBeTruthy()
    expect(screen.getByText('Clocked Out')).toBeTruthy()
    expect(puts[1]).toMatchObject({ wednesdayStart: '10:15', wednesdayEnd: '12:15', version: 4 })
    expect(day('Wednesday').getByRole('timer').textContent).toBe('02:00:00')
    // After the Clock Out, Clock In again (a second span) and 'What did you do?' in place.
    expect(day('Wednesday').queryByRole('button', { name: 'Clock Out Wednesday' })).toBeNull()
    expect(day('Wednesday').getByRole('button', { name: 'Clock In Wednesday' })).toBeTruthy()
    expect(document.activeElement).toBe(day('Wednesday').getByLabelText('What did you do?'))
    await user.click(day('Wednesday').getByRole('button', { name: 'Skip' }))
    expect(day('Wednesday').queryByLabelText('What did you do?')).toBeNull()
    expect(puts).toHaveLength(2)

    await user.click(day('Wednesday').getByRole('button', { name: 'Reset Wednesday' }))
    expect(await screen.findByText('Cleared time entries for Wednesday')).toBeTruthy()
    expect(screen.getByText('Timer Reset')).toBeTruthy()
    expect(puts[2]).toMatchObject({ wednesdayStart: '', wednesdayEnd: '', version: 5 })
    expect(day('Wednesday').getByRole('button', { name: 'Clock In Wednesday' })).toBeTruthy()
    // Reset went with the times it cleared: the focus is on the day's first time field, not the page.
    expect(day('Wednesday').queryByRole('button', { name: 'Reset Wednesday' })).toBeNull()
    expect(document.activeElement).toBe(day('Wednesday').getByLabelText('Start Time'))
  })

  it('saves as a draft with Saving... while it runs', async () => {
    let answer!: () => void
    const fetch = mockFetch({
      'PUT /api/timesheets/draft/7': (init) => ({
        wait: new Promise<void>((r) => (answer = r)),
        body: makeTimesheet({ ...(body(init) as Partial<Timesheet>), version: 4 }),
      }),
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet())
    await user.type(day('Monday').getByLabelText('What did you do today?'), 'Sermon prep')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))

    const saving = screen.getByRole('button', { name: 'Saving...' })
    expect(isUnavailable(saving)).toBe(true)
    expect(isUnavailable(screen.getByRole('button', { name: 'Submit for Approval' }))).toBe(true)
    answer()
    expect(await screen.findByText('Your timesheet has been saved as a draft')).toBeTruthy()
    expect(screen.getByText('Timesheet Saved')).toBeTruthy()
    // The toast is the save's own callback; the button's label follows once TanStack Query tells its
    // observers, a tick later (a loaded machine's clean-clone run saw it still 'Saving...').
    expect(await screen.findByRole('button', { name: 'Save Timesheet' })).toHaveProperty('disabled', false)
    expect(body(writes(fetch)[0]![1])).toMatchObject({ mondayActivity: 'Sermon prep', version: 3 })
    expect(onOpenChange).not.toHaveBeenCalledWith(false)
  })

  it('submits only after the save succeeded, with the saved version, then closes', async () => {
    const calls: string[] = []
    let answerSubmit!: () => void
    mockFetch({
      'PUT /api/timesheets/draft/7': (init) => {
        calls.push('save')
        return { body: makeTimesheet({ ...(body(init) as Partial<Timesheet>), version: 4 }) }
      },
      'POST /api/timesheets/7/submit': (init) => {
        calls.push(`submit v${String(body(init).version)}`)
        return {
          wait: new Promise<void>((r) => (answerSubmit = r)),
          body: makeTimesheet({ status: 'pending', version: 5 }),
        }
      },
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet())
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }))
    expect(isUnavailable(await screen.findByRole('button', { name: 'Submitting...' }))).toBe(true)
    expect(isUnavailable(screen.getByRole('button', { name: 'Save Timesheet' }))).toBe(true)
    await waitFor(() => expect(calls).toEqual(['save', 'submit v4']))
    answerSubmit()
    expect(await screen.findByText('Your timesheet has been submitted for approval')).toBeTruthy()
    expect(screen.getByText('Timesheet Submitted')).toBeTruthy()
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('names the reviewers whose email waits for their confirmed address, in the submitted toast', async () => {
    await submitWithEmailsHeldFor([rosa, { id: 'sam', firstName: 'Sam', lastName: 'Lee' }], 'Submit for Approval')
    expect(
      await screen.findByText(
        'Your timesheet has been submitted. Rosa Vega and Sam Lee will be emailed to review it once they confirm their email addresses (the emails wait up to 14 days).',
      ),
    ).toBeTruthy()
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('does not submit when the save fails', async () => {
    const fetch = mockFetch({
      'PUT /api/timesheets/draft/7': { status: 400, body: { message: 'Use a 24-hour time like 09:00' } },
      'POST /api/timesheets/7/submit': { body: makeTimesheet({ status: 'pending' }) },
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet())
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }))
    expect(await screen.findByText('Use a 24-hour time like 09:00')).toBeTruthy()
    expect(screen.getByText('Save Failed')).toBeTruthy()
    expect(writes(fetch).map(([url]) => String(url))).toEqual(['/api/timesheets/draft/7'])
    expect(screen.getByRole('button', { name: 'Submit for Approval' })).toHaveProperty('disabled', false)
  })

  it('shows Submit Failed with the server’s message when the submit step fails', async () => {
    mockFetch({
      'PUT /api/timesheets/draft/7': { body: makeTimesheet({ version: 4 }) },
      'POST /api/timesheets/7/submit': { status: 500, body: { message: 'Internal server error' } },
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet())
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }))
    expect(await screen.findByText('Submit Failed')).toBeTruthy()
    expect(screen.getByText('Internal server error')).toBeTruthy()
    expect(onOpenChange).not.toHaveBeenCalledWith(false)
  })

  it('keeps the input on a 409, says why, and reloads the latest version only when asked', async () => {
    mockFetch({
      'PUT /api/timesheets/draft/7': { status: 409, body: { message: STALE } },
      'GET /api/timesheets/current-week': {
        body: makeTimesheet({ version: 9, mondayActivity: 'Saved on the phone' }),
      },
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet())
    const activity = day('Monday').getByLabelText('What did you do today?')
    await user.type(activity, 'Typed on the laptop')
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))

    expect(await screen.findByText('Save Failed')).toBeTruthy()
    expect(screen.getAllByText(STALE).length).toBeGreaterThanOrEqual(1)
    expect(screen.getByRole('alert').textContent).toContain(STALE)
    expect(activity).toHaveProperty('value', 'Typed on the laptop')

    await user.click(screen.getByRole('button', { name: 'Reload latest version' }))
    await waitFor(() =>
      expect(day('Monday').getByLabelText('What did you do today?')).toHaveProperty('value', 'Saved on the phone'),
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })

  // A locked week opens read-only; no disabled Save or Submit offers what cannot be done.
  it('opens a submitted timesheet read-only, says why, and offers only Close', () => {
    mockFetch({})
    open(makeTimesheet({ status: 'pending' }))
    expect(screen.getByText('Pending Review')).toBeTruthy()
    expect(screen.getByText('This timesheet is Pending Review and can no longer be changed.')).toBeTruthy()
    expect(screen.getByText('It was submitted for approval and waits for your supervisor’s review.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save Timesheet' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Submit for Approval' })).toBeNull()
    expect(screen.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0)
    expect(day('Wednesday').queryByRole('button', { name: /Clock In/ })).toBeNull()
    expect(day('Monday').getByLabelText('Start Time')).toHaveProperty('readOnly', true)
  })

  it('lets a rejected timesheet be fixed and shows the supervisor’s comments', () => {
    mockFetch({})
    open(makeTimesheet({ status: 'rejected', comments: 'Please add Tuesday' }))
    expect(screen.getByText('Please add Tuesday')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Submit for Approval' })).toHaveProperty('disabled', false)
  })

  it('refuses to save or submit without a loaded timesheet id', async () => {
    const fetch = mockFetch({})
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    open(makeTimesheet({ id: 0 }))
    await user.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    expect(await screen.findByText('No timesheet to save')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }))
    expect(await screen.findByText('No timesheet to submit')).toBeTruthy()
    expect(writes(fetch)).toEqual([])
  })

  describe('in Spanish', () => {
    afterEach(() => i18next.changeLanguage('en'))

    it('speaks Spanish throughout: title, days, fields, total, actions and the toasts', async () => {
      await i18next.changeLanguage('es')
      mockFetch({
        'PUT /api/timesheets/draft/7': {
          body: makeTimesheet({ mondayStart: '09:00', mondayEnd: '10:00', version: 2 }),
        },
      })
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      open(makeTimesheet({ mondayStart: '09:00', mondayEnd: '10:00' }))
      expect(screen.getByRole('dialog', { name: 'Hoja de horas semanal - 16 nov 2026 - 22 nov 2026' })).toBeTruthy()
      const monday = within(screen.getByRole('region', { name: 'Lunes' }))
      expect(monday.getByLabelText('Hora de entrada')).toHaveProperty('value', '09:00')
      expect(monday.getByLabelText('¿Qué hizo hoy?')).toBeTruthy()
      expect(screen.getByLabelText('Notas (opcional)')).toBeTruthy()
      expect(screen.getByText('Total de horas de esta semana')).toBeTruthy()
      expect(screen.getByTestId('week-total').textContent).toBe('1,0 horas')
      expect(within(screen.getByRole('region', { name: 'Miércoles' })).getByText('Hoy')).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'Guardar hoja de horas' }))
      expect(await screen.findByText('Hoja de horas guardada')).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Enviar para aprobación' })).toBeTruthy()
    })

    it('says in Spanish whose review email waits for a confirmed address', async () => {
      await i18next.changeLanguage('es')
      await submitWithEmailsHeldFor([rosa], 'Enviar para aprobación')
      expect(
        await screen.findByText(
          'Su hoja de horas se envió. Rosa Vega recibirá el correo para revisarla cuando confirme su dirección de correo (el correo espera hasta 14 días).',
        ),
      ).toBeTruthy()
    })

    it('says in Spanish why an approved week cannot be changed', async () => {
      await i18next.changeLanguage('es')
      mockFetch({})
      open(makeTimesheet({ status: 'approved' }))
      expect(screen.getByText('Esta hoja de horas está en estado «Aprobada» y ya no se puede modificar.')).toBeTruthy()
      expect(screen.getByText('Su supervisor ya la aprobó.')).toBeTruthy()
      expect(screen.queryByRole('button', { name: 'Guardar hoja de horas' })).toBeNull()
    })
  })
})
