import { afterEach, describe, expect, it, vi } from 'vitest'
import { daySpans } from '../../../test/timesheet-fixtures.ts'
import { useState } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ListedTimesheet } from '@app/core'
import { dashboardKeys, reportKeys } from '../../api/keys.ts'
import { makeCode } from '../../../test/allocation-fixtures.ts'
import { mockFetch, type MockAnswer, callsBesideTimeOff } from '../../../test/fetch-mock.ts'
import { isUnavailable, renderApp } from '../../../test/render.tsx'
import { makeTimesheet } from '../../../test/list-item-fixtures.ts'
import { ENTERED_OFFLINE_NOTE, ReviewDialog, type ReviewMode } from './ReviewDialog.tsx'

afterEach(() => vi.unstubAllGlobals())

function Harness(props: { timesheet: ListedTimesheet; mode: ReviewMode; onDecided: () => void }) {
  const [open, setOpen] = useState(true)
  return (
    <ReviewDialog
      target={open ? { timesheet: props.timesheet, mode: props.mode } : null}
      onClose={() => setOpen(false)}
      onDecided={props.onDecided}
    />
  )
}

function show(mode: ReviewMode, timesheet = makeTimesheet(), patch?: MockAnswer) {
  const fetchMock = mockFetch({ 'PATCH /api/timesheets/1/status': patch ?? { body: { ...timesheet } } })
  const onDecided = vi.fn()
  const user = userEvent.setup()
  const rendered = renderApp('/', <Harness timesheet={timesheet} mode={mode} onDecided={onDecided} />)
  const dialog = screen.getByRole('dialog')
  return { fetchMock, onDecided, user, dialog, ...rendered }
}

/** The dialog's own buttons, in order, without the corner × (also named Close). */
const footerButtons = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .filter((b) => !b.classList.contains('absolute'))
    .map((b) => b.textContent)

const patchBody = (fetchMock: ReturnType<typeof mockFetch>) =>
  JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')![1]!.body))

const MONDAY_FIRST = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']

