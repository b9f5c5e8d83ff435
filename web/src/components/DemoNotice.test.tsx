import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { messages } from '@app/core'
import { dismissToast } from '../lib/toast.ts'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'
import { makeStats, makeTimesheet } from '../../test/list-item-fixtures.ts'
import { demoNotice } from './DemoNotice.tsx'

afterEach(() => {
  act(() => dismissToast())
  vi.unstubAllGlobals()
})

const stats = makeStats({ pending: 1, totalTimesheets: 1, activeEmployees: 2 })
const ann = makeTimesheet({ id: 1, status: 'pending' })
const readOnly = { status: 403, body: { message: messages.demoReadOnly } }

/** The dashboard as the demo (or a real) supervisor; every write is refused as the API does in the demo. */
const show = (demo: boolean) => {
  const fetchMock = mockFetch({
    'GET /api/auth/user': { body: { ...makeUser({ role: 'supervisor' }), demo } },
    'GET /api/organization/settings': {
      body: {
        organizationName: 'Demo: Grace Community Church',
        logoUrl: null,
        timeZone: 'UTC',
        weekStartDay: 'monday',
      },
    },
    'GET /api/dashboard/stats': { body: stats },
    'GET /api/timesheets': { body: { items: [ann], cursor: null } },
    'PATCH /api/timesheets/1/status': readOnly,
  })
  const user = userEvent.setup()
  return { fetchMock, user, ...renderApp('/') }
}

describe('DemoNotice', () => {
  it('says under the header that the demo is read-only, with a way to sign up and to switch roles', async () => {
    const { fetchMock } = show(true)
    const notice = await screen.findByRole('region', { name: 'Demo' })
    expect(within(notice).getByText(demoNotice())).toBeTruthy()
    expect(demoNotice()).toBe('You are exploring a read-only demo. Changes are not saved.')
    // The sign-in's callback replaces the demo session with the new account's.
    expect(within(notice).getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/api/login')
    expect(within(notice).getByRole('link', { name: 'Switch role' }).getAttribute('href')).toBe('/demo')
    // Right under the header, in place of the subscription banner (the demo's billing is not the visitor's).
    const header = (await screen.findByText('Virtual Executive Pastor')).closest('header')!
    expect(header.nextElementSibling).toBe(notice)
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull()
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/subscription/status')).toBe(false)
  })

  it('is not shown outside the demo', async () => {
    show(false)
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Demo' })).toBeNull()
    expect(screen.queryByText(demoNotice())).toBeNull()
  })

  it('a write in the demo shows the server’s read-only message in the toast and changes nothing', async () => {
    const { user, fetchMock } = show(true)
    const row = (await screen.findByText('Ann Lee')).closest('tr')!
    await user.click(within(row).getByRole('button', { name: /^Approve/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Review Timesheet Submission' })
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))

    const toast = (await screen.findByText(messages.demoReadOnly)).closest('li')!
    expect(within(toast).getByText('Error')).toBeTruthy()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(1)
    // Not a sign-in problem: no 'Unauthorized', the dialog stays and the week is still pending.
    expect(screen.queryByText('Unauthorized')).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Review Timesheet Submission' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(within(row).getByText('Pending Review')).toBeTruthy()
  })
})
