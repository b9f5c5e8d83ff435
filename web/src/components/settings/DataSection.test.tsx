import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { OrganizationClosure } from '@app/core'
import { makeOrgSettings, makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import '../../pages/SettingsPage.tsx'

const settings = makeOrgSettings()
const closure: OrganizationClosure = { closedAt: '2026-11-26T15:00:00.000Z', eraseOn: '2026-12-26' }

/** Settings with a close endpoint; after closing, the user's read says the organization is closed. */
const show = (role: 'supervisor' | 'employee' = 'supervisor') => {
  let closed = false
  const fetch = mockFetch({
    'GET /api/auth/user': () => ({
      body: { ...makeUser({ role }), ...(closed ? { organizationClosed: closure } : {}) },
    }),
    'GET /api/organization/settings': { body: settings },
    'GET /api/tokens': { body: [] },
    'POST /api/organization/close': (init) => {
      const { confirm } = JSON.parse(String(init!.body)) as { confirm: string }
      if (confirm !== settings.organizationName)
        return { status: 400, body: { message: "Type the organization's exact name to close it" } }
      closed = true
      return { body: closure }
    },
    'POST /api/organization/reopen': () => {
      closed = false
      return { status: 204 }
    },
  })
  renderApp('/settings/data')
  return { fetch, user: userEvent.setup() }
}
const posts = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST')

describe('Settings → Data → Close this organization', () => {
  it('closes only with the exact name, then shows the closed screen with Reopen', async () => {
    const { fetch, user } = show()
    const section = within(await screen.findByRole('region', { name: 'Data' }))
    const field = await section.findByLabelText('Type Grace Chapel to confirm')

    await user.type(field, 'grace chapel')
    await user.click(section.getByRole('button', { name: 'Close this organization' }))
    expect(section.getByText("Type the organization's exact name to close it")).toBeTruthy()
    expect(posts(fetch, '/api/organization/close')).toHaveLength(0)

    await user.clear(field)
    await user.type(field, 'Grace Chapel')
    await user.click(section.getByRole('button', { name: 'Close this organization' }))
    expect(await screen.findByRole('heading', { name: 'This organization is closed' })).toBeTruthy()
    expect(JSON.parse(String(posts(fetch, '/api/organization/close')[0]![1]!.body))).toEqual({
      confirm: 'Grace Chapel',
    })
    // Nothing else of the app: no settings, no navigation; reopen until the day before the erasure.
    expect(screen.queryByRole('region', { name: 'Data' })).toBeNull()
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.getByText('You can reopen it until Dec 25, 2026.')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Reopen the organization' }))
    expect(await screen.findByRole('region', { name: 'Data' })).toBeTruthy()
    expect(posts(fetch, '/api/organization/reopen')).toHaveLength(1)
  })

  it('shows staff of a closed organization that it is closed, with no Reopen', async () => {
    mockFetch({
      'GET /api/auth/user': { body: { ...makeUser({ role: 'employee' }), organizationClosed: closure } },
    })
    renderApp('/')
    expect(await screen.findByRole('heading', { name: 'This organization is closed' })).toBeTruthy()
    expect(screen.getByText('A supervisor can reopen it until Dec 25, 2026.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Reopen the organization' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe('/api/logout?local=true')
  })
})

describe('Settings → Data → Export all data', () => {
  it('follows the export already being made when the organization has one running', async () => {
    mockFetch({
      'GET /api/auth/user': { body: makeUser({ role: 'supervisor' }) },
      'GET /api/organization/settings': { body: settings },
      'GET /api/tokens': { body: [] },
      'POST /api/organization/export': {
        status: 409,
        body: { message: 'An export of this organization is already being made', key: 'exportRunning', id: 'exp-1' },
      },
      'GET /api/organization/export/exp-1': { body: { status: 'running', progress: 40, url: null } },
    })
    renderApp('/settings/data')
    const user = userEvent.setup()
    const section = within(await screen.findByRole('region', { name: 'Data' }))
    await user.click(section.getByRole('button', { name: 'Export all data' }))
    expect(await section.findByRole('progressbar', { name: '40% done' })).toBeTruthy()
    expect(section.getByText('Preparing your export...')).toBeTruthy()
  })
})
