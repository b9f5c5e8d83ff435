import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ListedTimesheet } from '@app/core'
import { payrollKeys } from '../../api/keys.ts'
import { DECISION_READS } from '../../api/timesheets.ts'
import { mockFetch, writes, type MockAnswer } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { makeTimesheet } from '../../../test/list-item-fixtures.ts'
import { makePayPeriod } from '../../../test/payroll-fixtures.ts'
import { ReviewDialog } from './ReviewDialog.tsx'

afterEach(() => vi.unstubAllGlobals())

function Harness({ timesheet, canSendBack }: { timesheet: ListedTimesheet; canSendBack: boolean }) {
  const [open, setOpen] = useState(true)
  return (
    <ReviewDialog
      target={open ? { timesheet, mode: 'view' } : null}
      onClose={() => setOpen(false)}
      canSendBack={canSendBack}
    />
  )
}

const period = (status: 'open' | 'closed') => ({
  periods: [makePayPeriod({ start: '2026-11-16', end: '2026-11-29', status })],
})

function show({
  status = 'open',
  timesheet = makeTimesheet({ status: 'approved' }),
  canSendBack = true,
  answer,
}: {
  status?: 'open' | 'closed'
  timesheet?: ListedTimesheet
  canSendBack?: boolean
  answer?: MockAnswer
} = {}) {
  const fetchMock = mockFetch({
    'GET /api/payroll/periods': { body: period(status) },
    'POST /api/timesheets/1/send-back': answer ?? { body: { ...timesheet, status: 'rejected' } },
  })
  const user = userEvent.setup()
  const rendered = renderApp('/', <Harness timesheet={timesheet} canSendBack={canSendBack} />)
  return { fetchMock, user, ...rendered }
}

const sendBackButton = () => screen.findByRole('button', { name: 'Send back for correction' })
const sentBodies = (fetchMock: ReturnType<typeof mockFetch>) =>
  writes(fetchMock).map(([url, init]) => [String(url), JSON.parse(String(init?.body))])

describe('Send back for correction', () => {
  it('asks the period holding the week, and offers it on an approved week in no closed period', async () => {
    const { fetchMock } = show()
    expect(await sendBackButton()).toBeTruthy()
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((u) => u.pathname === '/api/payroll/periods')!
    // The week of Nov 16 ends Nov 22: the period ending on or after that day.
    expect(Object.fromEntries(asked.searchParams)).toEqual({ before: '2026-11-23', count: '1' })
  })

  it('is not offered when a closed period holds the week, to a viewer who may not decide, or on a week not approved', async () => {
    const closed = show({ status: 'closed' })
    // The period is read and answered closed: still no button.
    await waitFor(() =>
      expect(
        closed.queryClient
          .getQueryCache()
          .findAll({ queryKey: payrollKeys.periods })
          .some((q) => q.state.status === 'success'),
      ).toBe(true),
    )
    expect(screen.queryByRole('button', { name: 'Send back for correction' })).toBeNull()
    closed.unmount()
    const viewer = show({ canSendBack: false })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: 'Send back for correction' })).toBeNull()
    viewer.unmount()
    show({ timesheet: makeTimesheet({ status: 'pending' }) })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: 'Send back for correction' })).toBeNull()
  })

  it('requires a comment, said on its labelled field, and sends nothing without one', async () => {
    const { user, fetchMock } = show()
    await user.click(await sendBackButton())
    const dialog = await screen.findByRole('dialog', { name: 'Send back for correction' })
    const field = within(dialog).getByRole('textbox', { name: 'What needs correcting' })
    await user.type(field, '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }))
    expect(await within(dialog).findByText('Say what needs correcting: a comment is required')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field)
    expect(field.getAttribute('aria-describedby')).toBeTruthy()
    expect(writes(fetchMock)).toEqual([])
  })

  it('sends the trimmed comment by keyboard, says so, closes and refreshes what a decision refreshes', async () => {
    const { user, fetchMock, queryClient } = show()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    ;(await sendBackButton()).focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Send back for correction' })
    const field = within(dialog).getByRole('textbox', { name: 'What needs correcting' })
    await waitFor(() => expect(document.activeElement).toBe(field))
    await user.keyboard('  Monday was a holiday  ')
    await user.tab()
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
    await user.tab()
    await user.keyboard('{Enter}')
    expect(
      await screen.findByText("Ann Lee's week of Nov 16, 2026 was sent back. They will be notified via email."),
    ).toBeTruthy()
    expect(sentBodies(fetchMock)).toEqual([['/api/timesheets/1/send-back', { comments: 'Monday was a holiday' }]])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey)
    // Every read a decision changes, the period's payroll figures among them.
    expect(keys).toEqual(expect.arrayContaining(DECISION_READS))
    expect(DECISION_READS).toEqual(expect.arrayContaining([payrollKeys.periods, payrollKeys.summaries]))
  })

  it("says the server's refusal in the dialog and keeps it open", async () => {
    const closed = 'The pay period Monday, Nov 16, 2026 to Sunday, Nov 29, 2026 is closed'
    const { user } = show({
      answer: {
        status: 409,
        body: {
          message: closed,
          key: 'periodClosedNamed',
          params: { start: 'Monday, Nov 16, 2026', end: 'Sunday, Nov 29, 2026' },
        },
      },
    })
    await user.click(await sendBackButton())
    const dialog = await screen.findByRole('dialog', { name: 'Send back for correction' })
    await user.type(within(dialog).getByRole('textbox', { name: 'What needs correcting' }), 'Fix Monday')
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }))
    expect(await within(dialog).findByText(closed)).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Send back for correction' })).toBeTruthy()
  })
})
