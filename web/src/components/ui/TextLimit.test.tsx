import { afterEach, describe, expect, it, vi } from 'vitest'
import 'fake-indexeddb/auto'
import { useState } from 'react'
import { act, fireEvent, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import userEvent from '@testing-library/user-event'
import { TEXT_LIMITS, type ListedTimesheet, type User } from '@app/core'
import { dismissToast } from '../../lib/toast.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { employeeReads, makeStaffMember, makeUser } from '../../../test/fixtures.ts'
import { makeTimesheet as makeListed } from '../../../test/list-item-fixtures.ts'
import { makePayPeriod } from '../../../test/payroll-fixtures.ts'
import { renderApp } from '../../../test/render.tsx'
import { makeTimesheet } from '../../../test/timesheet-fixtures.ts'
import { onWednesdayMorning } from '../../../test/week-clock.ts'
import { ReopenPeriodDialog } from '../payroll/ReopenPeriodDialog.tsx'
import { ReviewDialog } from '../review/ReviewDialog.tsx'
import { WeeklyTimesheetDialog } from '../timesheet/WeeklyTimesheetDialog.tsx'
import '../../pages/EmployeesPage.tsx'
import '../../pages/SubmitTimesheetPage.tsx'

onWednesdayMorning()
afterEach(async () => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
/** The polite region beside a field: what a screen reader hears without moving. */
const politeNear = (field: HTMLElement) => field.parentElement!.querySelector('[aria-live="polite"]')!.textContent

const writes = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')

describe('text limits on the fields', () => {
  it('the submit page: an activity counts down from 80 % of its limit, and past it says so on the field; nothing is sent', async () => {
    const fetch = mockFetch({
      ...employeeReads,
      'GET /api/timesheets/current-week': { body: makeTimesheet({ weekStartDate: '2026-11-16' }) },
    })
    renderApp('/submit-timesheet')
    await screen.findByRole('heading', { name: 'Submit Weekly Timesheet' }, { timeout: 10_000 })
    const monday = within(screen.getByRole('region', { name: 'Monday' }))
    const activity = monday.getByLabelText('What did you do today?')
    const max = TEXT_LIMITS.activity

    // Well under the limit: no counter, nothing said.
    type(activity, 'a'.repeat(max * 0.8 - 1))
    expect(monday.queryByText(/characters? left/)).toBeNull()
    expect(activity.getAttribute('aria-invalid')).toBeNull()
    expect(politeNear(activity)).toBe('')

    // From 80 %: the count of what is left, read with the field, and announced once.
    type(activity, 'a'.repeat(max * 0.8))
    expect(monday.getByText('400 characters left')).toBeTruthy()
    expect(describedBy(activity)).toEqual(['400 characters left'])
    expect(politeNear(activity)).toBe('Nearly full: at most 2,000 characters')
    type(activity, 'a'.repeat(max - 1))
    expect(monday.getByText('1 character left')).toBeTruthy()
    // Not at every keystroke: the polite region says the same until the state changes.
    expect(politeNear(activity)).toBe('Nearly full: at most 2,000 characters')
    // Spaces around the text do not count (the server trims them).
    type(activity, `  ${'a'.repeat(max)}  `)
    expect(monday.getByText('0 characters left')).toBeTruthy()

    // Past it: the field is invalid, and says by how much.
    type(activity, 'a'.repeat(max + 3))
    expect(activity.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(activity)).toEqual(['3 characters too many: at most 2,000'])
    expect(politeNear(activity)).toBe('Too long: at most 2,000 characters')

    // Saving or submitting sends nothing: the field already says what to fix.
    fireEvent.click(screen.getByRole('button', { name: 'Save Timesheet' }))
    fireEvent.click(screen.getByRole('button', { name: 'Submit Timesheet' }))
    expect((await screen.findAllByText('Some text is too long')).length).toBeGreaterThan(0)
    expect(writes(fetch)).toEqual([])

    // Notes have their own, larger limit.
    const notes = screen.getByLabelText('Notes (Optional)')
    type(notes, 'n'.repeat(TEXT_LIMITS.notes * 0.8))
    expect(describedBy(notes)).toEqual(['1,000 characters left'])
    type(notes, 'n'.repeat(TEXT_LIMITS.notes + 1))
    expect(notes.getAttribute('aria-invalid')).toBe('true')
    // The first render loads the lazy shell and page: room for a loaded machine.
  }, 60_000)

  it('the weekly dialog: the same counter and error, in Spanish too', async () => {
    await i18next.changeLanguage('es')
    const fetch = mockFetch({})
    renderApp(
      '/',
      <WeeklyTimesheetDialog timesheet={makeTimesheet({ id: 7 })} timeZone="UTC" open onOpenChange={() => {}} />,
    )
    const tuesday = within(screen.getByRole('region', { name: 'Martes' }))
    const activity = tuesday.getByLabelText('¿Qué hizo hoy?')
    type(activity, 'a'.repeat(TEXT_LIMITS.activity - 2))
    expect(tuesday.getByText('Quedan 2 caracteres')).toBeTruthy()
    type(activity, 'a'.repeat(TEXT_LIMITS.activity + 1))
    expect(activity.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(activity)).toEqual(['Sobra 1 carácter: como máximo 2000'])
    fireEvent.click(screen.getByRole('button', { name: 'Guardar hoja de horas' }))
    expect((await screen.findAllByText('Hay un texto demasiado largo')).length).toBeGreaterThan(0)
    expect(writes(fetch)).toEqual([])
  })

  it("the supervisor's decline comment: counted, invalid past its limit, and the decision waits until it is shortened", async () => {
    const timesheet: ListedTimesheet = makeListed()
    const fetch = mockFetch({ 'PATCH /api/timesheets/1/status': { body: { ...timesheet } } })
    function Harness() {
      const [open, setOpen] = useState(true)
      return (
        <ReviewDialog
          target={open ? { timesheet, mode: 'reject' } : null}
          onClose={() => setOpen(false)}
          onDecided={() => {}}
        />
      )
    }
    renderApp('/', <Harness />)
    const dialog = within(screen.getByRole('dialog'))
    const comment = dialog.getByLabelText(/Comments/)
    expect(comment.getAttribute('maxlength')).toBeNull()
    type(comment, 'c'.repeat(TEXT_LIMITS.comments * 0.9))
    expect(dialog.getByText('200 characters left')).toBeTruthy()
    type(comment, 'c'.repeat(TEXT_LIMITS.comments + 10))
    expect(comment.getAttribute('aria-invalid')).toBe('true')
    expect(dialog.getByText('10 characters too many: at most 2,000')).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }))
    expect(document.activeElement).toBe(comment)
    expect(writes(fetch)).toEqual([])
    type(comment, 'Please add Tuesday')
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }))
    await vi.waitFor(() => expect(writes(fetch)).toHaveLength(1))
  })

  it('the member form: a department near and past its limit', async () => {
    const supervisor = makeUser({ id: 'sup-1', role: 'supervisor' })
    const ada = makeStaffMember({ payType: 'non-exempt', payrollId: null })
    const fetch = mockFetch({
      'GET /api/auth/user': { body: supervisor },
      'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
      'GET /api/employees': { body: [supervisor, ada] as User[] },
    })
    const user = userEvent.setup()
    renderApp('/employees')
    const table = await screen.findByRole('table', { name: 'Members' }, { timeout: 5000 })
    await user.click(within(table).getByRole('button', { name: 'Edit Ada Lovelace' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Member' }))
    const department = dialog.getByLabelText('Department')
    type(department, 'd'.repeat(TEXT_LIMITS.department - 5))
    expect(describedBy(department)).toEqual(['5 characters left'])
    type(department, 'd'.repeat(TEXT_LIMITS.department + 2))
    expect(department.getAttribute('aria-invalid')).toBe('true')
    expect(dialog.getByText('2 characters too many: at most 100')).toBeTruthy()
    const first = dialog.getByLabelText('First Name')
    type(first, 'f'.repeat(TEXT_LIMITS.firstName - 1))
    expect(describedBy(first)).toEqual(['1 character left'])
    expect(writes(fetch)).toEqual([])
  })

  it("a closed period's reopen reason: counted from the server's limit, no longer cut off by the browser", () => {
    mockFetch({})
    const period = makePayPeriod({
      start: '2026-11-02',
      end: '2026-11-15',
      status: 'closed',
      closedAt: '2026-11-16T12:00:00.000Z',
      closedBy: { firstName: 'Ana', lastName: 'Ruiz' },
    })
    renderApp('/', <ReopenPeriodDialog item={period} onClose={() => {}} />)
    const reason = screen.getByRole('dialog').querySelector('textarea')!
    expect(reason.getAttribute('maxlength')).toBeNull()
    type(reason, 'r'.repeat(TEXT_LIMITS.reason - 100))
    expect(describedBy(reason)).toEqual(['100 characters left'])
    type(reason, 'r'.repeat(TEXT_LIMITS.reason + 1))
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(reason)).toEqual(['1 character too many: at most 500'])
  })
})
