import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { IntegrationView, PlanningCenterRunView, PlanningCenterView } from '@app/core'
import { makeOrgSettings, makeUser } from '../../../test/fixtures.ts'
import { mockFetch, writes } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import '../../pages/SettingsPage.tsx'

const base = { lastSentAt: null, reconnectNeeded: false, connectedAt: null, account: null, missingSettings: [] }
const others: IntegrationView[] = [
  { ...base, id: 'quickbooks', configured: true, connected: false },
  { ...base, id: 'gusto', configured: true, connected: false },
]
const run: PlanningCenterRunView = {
  at: '2026-11-28T15:00:00Z',
  trigger: 'webhook',
  status: 'done',
  counts: { new: 1, updated: 1, unchanged: 1, refused: 1, deactivated: 0 },
  changes: [
    { memberId: 'm1', name: 'Teo Vargas', status: 'new', conflicts: [] },
    {
      memberId: 'm2',
      name: 'Martha Quispe',
      status: 'updated',
      conflicts: [{ field: 'firstName', ours: 'Marta', theirs: 'Martha', won: 'planning-center' }],
    },
  ],
  problems: [
    { name: 'Gil Sol', reason: 'Unknown campus: "Downtown"', key: 'unknownCampus', params: { value: 'Downtown' } },
  ],
  error: null,
}
const view: PlanningCenterView = {
  connected: true,
  staffListId: null,
  volunteersListId: null,
  staffDepartment: 'Staff',
  volunteersDepartment: 'Volunteers',
  webhookSecrets: 0,
  accountId: '205173',
  lists: [
    { id: '501', name: 'Church Staff' },
    { id: '502', name: 'Volunteers' },
  ],
  listsError: null,
  lastRun: null,
}

const show = (connected: boolean) => {
  let current: PlanningCenterView = view
  let pco: IntegrationView = { ...base, id: 'planning-center', configured: false, connected, missingSettings: [] }
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser({ role: 'supervisor' }) },
    'GET /api/organization/settings': { body: makeOrgSettings() },
    'GET /api/integrations': () => ({ body: { integrations: [...others, pco] } }),
    'POST /api/integrations/planning-center/token': (init) => {
      const body = JSON.parse(String(init?.body)) as { applicationId: string }
      // Planning Center busy or out of reach: the API's generic 503.
      if (body.applicationId === 'app-down')
        return {
          status: 503,
          body: { message: 'Service temporarily unavailable. Please try again.', key: 'unavailable' },
        }
      if (body.applicationId !== 'app-1')
        return {
          status: 400,
          body: {
            message: 'Planning Center refused this application id and secret',
            key: 'planningCenterTokenRefused',
          },
        }
      pco = { ...pco, connected: true }
      return { body: pco }
    },
    'GET /api/integrations/planning-center': () => ({ body: current }),
    'PUT /api/integrations/planning-center': (init) => {
      current = { ...current, ...(JSON.parse(String(init?.body)) as object), webhookSecrets: 1 } as PlanningCenterView
      return { body: current }
    },
    'POST /api/integrations/planning-center/sync': () => {
      current = { ...current, lastRun: run }
      return { body: run }
    },
  })
  renderApp('/settings/integrations')
  return { fetch, user: userEvent.setup() }
}

describe('Settings → Integrations → Planning Center', () => {
  it('connects with a personal access token, saying why a refused one was refused', async () => {
    const { fetch, user } = show(false)
    const item = within(await screen.findByRole('listitem', { name: /Planning Center/ }))
    await user.type(item.getByLabelText('Application ID'), 'wrong')
    await user.type(item.getByLabelText('Secret'), 's3cret')
    await user.click(item.getByRole('button', { name: 'Connect with token' }))
    expect((await item.findByRole('alert')).textContent).toBe('Planning Center refused this application id and secret')
    await user.clear(item.getByLabelText('Application ID'))
    await user.type(item.getByLabelText('Application ID'), 'app-1')
    await user.click(item.getByRole('button', { name: 'Connect with token' }))
    expect(await item.findByLabelText('Staff list')).toBeTruthy()
    expect(writes(fetch).filter(([url]) => String(url).endsWith('/token'))).toHaveLength(2)
  })

  it('names Planning Center when it does not answer, and speaks of syncs, not sends, on its card', async () => {
    const { user } = show(false)
    const item = within(await screen.findByRole('listitem', { name: /Planning Center/ }))
    expect(item.getByText('Not synced yet')).toBeTruthy()
    expect(item.queryByText('Nothing sent yet')).toBeNull()
    // Its sign-in page is not set up on this site, but a personal token still connects it.
    expect(
      item.getByText(
        "Your administrator must configure Planning Center's sign-in page for this site; meanwhile you can connect with a personal access token below.",
      ),
    ).toBeTruthy()
    await user.type(item.getByLabelText('Application ID'), 'app-down')
    await user.type(item.getByLabelText('Secret'), 's3cret')
    await user.click(item.getByRole('button', { name: 'Connect with token' }))
    expect((await item.findByRole('alert')).textContent).toBe(
      'Planning Center did not answer. Try again in a few minutes.',
    )
  })

  it('picks the lists, saves a webhook secret, syncs and shows what changed and what it could not do', async () => {
    const { fetch, user } = show(true)
    const item = within(await screen.findByRole('listitem', { name: /Planning Center/ }))
    await user.selectOptions(await item.findByLabelText('Staff list'), 'Church Staff')
    await user.selectOptions(item.getByLabelText('Volunteers list'), '502')
    await user.type(item.getByLabelText('Webhook authenticity secret'), 'f3a9c1d2e4b5a6978877665544332211')
    await user.click(item.getByRole('button', { name: 'Save lists' }))
    const put = writes(fetch).find(([url, init]) => String(url).endsWith('/planning-center') && init?.method === 'PUT')
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      staffListId: '501',
      volunteersListId: '502',
      staffDepartment: 'Staff',
      volunteersDepartment: 'Volunteers',
      webhookSecrets: ['f3a9c1d2e4b5a6978877665544332211'],
    })
    expect(item.getByTestId('pco-last-run').textContent).toBe('Not synced yet')
    await user.click(item.getByRole('button', { name: 'Sync now' }))
    const last = await item.findByText(/Last sync/)
    expect(last.textContent).toContain('(a change in Planning Center)')
    const status = item.getByTestId('pco-last-run')
    expect(status.textContent).toContain('1 added, 1 updated, 1 unchanged, 1 not synced, 0 deactivated')
    expect(status.textContent).toContain('Teo Vargas added')
    expect(status.textContent).toContain('First name: Planning Center’s “Martha” replaced ours, “Marta”')
    expect(status.textContent).toContain('Gil Sol: Unknown campus: "Downtown"')
  })
})
