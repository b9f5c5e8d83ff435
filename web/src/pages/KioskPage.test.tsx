import { afterEach, describe, expect, it, vi } from 'vitest'
// IndexedDB, which jsdom lacks: the kiosk keeps its offline punches there.
import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { KioskMembers, PunchBody } from '@app/core'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'
import { browser } from '../lib/browser.ts'
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '../lib/unauthorized.ts'
import { dismissRefused } from '../offline/kiosk-queue.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  dismissRefused()
})

/** The browser loses, then finds, its network (navigator.onLine and its events). */
const connection = () => {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  act(() => void window.dispatchEvent(new Event('offline')))
  return {
    back: () => {
      onLine.mockReturnValue(true)
      act(() => void window.dispatchEvent(new Event('online')))
    },
  }
}

const kioskSession: MockAnswer = {
  status: 403,
  body: { message: 'This device is a kiosk: it can only clock members in and out', key: 'kioskSession' },
}
const MEMBERS: KioskMembers = [
  { id: 'u-ruth', firstName: 'Ruth', lastInitial: 'S', profileImageUrl: null, clockedIn: false },
  { id: 'u-jose', firstName: 'José', lastInitial: 'M', profileImageUrl: null, clockedIn: true },
]

/** A kiosk whose punches `punch` answers; the bodies it was sent are in `sent`. */
const kiosk = (punch: (body: PunchBody) => MockAnswer) => {
  const sent: PunchBody[] = []
  const fetch = mockFetch({
    'GET /api/auth/user': kioskSession,
    'GET /api/kiosk/members': { body: MEMBERS },
    'POST /api/kiosk/punch': (init) => {
      const body = JSON.parse(String(init?.body)) as PunchBody
      const answer = punch(body)
      if (!answer.networkError) sent.push(body)
      return answer
    },
  })
  return { fetch, sent, ...renderApp('/kiosk') }
}

const names = () => screen.findByRole('list', { name: 'Members' })
const tapPin = async (user: ReturnType<typeof userEvent.setup>, pin: string) => {
  const pad = screen.getByRole('group', { name: 'PIN pad' })
  for (const digit of pin) await user.click(within(pad).getByRole('button', { name: digit }))
}

