import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { defaultTimeOffPolicies, type Role } from '@app/core'
import { makeEntry } from '../../test/audit-fixtures.ts'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'
import { captureDownloads } from '../../test/downloads.ts'
// Loaded up front, so the router's lazy page is ready at once.
import './ActivityPage.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const firstPage = [
  makeEntry(3, {
    action: 'member.removed',
    actor: { userId: 'user-1', firstName: 'Grace', lastName: 'Hopper' },
    subject: { type: 'member', id: 'user-9', name: 'Lee Moss' },
    changes: [{ field: 'campusId', before: 'north', after: null }],
  }),
  makeEntry(2, {
    action: 'signIn.succeeded',
    subject: { type: 'member', id: 'user-2', name: 'Ann Lee' },
    client: { address: '203.0.113.7', userAgent: 'Mozilla/5.0' },
  }),
]
const secondPage = [
  makeEntry(1, {
    action: 'settings.changed',
    actor: { userId: 'user-1', firstName: '=HYPERLINK("x")', lastName: 'Hopper' },
    subject: { type: 'organization' },
    changes: [{ field: 'name', before: 'Grace', after: '+Grace Chapel' }],
  }),
]

/** Answers the pages by cursor, and records every URL the page asked for. */
function show({ role = 'supervisor', audit }: { role?: Role; audit?: MockAnswer } = {}) {
  const urls: URL[] = []
  const fetchMock = mockFetch({
    'GET /api/auth/user': { body: makeUser({ role }) },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'America/Chicago', weekStartDay: 'monday' },
    },
    'GET /api/employees': {
      body: [makeUser(), makeUser({ id: 'user-2', firstName: 'Ann', lastName: 'Lee', role: 'employee' })],
    },
    'GET /api/organization/campuses': {
      body: { campuses: [{ id: 'north', name: 'North Campus', address: '', active: true }] },
    },
    'GET /api/audit': () => {
      const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost')
      urls.push(url)
      if (audit) return audit
      return url.searchParams.get('cursor')
        ? { body: { items: secondPage, cursor: null } }
        : { body: { items: firstPage, cursor: 'next-page' } }
    },
  })
  const user = userEvent.setup()
  return { fetchMock, urls, user, ...renderApp('/activity') }
}

