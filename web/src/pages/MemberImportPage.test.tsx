import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ImportMapping, ImportPreview } from '@app/core'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch, writes } from '../../test/fetch-mock.ts'
import { columnHeaders, renderApp } from '../../test/render.tsx'
// Loaded up front, so the router's lazy import is already done when a test starts its clock.
import './MemberImportPage.tsx'

const supervisor = makeUser({ id: 'sup-1', role: 'supervisor', username: null })
const columns = ['Name', 'First', 'Email', 'Ministry']

/** The server's preview for the mapping sent: rows of a directory with one full name column. */
const previewFor = (mapping: ImportMapping): ImportPreview => ({
  columns,
  mapping,
  counts: { new: 1, unchanged: 0, updated: 0, refused: 1 },
  rows: [
    { line: 2, status: 'new', reason: null, key: null, params: {}, firstName: 'María José', lastName: 'Hernández' },
    {
      line: 3,
      status: 'refused',
      reason: 'Name "Cher" needs a first and a last name: write it as "First Last" or "Last, First"',
      key: 'incompleteName',
      params: { value: 'Cher' },
    },
  ],
})

const show = (me = supervisor) => {
  const fetch = mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'America/Chicago', weekStartDay: 'monday' },
    },
    'POST /api/employees/imports': (init) => {
      const body = JSON.parse(String(init?.body)) as { mapping?: ImportMapping }
      return { body: previewFor(body.mapping ?? { Name: 'fullName', Email: 'email', Ministry: 'department' }) }
    },
  })
  const user = userEvent.setup()
  renderApp('/employees/import')
  return { fetch, user }
}

const pick = async (user: ReturnType<typeof userEvent.setup>) => {
  const text = 'Name,First,Email,Ministry\r\n'
  // jsdom's File has no arrayBuffer(); the browser's does.
  const file = Object.assign(new File([text], 'people.csv', { type: 'text/csv' }), {
    arrayBuffer: async () => new TextEncoder().encode(text).buffer,
  })
  await user.upload(await screen.findByLabelText('CSV or Excel (.xlsx) file'), file)
  return screen.findByRole('table')
}

const sentMappings = (fetch: ReturnType<typeof mockFetch>) =>
  writes(fetch).map(([, init]) => (JSON.parse(String(init?.body)) as { mapping?: ImportMapping }).mapping)

describe('MemberImportPage', () => {
  it('is the whole church’s: a campus admin is told so and offered no file', async () => {
    show({ ...supervisor, campusIds: ['north'] })
    expect(await screen.findByText('Only a supervisor of the whole church imports members.')).toBeTruthy()
    expect(screen.queryByLabelText('CSV or Excel (.xlsx) file')).toBeNull()
  })

  it('shows the first and last names a full name column is split into, before anything is imported', async () => {
    const { user } = show()
    const table = await pick(user)
    expect(columnHeaders(table)).toEqual(['Line', 'Status', 'First name', 'Last name', 'Reason'])
    const [made, refused] = within(table).getAllByRole('row').slice(1)
    expect(
      within(made!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', 'New', 'María José', 'Hernández', ''])
    expect(within(refused!).getByText(/Name "Cher" needs a first and a last name/)).toBeTruthy()
    expect((screen.getByLabelText('Column “Name”') as HTMLSelectElement).value).toBe('fullName')
  })

  it('offers the full name as a column’s field, and choosing it frees the first and last name columns', async () => {
    const { fetch, user } = show()
    await pick(user)
    const first = screen.getByLabelText('Column “First”')
    await user.selectOptions(first, 'First name')
    // A first name column takes the name from the full name column.
    expect((screen.getByLabelText('Column “Name”') as HTMLSelectElement).value).toBe('')
    await user.selectOptions(screen.getByLabelText('Column “Name”'), 'Full name')
    expect((first as HTMLSelectElement).value).toBe('')
    await user.click(screen.getByRole('button', { name: 'Preview again' }))
    await waitFor(() => expect(sentMappings(fetch)).toHaveLength(2))
    expect(sentMappings(fetch)[1]).toEqual({ Name: 'fullName', Email: 'email', Ministry: 'department' })
  })
})