describe('the kiosk screen', () => {
  it('clocks a member in with a tap on their name, the PIN and a tap on Clock In, and says so aloud', async () => {
    const user = userEvent.setup()
    const { sent } = kiosk(() => ({ body: { action: 'in', time: '08:02', firstName: 'Ruth' } }))
    const list = await names()
    expect(within(list).getByRole('button', { name: 'José M. Clocked in' })).toBeTruthy()
    await user.click(within(list).getByRole('button', { name: 'Ruth S.' }))
    const clockIn = screen.getByRole('button', { name: 'Clock In' })
    expect((clockIn as HTMLButtonElement).disabled).toBe(true) // not yet 4 digits
    await tapPin(user, '4821')
    await user.click(clockIn)
    expect((await screen.findByTestId('kiosk-confirmation')).textContent).toBe('Clocked in at 8:02 AM, Ruth')
    // Said aloud: the live region holds the confirmation.
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Clocked in at 8:02 AM, Ruth')
    expect(sent).toEqual([{ employeeId: 'u-ruth', pin: '4821' }])
    await user.click(screen.getByRole('button', { name: 'Done' }))
    await names()
  })

  it('finds a name by search, accents aside, and offers Clock Out to a member clocked in', async () => {
    const user = userEvent.setup()
    kiosk(() => ({ body: { action: 'out', time: '17:30', firstName: 'José' } }))
    await names()
    await user.type(screen.getByLabelText('Find your name'), 'jose')
    expect(
      within(await names())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['JMJosé M.Clocked in'])
    await user.click(screen.getByRole('button', { name: /^José M\./ }))
    await user.keyboard('135790{Enter}')
    expect((await screen.findByTestId('kiosk-confirmation')).textContent).toBe('Clocked out at 5:30 PM, José')
  })

  it('says a wrong PIN and a locked PIN plainly, and the digits start over', async () => {
    const user = userEvent.setup()
    let tries = 0
    kiosk(() =>
      ++tries < 2
        ? { status: 401, body: { message: 'Wrong PIN', key: 'wrongPin' } }
        : { status: 429, body: { message: 'Too many wrong PINs.', key: 'pinLocked' } },
    )
    await user.click(within(await names()).getByRole('button', { name: 'Ruth S.' }))
    await tapPin(user, '0000')
    await user.click(screen.getByRole('button', { name: 'Clock In' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong PIN. Try again.')
    const field = screen.getByLabelText('PIN', { selector: 'input' }) as HTMLInputElement
    // The digits are cleared and the field focused as the alert renders (on a loaded machine, a tick later).
    await waitFor(() => {
      expect(field.value).toBe('')
      expect(document.activeElement).toBe(field)
    })
    await tapPin(user, '4821')
    await user.click(screen.getByRole('button', { name: 'Clock In' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Too many wrong PINs/))
  })

  it('keeps a punch made offline with its time, and sends it when the connection is back', async () => {
    const user = userEvent.setup()
    let online = false
    const { sent } = kiosk(() =>
      online ? { body: { action: 'in', time: '08:02', firstName: 'Ruth' } } : { networkError: true },
    )
    await user.click(within(await names()).getByRole('button', { name: 'Ruth S.' }))
    const network = connection()
    expect(screen.getByText(/^Offline: punches are saved on this tablet/)).toBeTruthy()
    await tapPin(user, '4821')
    const before = Date.now()
    await user.click(screen.getByRole('button', { name: 'Clock In' }))
    await screen.findByText('Saved on this tablet: it is sent as soon as the connection is back.')
    expect(screen.getByTestId('kiosk-confirmation').textContent).toMatch(/^Clocked in at .+, Ruth$/)
    expect(screen.getByText(/1 punch waiting to be sent/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Done' }))
    // The tablet now knows Ruth as clocked in: her next punch would clock her out.
    expect(within(await names()).getByRole('button', { name: 'Ruth S. Clocked in' })).toBeTruthy()
    expect(sent).toEqual([])

    online = true
    network.back()
    await waitFor(() => expect(screen.queryByText(/punch waiting/)).toBeNull())
    expect(sent).toEqual([{ employeeId: 'u-ruth', pin: '4821', at: expect.any(String) }])
    const at = Date.parse(sent[0]!.at!)
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now())
  })

  it('lists a punch made offline that the server refused, for a person to pass on', async () => {
    const user = userEvent.setup()
    let online = false
    kiosk(() => (online ? { status: 401, body: { message: 'Wrong PIN', key: 'wrongPin' } } : { networkError: true }))
    await user.click(within(await names()).getByRole('button', { name: 'Ruth S.' }))
    const network = connection()
    await tapPin(user, '9999')
    await user.click(screen.getByRole('button', { name: 'Clock In' }))
    await screen.findByText(/1 punch waiting to be sent/)
    online = true
    network.back()
    const refused = await screen.findByText('Not saved: tell these members')
    expect(refused.parentElement!.textContent).toMatch(/Ruth S\., clock in at .+: Wrong PIN/)
    expect(screen.queryByText(/punch waiting/)).toBeNull()
  })

  it('tells a browser that is no kiosk where a supervisor sets one up', async () => {
    mockFetch({
      'GET /api/auth/user': { status: 401, body: { message: 'Unauthorized' } },
      'GET /api/kiosk/members': { status: 401, body: { message: 'Unauthorized' } },
    })
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined)
    renderApp('/kiosk')
    expect(await screen.findByRole('heading', { name: 'This device is not a kiosk' })).toBeTruthy()
    expect(screen.getByText('A supervisor turns a device into a kiosk in Settings → Kiosk.')).toBeTruthy()
    // It stays, rather than going to the supervisors' sign-in as other reads' 401 does.
    await new Promise((resolve) => setTimeout(resolve, UNAUTHORIZED_REDIRECT_DELAY_MS + 200))
    expect(navigate).not.toHaveBeenCalled()
  })

  it('sends a kiosk session that opens another address back to the kiosk', async () => {
    mockFetch({ 'GET /api/auth/user': kioskSession, 'GET /api/kiosk/members': { body: MEMBERS } })
    renderApp('/')
    await names()
    expect(screen.getByTestId('location').textContent).toBe('/kiosk')
  })
})
