import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { IntegrationView } from '@app/core'
import { makeOrgSettings, makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import '../../pages/SettingsPage.tsx'

const base = { lastSentAt: null, reconnectNeeded: false, connectedAt: null, account: null, missingSettings: [] }
const quickbooks: IntegrationView = { ...base, id: 'quickbooks', configured: true, connected: false }
const gusto: IntegrationView = {
  ...base,
  id: 'gusto',
  configured: false,
  connected: false,
  missingSettings: ['GUSTO_CLIENT_ID', 'GUSTO_CLIENT_SECRET', 'GUSTO_ENVIRONMENT'],
}
const planningCenter: IntegrationView = {
  ...base,
  id: 'planning-center',
  configured: true,
  connected: true,
  reconnectNeeded: true,
  connectedAt: '2026-11-20T15:00:00Z',
}

const show = (
  path = '/settings/integrations',
  list = [quickbooks, gusto, planningCenter],
  supervisor = makeUser({ role: 'supervisor' }),
) => {
  let current = list
  const fetch = mockFetch({
    'GET /api/auth/user': { body: supervisor },
    'GET /api/organization/settings': { body: makeOrgSettings() },
    'GET /api/integrations': () => ({ body: { integrations: current } }),
    'POST /api/integrations/quickbooks/connect': {
      body: { authorizationUrl: 'https://vendor.example/consent?state=s' },
    },
    'POST /api/integrations/planning-center/disconnect': () => {
      current = current.map((i) =>
        i.id === 'planning-center' ? { ...i, connected: false, reconnectNeeded: false } : i,
      )
      return { body: current.find((i) => i.id === 'planning-center') }
    },
  })
  renderApp(path)
  return { fetch, user: userEvent.setup() }
}

describe('Settings → Integrations', () => {
  it("tells a campus admin the connections are the whole church's, and reads none", async () => {
    const { fetch } = show(undefined, undefined, makeUser({ role: 'supervisor', campusIds: ['campus-south'] }))
    const section = within(await screen.findByRole('region', { name: 'Integrations' }))
    expect(
      await section.findByText(
        "Only a supervisor of the whole church connects the church's payroll, accounting and directory systems.",
      ),
    ).toBeTruthy()
    expect(section.queryByRole('list', { name: 'Integrations' })).toBeNull()
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/integrations'))).toBe(false)
  })

  it('lists the three with their status; a missing one says who sets it up, its settings folded away for whoever deploys', async () => {
    show()
    const section = within(await screen.findByRole('region', { name: 'Integrations' }))
    const list = within(await section.findByRole('list', { name: 'Integrations' }))
    expect(list.getByTestId('integration-status-quickbooks').textContent).toBe('Not connected')
    expect(list.getByTestId('integration-status-gusto').textContent).toBe('Not set up')
    expect(list.getByTestId('integration-status-planning-center').textContent).toBe('Reconnect needed')
    const gustoItem = within(list.getByRole('listitem', { name: /Gusto/ }))
    expect(gustoItem.getByText('Your administrator must configure Gusto for this site.')).toBeTruthy()
    // The environment's names are for whoever deploys the site: in a closed details element, not the card's text.
    const details = gustoItem.getByText('For whoever deploys this site').closest('details')!
    expect(details.open).toBe(false)
    expect(within(details).getByText(/GUSTO_CLIENT_ID, GUSTO_CLIENT_SECRET, GUSTO_ENVIRONMENT/)).toBeTruthy()
    expect(list.queryByRole('button', { name: 'Connect Gusto' })).toBeNull()
    expect(list.getByRole('button', { name: 'Reconnect Planning Center' })).toBeTruthy()
    // Only the payroll and accounting systems are sent periods; Planning Center syncs members.
    expect(list.getByTestId('integration-last-sent-quickbooks').textContent).toBe('Nothing sent yet')
    expect(list.getByTestId('integration-last-sent-gusto').textContent).toBe('Nothing sent yet')
    expect(within(list.getByRole('listitem', { name: /Planning Center/ })).queryByText(/sent/i)).toBeNull()
  })

  it('connects by going to the vendor’s consent page', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const { user } = show()
    const section = within(await screen.findByRole('region', { name: 'Integrations' }))
    await user.click(await section.findByRole('button', { name: 'Connect QuickBooks Online' }))
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://vendor.example/consent?state=s'))
    vi.unstubAllGlobals()
  })

  it('disconnects after confirming', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    const { fetch, user } = show()
    const section = within(await screen.findByRole('region', { name: 'Integrations' }))
    await user.click(await section.findByRole('button', { name: 'Disconnect Planning Center' }))
    expect(await section.findByRole('button', { name: 'Connect Planning Center' })).toBeTruthy()
    expect(
      fetch.mock.calls.some(([url, i]) => String(url).endsWith('/planning-center/disconnect') && i?.method === 'POST'),
    ).toBe(true)
  })

  it('says what the consent ended with', async () => {
    show('/settings/integrations?integration=quickbooks&connected=1')
    expect((await screen.findByText('QuickBooks Online is connected.')).getAttribute('role')).toBe('status')
  })

  it('says when an attempt expired', async () => {
    show('/settings/integrations?integration=gusto&error=expired')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Gusto was not connected: the attempt expired or was already used. Try again.',
    )
  })
})