describe('ReviewDialog', () => {
  it('tells the supervisor when times were entered offline on the employee’s device, and only then', () => {
    const offline = show('approve', makeTimesheet({ enteredOffline: true }))
    expect(within(offline.dialog).getByText(ENTERED_OFFLINE_NOTE)).toBeTruthy()
    offline.unmount()
    const online = show('approve')
    expect(within(online.dialog).queryByText(ENTERED_OFFLINE_NOTE)).toBeNull()
  })

  it('asks to check a pending week before approving, and a decided one only for a second look', async () => {
    const pending = show('approve')
    expect(within(pending.dialog).getByRole('region', { name: 'Check before approving' })).toBeTruthy()
    pending.unmount()
    const approved = show('view', makeTimesheet({ status: 'approved' }))
    const flags = within(approved.dialog).getByRole('region', { name: 'Worth a second look' })
    expect(within(flags).getByText('Wednesday ends the next day')).toBeTruthy()
    expect(within(approved.dialog).queryByText('Check before approving')).toBeNull()
  })

  it('in view mode shows the whole submission and only Close', async () => {
    const { dialog, user } = show('view')
    expect(within(dialog).getByRole('heading', { name: 'View Timesheet Submission' })).toBeTruthy()
    expect(within(dialog).getByText('Employee').nextSibling?.textContent).toContain('Ann Lee')
    expect(within(dialog).getByText('Youth')).toBeTruthy()
    expect(within(dialog).getByText('Week Starting').nextSibling?.textContent).toBe('Nov 16, 2026')
    expect(within(dialog).getByText('Submitted').nextSibling?.textContent).toBe('Nov 20, 2026')
    expect(within(dialog).getByText('Status').nextSibling?.textContent).toBe('Pending Review')
    expect(within(dialog).getByText('Covered for Sam on Wednesday')).toBeTruthy()
    expect(within(dialog).queryByRole('textbox')).toBeNull()
    expect(within(dialog).queryByText('Previous Comments')).toBeNull()
    expect(footerButtons(dialog)).toEqual(['Close'])
    await user.click(within(dialog).getByText('Close', { selector: 'button' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("unfolds the timesheet's history under Previous Comments, read only when asked", async () => {
    const timesheet = makeTimesheet()
    const fetchMock = mockFetch({
      'GET /api/timesheets/1/history': {
        body: [
          {
            id: 'r1',
            at: '2026-11-16T09:00:00.000Z',
            actor: { userId: 'user-2', firstName: 'Ann', lastName: 'Lee' },
            action: 'timesheet.submitted',
            subject: { type: 'timesheet', id: 1 },
            changes: [{ field: 'status', before: 'draft', after: 'pending' }],
          },
        ],
      },
    })
    const user = userEvent.setup()
    renderApp('/', <Harness timesheet={timesheet} mode="view" onDecided={vi.fn()} />)
    const dialog = screen.getByRole('dialog')
    const history = within(dialog).getByText('History')
    // After the notes and any Previous Comments, before the footer.
    expect(
      within(dialog).getByText('Notes').compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    expect(callsBesideTimeOff(fetchMock)).toEqual([])
    await user.click(history)
    const timeline = await within(dialog).findByRole('list', { name: 'Timesheet history, oldest first' })
    expect(timeline.textContent).toContain('Timesheet submitted')
    expect(timeline.textContent).toContain('Ann Lee')
  })

  it('lists the days in week order from a Monday, with times, hours and activities', () => {
    const { dialog } = show('view')
    const days = within(dialog).getAllByTestId(/^day-/)
    expect(days.map((d) => d.dataset.testid)).toEqual(MONDAY_FIRST.map((d) => `day-${d}`))
    expect(days[0]!.textContent).toContain('Monday Nov 16, 2026')
    expect(days[0]!.textContent).toContain('09:00 - 17:00 (8.0 hours)')
    expect(within(days[0]!).getByText('Daily Activity')).toBeTruthy()
    expect(within(days[0]!).getByText('Sermon prep')).toBeTruthy()
    expect(within(days[1]!).getByText('No hours logged')).toBeTruthy()
    expect(within(days[1]!).queryByText('Daily Activity')).toBeNull()
    // Over midnight: 22:00 to 02:00 is four hours.
    expect(days[2]!.textContent).toContain('22:00 - 02:00 (4.0 hours)')
    expect(days[6]!.textContent).toContain('Sunday Nov 22, 2026')
    expect(within(dialog).getByText('16.5 hours')).toBeTruthy()
  })

  it('shows a split day’s time ranges and counts their sum', () => {
    const split = makeTimesheet(daySpans('sunday', '08:00-12:00', '18:00-21:00') as Partial<ListedTimesheet>)
    const { dialog } = show('view', split)
    const sunday = within(dialog).getByTestId('day-sunday')
    expect(sunday.textContent).toContain('08:00 - 12:00, 18:00 - 21:00 (7.0 hours)')
  })

  it("shows the week's split among ministries and funds read-only, as the member's weekly dialog does", async () => {
    const codes = [makeCode('youth', 'Youth (Grant A)'), makeCode('old', 'Old fund', { active: false })]
    mockFetch({ 'GET /api/organization/allocation-codes': { body: { codes } } })
    const byDay = makeTimesheet({
      mondayAllocations: [
        { code: 'old', minutes: 120 },
        { code: 'youth', minutes: 360 },
      ],
    } as Partial<ListedTimesheet>)
    const rendered = renderApp('/', <Harness timesheet={byDay} mode="approve" onDecided={() => {}} />)
    const monday = within(screen.getByRole('dialog')).getByTestId('day-monday')
    expect(await within(monday).findByText('Old fund 2.0 hours · Youth (Grant A) 6.0 hours')).toBeTruthy()
    expect(within(monday).getByText('Split:')).toBeTruthy()
    expect(within(screen.getByRole('dialog')).getByTestId('day-tuesday').textContent).not.toContain('Split:')
    // Read-only: nothing to change it with.
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: /^Split/ })).toBeNull()
    rendered.unmount()

    const byPercent = makeTimesheet({
      weekAllocationPercent: [
        { code: 'youth', percent: 40 },
        { code: 'unallocated', percent: 60 },
      ],
    } as Partial<ListedTimesheet>)
    renderApp('/', <Harness timesheet={byPercent} mode="view" onDecided={() => {}} />)
    const dialog = within(screen.getByRole('dialog'))
    expect(await dialog.findByText(/Youth \(Grant A\) 40\s?% · Unallocated 60\s?%/)).toBeTruthy()
    expect(dialog.getByText('Week split:')).toBeTruthy()
  })

  it('lists a week that began on a Sunday from Sunday to Saturday', () => {
    const { dialog } = show('view', makeTimesheet({ weekStartDate: '2026-11-15' }))
    const days = within(dialog).getAllByTestId(/^day-/)
    expect(days.map((d) => d.dataset.testid)).toEqual(['sunday', ...MONDAY_FIRST.slice(0, 6)].map((d) => `day-${d}`))
    expect(days[0]!.textContent).toContain('Sunday Nov 15, 2026')
    expect(days[6]!.textContent).toContain('Saturday Nov 21, 2026')
  })

  it('shows No notes, and the earlier decisions as Previous Comments', () => {
    const { dialog } = show(
      'view',
      makeTimesheet({
        notes: '',
        status: 'pending',
        commentHistory: [
          {
            status: 'rejected',
            comment: 'Please add Tuesday',
            byUserId: 'user-1',
            byName: 'Grace Hopper',
            at: '2026-11-21T10:00:00.000Z',
          },
        ],
      }),
    )
    expect(within(dialog).getByText('No notes')).toBeTruthy()
    const previous = within(dialog).getByText('Previous Comments').parentElement!
    expect(within(previous).getByText('Grace Hopper')).toBeTruthy()
    expect(within(previous).getByText('Rejected')).toBeTruthy()
    expect(within(previous).getByText('Please add Tuesday')).toBeTruthy()
    expect(within(previous).getByText(/Nov 21, 2026/)).toBeTruthy()
  })

  it('in approve mode offers a comment box and Cancel, Decline, Approve', () => {
    const { dialog } = show('approve')
    expect(within(dialog).getByRole('heading', { name: 'Review Timesheet Submission' })).toBeTruthy()
    const comments = within(dialog).getByRole('textbox', { name: 'Comments' })
    expect(comments.getAttribute('placeholder')).toBe('Add comments for the employee...')
    expect(comments.getAttribute('rows')).toBe('3')
    expect(footerButtons(dialog)).toEqual(['Cancel', 'Decline', 'Approve'])
  })

  it('in reject mode offers Cancel and Reject', () => {
    const { dialog } = show('reject')
    expect(within(dialog).getByRole('heading', { name: 'Review Timesheet Submission' })).toBeTruthy()
    expect(within(dialog).getByRole('textbox', { name: 'Comments' })).toBeTruthy()
    expect(footerButtons(dialog)).toEqual(['Cancel', 'Reject'])
  })

  it('opens where a keyboard user starts: the Comments box to decide, the title to view', async () => {
    for (const mode of ['approve', 'reject'] as const) {
      const { dialog, unmount } = show(mode)
      await waitFor(() =>
        expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Comments' })),
      )
      unmount()
    }
    const { dialog } = show('view')
    const title = within(dialog).getByRole('heading', { name: 'View Timesheet Submission' })
    await waitFor(() => expect(document.activeElement).toBe(title))
  })

  it("'Review to approve' moves the focus to the Comments box, and closing still returns it to the opener", async () => {
    mockFetch({})
    const user = userEvent.setup()
    const timesheet = makeTimesheet()
    function Opener() {
      const [mode, setMode] = useState<ReviewMode | null>(null)
      return (
        <>
          <button type="button" onClick={() => setMode('view')}>
            View
          </button>
          <ReviewDialog
            target={mode ? { timesheet, mode } : null}
            onClose={() => setMode(null)}
            onReview={() => setMode('approve')}
          />
        </>
      )
    }
    renderApp('/', <Opener />)
    const opener = screen.getByRole('button', { name: 'View' })
    await user.click(opener)
    screen.getByRole('button', { name: 'Review to approve' }).focus()
    await user.keyboard('{Enter}')
    const comments = screen.getByRole('textbox', { name: 'Comments' })
    expect(document.activeElement).toBe(comments)
    // Radix's own focus handling runs on timers after a change: the focus must still be there after them.
    await new Promise((done) => setTimeout(done, 50))
    expect(document.activeElement).toBe(comments)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('Cancel closes without a decision', async () => {
    const { dialog, user, fetchMock } = show('approve')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsBesideTimeOff(fetchMock)).toEqual([])
  })

  it('approves with the comment, says so, and refreshes the lists, pending, stats and reports', async () => {
    const answer = { ...makeTimesheet({ status: 'approved' }), csvDownloadUrl: 'https://files.example/1.csv' }
    const { dialog, user, fetchMock, onDecided, queryClient } = show('approve', makeTimesheet(), { body: answer })
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    await user.type(within(dialog).getByRole('textbox', { name: 'Comments' }), '  Great week  ')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('Timesheet approved! CSV file is ready for download.')).toBeTruthy()
    expect(patchBody(fetchMock)).toEqual({ status: 'approved', comments: 'Great week' })
    expect(onDecided).toHaveBeenCalledWith(answer, 'approved', expect.objectContaining({ id: 1 }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey)
    expect(keys).toEqual(
      expect.arrayContaining([dashboardKeys.timesheets, dashboardKeys.pending, dashboardKeys.stats, reportKeys.all]),
    )
  })

  it('a first approval of two says so, and names the final approver whose email waits for their confirmed address', async () => {
    const pending = { ...makeTimesheet({ status: 'pending' }), csvDownloadUrl: 'https://files.example/1.csv' }
    const asked = show('approve', makeTimesheet(), { body: { ...pending, reviewEmailsHeldFor: [] } })
    await asked.user.click(within(asked.dialog).getByRole('button', { name: 'Approve' }))
    expect(
      await screen.findByText('First approval recorded. The final approver has been asked to approve.'),
    ).toBeTruthy()
    asked.unmount()

    const waiting = [{ id: 'dora', firstName: 'Dora', lastName: 'Final' }]
    const held = show('approve', makeTimesheet(), { body: { ...pending, reviewEmailsHeldFor: waiting } })
    await held.user.click(within(held.dialog).getByRole('button', { name: 'Approve' }))
    expect(
      await screen.findByText(
        'First approval recorded. Dora Final will be emailed to give the final approval once they confirm their email address (the email waits up to 14 days).',
      ),
    ).toBeTruthy()
  })

  it('declines from approve mode', async () => {
    const { dialog, user, fetchMock, onDecided } = show('approve', makeTimesheet(), {
      body: makeTimesheet({ status: 'rejected' }),
    })
    await user.type(within(dialog).getByRole('textbox', { name: 'Comments' }), 'Add Tuesday')
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText('Timesheet declined. Employee will be notified via email.')).toBeTruthy()
    expect(patchBody(fetchMock)).toEqual({ status: 'rejected', comments: 'Add Tuesday' })
    expect(onDecided).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'rejected' }),
      'rejected',
      expect.anything(),
    )
  })

  it('rejects from reject mode', async () => {
    const { dialog, user, fetchMock } = show('reject', makeTimesheet(), { body: makeTimesheet({ status: 'rejected' }) })
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('Timesheet declined. Employee will be notified via email.')).toBeTruthy()
    expect(patchBody(fetchMock)).toEqual({ status: 'rejected', comments: '' })
  })

  it('shows the server’s message when someone decided first (409) and stays open', async () => {
    const { dialog, user, onDecided } = show('approve', makeTimesheet(), {
      status: 409,
      body: { message: 'This timesheet has already been approved' },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('This timesheet has already been approved')).toBeTruthy()
    expect(screen.getByText('Error')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(false)
    expect(onDecided).not.toHaveBeenCalled()
  })

  it('falls back to a generic message when the server says nothing useful', async () => {
    const { dialog, user } = show('reject', makeTimesheet(), { status: 502, body: '<html>Bad gateway</html>' })
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('Failed to update timesheet status')).toBeTruthy()
  })

  it('disables the buttons while the decision is on its way', async () => {
    let answer!: () => void
    const { dialog, user } = show('approve', makeTimesheet(), {
      body: makeTimesheet({ status: 'approved' }),
      wait: new Promise<void>((r) => (answer = r)),
    })
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    expect(await within(dialog).findByRole('button', { name: 'Approving...' })).toBeTruthy()
    for (const name of ['Cancel', 'Decline', 'Approving...']) {
      expect(isUnavailable(within(dialog).getByRole('button', { name }))).toBe(true)
    }
    answer()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