/** jsdom's Blob has no text(); FileReader reads it. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })

const shownActions = () =>
  within(screen.getByRole('region', { name: 'Activity, newest first' }))
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.tagName === 'OL')
    .map((li) => li.firstElementChild?.textContent)

describe('ActivityPage', () => {
  it('lists the records newest first with who, what and from where, and loads more with the cursor', async () => {
    const { user, urls } = show()
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeTruthy()
    await screen.findByText('Member removed')
    expect(shownActions()).toEqual(['Member removedLee Moss', 'Signed inAnn Lee'])
    expect(screen.getByText('From 203.0.113.7 · Mozilla/5.0')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await screen.findByText('Settings changed')
    expect(urls.at(-1)!.searchParams.get('cursor')).toBe('next-page')
    expect(shownActions()).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('names the person and the week or days a timesheet or time-off record is about, not their ids', async () => {
    show({
      audit: {
        body: {
          items: [
            makeEntry(3, {
              action: 'timesheet.approved',
              subject: {
                type: 'timesheet',
                id: 10,
                employeeId: 'user-7',
                weekStartDate: '2026-11-16',
                employeeName: 'Ruth Okafor',
              },
            }),
            makeEntry(2, {
              action: 'timeOff.approved',
              subject: { type: 'member', id: 'user-7', name: 'Ruth Okafor' },
              changes: [
                { field: 'request', before: null, after: 'b8f0c3d2-0000-4000-8000-000000000001' },
                { field: 'kind', before: null, after: 'vacation' },
                { field: 'dates', before: null, after: '2026-12-24 – 2026-12-26' },
                { field: 'status', before: 'pending', after: 'approved' },
              ],
            }),
            // A record from before records said whose week: its number, as before.
            makeEntry(1, { action: 'timesheet.submitted', subject: { type: 'timesheet', id: 9 } }),
          ],
          cursor: null,
        },
      },
    })
    await screen.findByText('Timesheet approved')
    expect(shownActions()).toEqual([
      'Timesheet approvedRuth Okafor, week of Nov 16',
      // Intl's range, with its thin spaces.
      expect.stringMatching(/^Time off approvedRuth Okafor, vacation Dec 24\s–\s26$/),
      'Timesheet submittedTimesheet #9',
    ])
    expect(screen.queryByText(/b8f0c3d2/)).toBeNull()
  })

  it('shows campuses, people, policies and expiries as words, never ids, JSON or raw instants', async () => {
    const vacation = { ...defaultTimeOffPolicies().policies[0], eligiblePayTypes: ['exempt'] }
    show({
      audit: {
        body: {
          items: [
            makeEntry(3, {
              action: 'member.edited',
              subject: { type: 'member', id: 'user-2', name: 'Ann Lee' },
              changes: [
                { field: 'campusId', before: 'gone-campus', after: 'north' },
                { field: 'supervisorId', before: null, after: 'user-2' },
              ],
            }),
            makeEntry(2, {
              action: 'timeOff.policiesChanged',
              subject: { type: 'organization' },
              changes: [
                {
                  field: 'vacation',
                  before: JSON.stringify(vacation),
                  after: JSON.stringify({ ...vacation, accrual: { method: 'perPayPeriod', hours: 4 } }),
                },
              ],
            }),
            makeEntry(1, {
              action: 'apiToken.created',
              subject: { type: 'organization' },
              changes: [
                { field: 'apiToken', before: null, after: 'Sync (members:read), expires 2027-01-01T05:59:00.000Z' },
              ],
            }),
          ],
          cursor: null,
        },
      },
    })
    await screen.findByText('Member edited')
    const region = screen.getByRole('region', { name: 'Activity, newest first' })
    await waitFor(() => expect(within(region).getByText(/North Campus/)).toBeTruthy())
    const changes = within(region)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'UL')
      // The arrow is for the eye; a screen reader hears 'changed to'.
      .map((li) => li.textContent?.replace(' →changed to ', ' → '))
    expect(changes).toEqual([
      'Campus: Removed campus → North Campus',
      'Approver: (empty) → Ann Lee',
      'Vacation · Accrual: Granted by a supervisor → 4 h each closed pay period',
      // The organization's day (Chicago), not the instant's UTC one.
      'API token: (empty) → Sync (members:read) · Expires Dec 31, 2026',
    ])
    expect(region.textContent).not.toMatch(/gone-campus|user-2|[{}]|T05:59/)
  })

  it('asks the API for the chosen member and action', async () => {
    const { user, urls } = show()
    await screen.findByText('Member removed')
    await user.click(screen.getByRole('combobox', { name: 'Action' }))
    await user.click(await screen.findByRole('option', { name: 'Sign-in failed' }))
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('action')).toBe('signIn.failed'))
    await user.click(screen.getByRole('combobox', { name: 'Member' }))
    await user.click(await screen.findByRole('option', { name: 'Ann Lee' }))
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('actorId')).toBe('user-2'))
    expect(urls.at(-1)!.searchParams.get('action')).toBe('signIn.failed')
  })

  it('asks the API for the chosen days, both included, on the organization’s clock', async () => {
    const { urls } = show()
    const user = userEvent.setup()
    await screen.findByText('Member removed')
    await user.type(screen.getByLabelText('From'), '2026-11-02')
    // Midnight in Chicago (UTC-6 in November), whatever the browser's zone.
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('from')).toBe('2026-11-02T06:00:00.000Z'))
    await user.type(screen.getByLabelText('To'), '2026-11-03')
    // The range ends where the day after the last one begins.
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('to')).toBe('2026-11-04T06:00:00.000Z'))
    expect(urls.at(-1)!.searchParams.get('from')).toBe('2026-11-02T06:00:00.000Z')
  })

  it('exports every matching record as a formula-safe CSV in the organization’s time zone', async () => {
    const { blobs, clicked } = captureDownloads('blob:activity')
    const { user, urls } = show()
    await screen.findByText('Member removed')
    // The campuses are read beside the records: the CSV names them too.
    await screen.findByText(/North Campus/)
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0]!.download).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/)
    // Every page, 100 at a time.
    expect(urls.slice(-2).map((u) => [u.searchParams.get('limit'), u.searchParams.get('cursor')])).toEqual([
      ['100', null],
      ['100', 'next-page'],
    ])
    const text = await readText(blobs[0]!)
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('When (America/Chicago),Who,Action,Subject,Changes,Client address,User agent')
    expect(lines[1]).toBe('2026-11-16 03:03,Grace Hopper,Member removed,Lee Moss,Campus: North Campus → Whole church,,')
    expect(lines[2]).toBe('2026-11-16 03:02,Ann Lee,Signed in,Ann Lee,,203.0.113.7,Mozilla/5.0')
    // Cells a spreadsheet would run as a formula start with an apostrophe.
    expect(lines[3]).toBe(
      `2026-11-16 03:01,"'=HYPERLINK(""x"") Hopper",Settings changed,Organization,Name: Grace → +Grace Chapel,,`,
    )
  })

  it('says when nothing matches', async () => {
    show({ audit: { body: { items: [], cursor: null } } })
    expect(await screen.findByText('No activity found')).toBeTruthy()
  })

  it('offers Try again when the activity cannot be loaded', async () => {
    show({ audit: { status: 500, body: { message: 'Internal server error' } } })
    expect(await screen.findByText('The activity could not be loaded.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('refuses staff, without asking for the activity', async () => {
    const { urls } = show({ role: 'employee' })
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy()
    expect(screen.getAllByText('Only supervisors can view the activity.').length).toBeGreaterThan(0)
    expect(urls).toEqual([])
  })
})
