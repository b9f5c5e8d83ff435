import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { KioskView } from '@app/core'
import { makeOrgSettings, makeUser } from '../../../test/fixtures.ts'
import { mockFetch, writes } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { browser } from '../../lib/browser.ts'
import '../../pages/SettingsPage.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const settings = makeOrgSettings()

const HALL: KioskView = {
  id: 'k-hall',
  name: 'Hall',
  createdAt: '2026-11-20T15:00:00Z',
  createdBy: 'user-1',
  lastUsedAt: null,
}

const show = (kiosks: KioskView[] = [], extra: Parameters<typeof mockFetch>[0] = {}) => {
  let list = [...kiosks]
  const confirm = vi.fn(() => true)
  vi.stubGlobal('confirm', confirm)
  const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined)
  const fetch = mockFetch({
    'GET /api/auth/user': { body: makeUser({ role: 'supervisor' }) },
    'GET /api/organization/settings': { body: settings },
    'GET /api/kiosks': () => ({ body: list }),
    'DELETE /api/kiosks/k-hall': () => {
      list = list.filter((k) => k.id !== 'k-hall')
      return { status: 204 }
    },
    'POST /api/kiosks': (init) => ({
      status: 201,
      body: {
        id: 'k1',
        name: (JSON.parse(String(init!.body)) as { name: string }).name,
        createdAt: '2026-11-28T15:00:00Z',
        createdBy: 'user-1',
        lastUsedAt: null,
      },
    }),
    ...extra,
  })
  renderApp('/settings/kiosks')
  return { fetch, confirm, navigate, user: userEvent.setup() }
}

describe('Settings → Kiosk', () => {
  it('asks in the app’s own dialog before this device becomes a kiosk: Escape keeps it, the action makes it', async () => {
    const { fetch, confirm, navigate, user } = show()
    const section = within(await screen.findByRole('region', { name: 'Kiosk' }))
    await user.type(section.getByLabelText('Kiosk name'), 'Front desk')
    const use = section.getByRole('button', { name: 'Use this device as a kiosk' })
    await user.click(use)

    const dialog = await screen.findByRole('alertdialog', { name: 'Use this device as a kiosk?' })
    expect(dialog.textContent).toContain(
      'This browser will become the kiosk “Front desk”: you will be signed out here, and it will only clock members in and out.',
    )
    // Focus moves into the dialog; Escape closes it and nothing is sent.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(writes(fetch)).toEqual([])
    // The focus is back on the button that asked, not on the page.
    expect(document.activeElement).toBe(use)

    await user.click(use)
    const again = await screen.findByRole('alertdialog', { name: 'Use this device as a kiosk?' })
    await user.click(within(again).getByRole('button', { name: 'Use as kiosk' }))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/kiosk'))
    expect(writes(fetch).map(([url, init]) => [String(url), init?.body])).toEqual([
      ['/api/kiosks', JSON.stringify({ name: 'Front desk' })],
    ])
    // The browser's own confirm() is never used.
    expect(confirm).not.toHaveBeenCalled()
  })

  it('asks nothing while the name is missing', async () => {
    const { fetch, user } = show()
    const section = within(await screen.findByRole('region', { name: 'Kiosk' }))
    await user.click(section.getByRole('button', { name: 'Use this device as a kiosk' }))
    expect(await section.findByText('Kiosk name is required')).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(writes(fetch)).toEqual([])
  })

  it('asks in the app’s own dialog before revoking a kiosk: Cancel keeps it, Revoke ends it', async () => {
    const { fetch, confirm, user } = show([HALL])
    const section = within(await screen.findByRole('region', { name: 'Kiosk' }))
    await user.click(await section.findByRole('button', { name: 'Revoke Hall' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this kiosk?' })
    expect(dialog.textContent).toContain('The kiosk “Hall” stops working at once')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(writes(fetch)).toEqual([])

    await user.click(section.getByRole('button', { name: 'Revoke Hall' }))
    const again = await screen.findByRole('alertdialog', { name: 'Revoke this kiosk?' })
    await user.click(within(again).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(writes(fetch).map(([url, init]) => [String(url), init?.method])).toEqual([['/api/kiosks/k-hall', 'DELETE']])
    await waitFor(() => expect(section.queryByText('Hall')).toBeNull())
    expect(confirm).not.toHaveBeenCalled()
  })

  it('says which campus each kiosk serves once the church has campuses, and nothing of campuses before', async () => {
    const kiosks = [
      { ...HALL, id: 'k-lobby', name: 'South lobby', campusId: 'south' },
      { ...HALL, id: 'k-office', name: 'Office' },
    ]
    const campuses = [
      { id: 'north', name: 'North', address: '', active: true },
      { id: 'south', name: 'South', address: '', active: true },
    ]
    show(kiosks, { 'GET /api/organization/campuses': { body: { campuses } } })
    const list = within(await screen.findByRole('list', { name: 'Kiosks' }))
    const row = (name: string) => list.getByText(name).closest('li')!
    await waitFor(() => expect(within(row('South lobby')).getByText('Serves South')).toBeTruthy())
    expect(within(row('Office')).getByText('Serves the whole church')).toBeTruthy()
    cleanup()
    const { fetch } = show(kiosks, { 'GET /api/organization/campuses': { body: { campuses: [] } } })
    const fetchedCampuses = () => fetch.mock.calls.some(([url]) => String(url).endsWith('/api/organization/campuses'))
    const plain = within(await screen.findByRole('list', { name: 'Kiosks' }))
    expect(plain.getByText('South lobby')).toBeTruthy()
    await waitFor(() => expect(fetchedCampuses()).toBe(true))
    expect(plain.queryByText(/^Serves/)).toBeNull()
  })
})
