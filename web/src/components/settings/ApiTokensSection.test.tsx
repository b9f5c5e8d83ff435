import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ApiTokenView } from '@app/core'
import { makeOrgSettings, makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import '../../pages/SettingsPage.tsx'

const settings = makeOrgSettings()

/** A token never used yet. */
const token = (
  id: string,
  name: string,
  scopes: ApiTokenView['scopes'],
  createdAt: string,
  expiresAt: string | null,
): ApiTokenView => ({ id, name, scopes, createdAt, lastUsedAt: null, expiresAt })

/** Settings with a tokens endpoint that keeps what is made and revoked. */
const show = (tokens: ApiTokenView[] = []) => {
  let list = [...tokens]
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser({ role: 'supervisor' }) },
    'GET /api/organization/settings': { body: settings },
    'GET /api/tokens': () => ({ body: list }),
    'POST /api/tokens': (init) => {
      const { name, scopes, expiresAt } = JSON.parse(String(init!.body)) as {
        name: string
        scopes: string[]
        expiresAt?: string
      }
      const made = { id: 't2', name, scopes, createdAt: '2026-11-20T15:00:00Z', expiresAt: expiresAt ?? null }
      list = [...list, { ...made, lastUsedAt: null } as ApiTokenView]
      return { body: { ...made, token: `mtk_${'a'.repeat(43)}` } }
    },
  })
  renderApp('/settings/api')
  return { fetch, user: userEvent.setup() }
}

describe('Settings → API', () => {
  it('lists the tokens without secrets, and shows a new secret once', async () => {
    const { fetch, user } = show([token('t1', 'Payroll sync', ['payroll:read'], '2026-11-01T15:00:00Z', null)])
    const section = within(await screen.findByRole('region', { name: 'API' }))
    expect(await section.findByText('Payroll sync')).toBeTruthy()
    expect(section.getByText(/Last used never/)).toBeTruthy()
    expect(section.getByText('Never expires')).toBeTruthy()

    // Without a scope the form says so and sends nothing.
    await user.type(section.getByLabelText('Name'), 'Planning Center')
    await user.click(section.getByRole('button', { name: 'Create API token' }))
    expect(section.getByText('Choose at least one scope')).toBeTruthy()
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0)

    await user.click(section.getByRole('checkbox', { name: /timesheets:read/ }))
    // Time off's scopes, each with what it reaches.
    expect(section.getByRole('checkbox', { name: /time-off:decide/ })).toBeTruthy()
    await user.click(
      section.getByRole('checkbox', { name: /time-off:read.*Read time-off requests, balances, policies and holidays/ }),
    )
    await user.click(section.getByRole('button', { name: 'Create API token' }))
    expect((await section.findByTestId('new-api-token')).textContent).toBe(`mtk_${'a'.repeat(43)}`)
    expect(section.getByText(/shown only this once/)).toBeTruthy()
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Planning Center',
      scopes: ['timesheets:read', 'time-off:read'],
    })
    section.getByRole('button', { name: 'Done' }).focus()
    await user.keyboard('{Enter}')
    expect(section.queryByTestId('new-api-token')).toBeNull()
    // Done went with the secret: the form's Name has the focus, to make another.
    expect(document.activeElement).toBe(section.getByLabelText('Name'))
    expect(await section.findByText('Planning Center')).toBeTruthy()
  })

  it('shows each token’s expiry and which have expired, and sends the chosen last day as its end in the organization’s zone', async () => {
    const { fetch, user } = show([
      token('t1', 'Old sync', ['members:read'], '2026-01-01T15:00:00Z', '2026-02-01T05:59:00.000Z'),
      token('t3', 'Year sync', ['members:read'], '2026-01-01T15:00:00Z', '2099-02-01T05:59:00.000Z'),
    ])
    const section = within(await screen.findByRole('region', { name: 'API' }))
    const [old, year] = (await section.findAllByRole('listitem')).map((item) => within(item))
    expect(old!.getByText(/Expired/)).toBeTruthy()
    expect(old!.getByText(/Expires .*2026/)).toBeTruthy()
    expect(year!.queryByText(/Expired/)).toBeNull()
    expect(year!.getByText(/Expires .*2099/)).toBeTruthy()

    await user.type(section.getByLabelText('Name'), 'Quarter sync')
    await user.click(section.getByRole('checkbox', { name: /members:read/ }))
    const expiry = section.getByLabelText('Expires on (optional)')
    expect(expiry.getAttribute('aria-describedby')).toContain('api-token-expiry')
    fireEvent.change(expiry, { target: { value: '2099-01-31' } })
    await user.click(section.getByRole('button', { name: 'Create API token' }))
    expect(await section.findByTestId('new-api-token')).toBeTruthy()
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!
    // The end of 31 January in Chicago (UTC-6).
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Quarter sync',
      scopes: ['members:read'],
      expiresAt: '2099-02-01T05:59:00.000Z',
    })
  })

  it('refuses a day already past before sending anything', async () => {
    const { fetch, user } = show()
    const section = within(await screen.findByRole('region', { name: 'API' }))
    await user.type(section.getByLabelText('Name'), 'Late sync')
    await user.click(section.getByRole('checkbox', { name: /members:read/ }))
    fireEvent.change(section.getByLabelText('Expires on (optional)'), { target: { value: '2020-01-31' } })
    await user.click(section.getByRole('button', { name: 'Create API token' }))
    expect(section.getByText('Choose a day from today on')).toBeTruthy()
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0)
  })
})
