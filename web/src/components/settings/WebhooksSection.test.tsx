import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { WebhookDeliveryView, WebhookView } from '@app/core'
import { makeOrgSettings, makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import '../../pages/SettingsPage.tsx'

const settings = makeOrgSettings()

const hook: WebhookView = {
  id: 'w1',
  url: 'https://hooks.example.org/pc',
  events: ['timesheet.approved'],
  createdAt: '2026-11-01T15:00:00Z',
}
const failed: WebhookDeliveryView = {
  id: 'd1',
  event: 'timesheet.approved',
  status: 'pending',
  statusCode: 500,
  attempts: 2,
  createdAt: '2026-11-20T15:00:00Z',
  lastAttemptAt: '2026-11-20T15:01:00Z',
  nextAttemptAt: '2026-11-20T15:06:00Z',
  error: 'HTTP 500',
}

/** Settings with a webhooks endpoint that keeps what is added and deleted. */
const show = (hooks: WebhookView[] = [], listStatus = 200) => {
  let list = [...hooks]
  let delivery = failed
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser({ role: 'supervisor' }) },
    'GET /api/organization/settings': { body: settings },
    'GET /api/tokens': { body: [] },
    'GET /api/webhooks': () =>
      listStatus === 200 ? { body: list } : { status: listStatus, body: { message: 'Down' } },
    'POST /api/webhooks': (init) => {
      const { url, events } = JSON.parse(String(init!.body)) as WebhookView
      const made = { id: 'w2', url, events, createdAt: '2026-11-20T15:00:00Z' }
      list = [...list, made]
      return { body: { ...made, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0' } }
    },
    'DELETE /api/webhooks/w1': () => {
      list = list.filter((w) => w.id !== 'w1')
      return { status: 204 }
    },
    'GET /api/webhooks/w1/deliveries': () => ({ body: [delivery] }),
    'POST /api/webhooks/w1/deliveries/d1/redeliver': () => {
      delivery = { ...failed, status: 'delivered', statusCode: 200, attempts: 3, nextAttemptAt: null, error: null }
      return { body: delivery }
    },
  })
  renderApp('/settings/webhooks')
  return { fetch, user: userEvent.setup() }
}

describe('Settings → Webhooks', () => {
  it('adds a webhook with its events, shows its secret once, and checks the form first', async () => {
    const { fetch, user } = show()
    const section = within(await screen.findByRole('region', { name: 'Webhooks' }))
    expect(await section.findByText('No webhooks yet.')).toBeTruthy()

    await user.type(section.getByLabelText('URL'), 'not a url')
    await user.click(section.getByRole('button', { name: 'Add webhook' }))
    expect(section.getByText('Enter a valid http or https URL')).toBeTruthy()
    expect(section.getByText('Choose at least one event')).toBeTruthy()
    expect(section.getByLabelText('URL').getAttribute('aria-invalid')).toBe('true')
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0)

    await user.clear(section.getByLabelText('URL'))
    await user.type(section.getByLabelText('URL'), 'https://hooks.example.org/new')
    await user.click(section.getByRole('checkbox', { name: /timesheet\.approved/ }))
    await user.click(section.getByRole('checkbox', { name: /member\.added/ }))
    // Time off's events, each with what it means.
    for (const event of ['requested', 'rejected', 'cancelled'])
      expect(section.getByRole('checkbox', { name: new RegExp(`time_off\\.${event}`) })).toBeTruthy()
    await user.click(section.getByRole('checkbox', { name: /time_off\.approved.*Time off is approved/ }))
    await user.click(section.getByRole('button', { name: 'Add webhook' }))
    expect((await section.findByTestId('new-webhook-secret')).textContent).toBe(
      'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
    )
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!
    expect(JSON.parse(String(init!.body))).toEqual({
      url: 'https://hooks.example.org/new',
      events: ['timesheet.approved', 'member.added', 'time_off.approved'],
    })
    await user.click(section.getByRole('button', { name: 'Done' }))
    expect(section.queryByTestId('new-webhook-secret')).toBeNull()
    const list = within(await section.findByRole('list', { name: 'Webhooks' }))
    expect(list.getByText('https://hooks.example.org/new')).toBeTruthy()
    expect(section.queryByText(/whsec_/)).toBeNull()
  })

  it("shows a webhook's deliveries with their status code and tries, and redelivers one", async () => {
    const { fetch, user } = show([hook])
    const section = within(await screen.findByRole('region', { name: 'Webhooks' }))
    const toggle = await section.findByRole('button', { name: 'Deliveries' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    const deliveries = within(await section.findByRole('list', { name: `Deliveries to ${hook.url}` }))
    expect(deliveries.getByText('Pending')).toBeTruthy()
    expect(deliveries.getByText(/2 attempts · HTTP 500/)).toBeTruthy()
    await user.click(deliveries.getByRole('button', { name: /^Redeliver timesheet\.approved of/ }))
    expect(await deliveries.findByText('Delivered')).toBeTruthy()
    expect(deliveries.getByText(/3 attempts · HTTP 200/)).toBeTruthy()
    expect(fetch.mock.calls.some(([url, i]) => String(url).endsWith('/d1/redeliver') && i?.method === 'POST')).toBe(
      true,
    )
  })

  it('deletes only after confirmation', async () => {
    const { fetch, user } = show([hook])
    const section = within(await screen.findByRole('region', { name: 'Webhooks' }))
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true)
    const del = await section.findByRole('button', { name: `Delete the webhook to ${hook.url}` })
    await user.click(del)
    expect(fetch.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false)
    await user.click(del)
    expect(confirm).toHaveBeenCalledWith(`Delete the webhook to ${hook.url}? Nothing more is sent to it.`)
    expect(await section.findByText('No webhooks yet.')).toBeTruthy()
    confirm.mockRestore()
  })

  it('says so when the webhooks cannot be loaded, with a way to try again', async () => {
    show([], 500)
    const section = within(await screen.findByRole('region', { name: 'Webhooks' }))
    const alert = await section.findByRole('alert')
    expect(alert.textContent).toMatch(/Down|Could not load the webhooks/)
    expect(within(alert).getByRole('button', { name: /Try again/ })).toBeTruthy()
  })
})
