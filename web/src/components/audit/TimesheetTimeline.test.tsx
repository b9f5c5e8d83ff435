import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { makeEntry } from '../../../test/audit-fixtures.ts'
import { mockFetch, type MockAnswer } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { TimesheetTimeline } from './TimesheetTimeline.tsx'

afterEach(() => vi.unstubAllGlobals())

const history = [
  makeEntry(1, { action: 'timesheet.created', changes: [{ field: 'status', before: null, after: 'draft' }] }),
  makeEntry(2, { changes: [{ field: 'mondayStart', before: '09:00', after: '08:30' }] }),
  makeEntry(3, {
    action: 'timesheet.rejected',
    actor: { userId: 'user-1', firstName: 'Grace', lastName: 'Hopper' },
    changes: [{ field: 'comments', before: null, after: 'Monday is wrong' }],
  }),
  makeEntry(4, {
    action: 'timesheet.approved',
    actor: { userId: 'user-1', firstName: 'Grace', lastName: 'Hopper', via: 'emailLink' },
  }),
]

const show = (answer: MockAnswer | (() => MockAnswer)) => {
  const fetchMock = mockFetch({ 'GET /api/timesheets/1/history': answer })
  const user = userEvent.setup()
  renderApp('/', <TimesheetTimeline timesheetId={1} version={4} />)
  return { fetchMock, user, open: () => user.click(screen.getByText('History')) }
}

describe('TimesheetTimeline', () => {
  it('reads nothing until opened, then lists each step oldest first with its actor and changes', async () => {
    const { fetchMock, open } = show({ body: history })
    expect(fetchMock).not.toHaveBeenCalled()
    await open()
    const list = await screen.findByRole('list', { name: 'Timesheet history, oldest first' })
    const steps = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list)
    expect(steps.map((s) => s.firstElementChild?.textContent)).toEqual([
      'Timesheet created',
      'Timesheet saved',
      'Timesheet rejected',
      'Timesheet approved',
    ])
    expect(steps[1]!.textContent).toContain('Ann Lee')
    expect(steps[1]!.textContent).toContain('Monday start: 09:00 →changed to 08:30')
    expect(steps[2]!.textContent).toContain('Comments: (empty) →changed to Monday is wrong')
    expect(steps[3]!.textContent).toContain('email link of Grace Hopper')
    // Read once (the times also ask for the organization's zone).
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/history'))).toHaveLength(1)
  })

  it('marks the folded heading with a chevron that screen readers skip, the summary still named History', async () => {
    const { open } = show({ body: [] })
    const summary = screen.getByText('History').closest('summary')!
    const marker = summary.querySelector('svg')!
    expect(marker.getAttribute('aria-hidden')).toBe('true')
    expect(marker.getAttribute('class')).toContain('group-open/history:rotate-90')
    expect(summary.textContent).toBe('History')
    expect(summary.className).toContain('min-h-11')
    await open()
    expect(summary.closest('details')!.open).toBe(true)
  })

  it('says when there is nothing yet', async () => {
    const empty = show({ body: [] })
    await empty.open()
    expect(await screen.findByText('No history yet')).toBeTruthy()
  })

  it('offers Try again when the history cannot be read', async () => {
    let answer: MockAnswer = { status: 500, body: { message: 'Internal server error' } }
    const { open, user } = show(() => answer)
    await open()
    expect(await screen.findByText('The history could not be loaded.')).toBeTruthy()
    answer = { body: history }
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Timesheet approved')).toBeTruthy()
  })
})
