import { afterEach, describe, expect, it, vi } from 'vitest'
// IndexedDB, which jsdom lacks: the kiosk keeps its offline punches there.
import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import {
  kioskMessages,
  kioskPeriodClosedMessage,
  nowHHMM,
  type KioskInfo,
  type KioskMembers,
  type PunchBody,
} from '@app/core'
import { mockFetch, type MockAnswer } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'
import { browser } from '../lib/browser.ts'
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '../lib/unauthorized.ts'
import { dismissRefused, keptInfo, queuedPunches, syncPunchesOnce } from '../offline/kiosk-queue.ts'

afterEach(async () => {
  await i18next.changeLanguage('en')
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  // Nothing a test left waiting on the tablet reaches the next one.
  await syncPunchesOnce(async () => ({ action: 'in', time: '00:00', firstName: '' }))
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

/** An organization's zone other than the one the tests run in, so a time in the wrong zone shows. */
const ORG_ZONE = nowHHMM(new Date(), 'America/Denver') === nowHHMM(new Date()) ? 'Asia/Tokyo' : 'America/Denver'
const INFO: KioskInfo = { name: 'Front desk', timeZone: ORG_ZONE, lockedUntil: null }

/** A kiosk whose punches `punch` answers; the bodies it was sent are in `sent`. */
const kiosk = (punch: (body: PunchBody) => MockAnswer, info: () => KioskInfo = () => INFO) => {
  const sent: PunchBody[] = []
  const fetch = mockFetch({
    'GET /api/auth/user': kioskSession,
    'GET /api/kiosk/members': { body: MEMBERS },
    'GET /api/kiosk': () => ({ body: info() }),
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
const tapPin = async (user: ReturnType<typeof userEvent.setup>, pin: string, padName = 'PIN pad') => {
  const pad = screen.getByRole('group', { name: padName })
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
    expect((await screen.findByTestId('kiosk-confirmation')).textContent).toBe('Clocked in at 08:02, Ruth')
    // Said aloud: the live region holds the confirmation.
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Clocked in at 08:02, Ruth')
    expect(sent).toEqual([{ employeeId: 'u-ruth', pin: '4821' }])
    await user.click(screen.getByRole('button', { name: 'Done' }))
    await names()
  })

  it("opens without a session check, which a kiosk's session would only have refused (403)", async () => {
    vi.spyOn(browser, 'pathname').mockReturnValue('/kiosk/')
    const { fetch } = kiosk(() => ({ body: { action: 'in', time: '08:02', firstName: 'Ruth' } }))
    await names()
    const asked = fetch.mock.calls.map(([url]) => String(url))
    expect(asked).toContain('/api/kiosk/members')
    expect(asked).not.toContain('/api/auth/user')
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
    expect((await screen.findByTestId('kiosk-confirmation')).textContent).toBe('Clocked out at 17:30, José')
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

  /**
   * Ruth clocks in with `pin` while the network is down; then the server answers again (`back`) and
   * the network returns: the list of refused punches that the kept punch lands in.
   */
  const refusedOnceBack = async (user: ReturnType<typeof userEvent.setup>, pin: string, back: () => void) => {
    await user.click(within(await names()).getByRole('button', { name: 'Ruth S.' }))
    const network = connection()
    await tapPin(user, pin)
    await user.click(screen.getByRole('button', { name: 'Clock In' }))
    await screen.findByText(/1 punch waiting to be sent/)
    back()
    network.back()
    return screen.findByText('Not saved: tell these members')
  }

  it('lists a punch made offline that the server refused, for a person to pass on', async () => {
    const user = userEvent.setup()
    let online = false
    kiosk(() => (online ? { status: 401, body: { message: 'Wrong PIN', key: 'wrongPin' } } : { networkError: true }))
    const refused = await refusedOnceBack(user, '9999', () => (online = true))
    expect(refused.parentElement!.textContent).toMatch(/Ruth S\., clock in at .+: Wrong PIN/)
    expect(screen.queryByText(/punch waiting/)).toBeNull()
  })

  it('shows the time of a punch kept offline in the organization’s zone, not the tablet’s, with the zone kept for a kiosk that starts offline', async () => {
    const user = userEvent.setup()
    const first = kiosk(() => ({ networkError: true }))
    await user.click(within(await names()).getByRole('button', { name: 'Ruth S.' }))
    await waitFor(async () => expect((await keptInfo())?.timeZone).toBe(ORG_ZONE))
    const network = connection()
    await tapPin(user, '4821')
    const before = new Date()
    await user.click(screen.getByRole('button', { name: 'Clock In' }))
    const shown = (await screen.findByTestId('kiosk-confirmation')).textContent
    const after = new Date()
    const inZone = (at: Date, zone?: string) => `Clocked in at ${nowHHMM(at, zone)}, Ruth`
    expect([inZone(before, ORG_ZONE), inZone(after, ORG_ZONE)]).toContain(shown)
    expect(shown).not.toBe(inZone(before))
    first.unmount()

    // The tablet starts again with no network at all: the names and the zone come from the tablet.
    network.back()
    mockFetch({
      'GET /api/auth/user': { networkError: true },
      'GET /api/kiosk/members': { networkError: true },
      'GET /api/kiosk': { networkError: true },
      'POST /api/kiosk/punch': { networkError: true },
    })
    renderApp('/kiosk')
    await user.click(within(await names()).getByRole('button', { name: 'José M. Clocked in' }))
    await tapPin(user, '4821')
    const again = new Date()
    await user.click(screen.getByRole('button', { name: 'Clock Out' }))
    const out = (await screen.findByTestId('kiosk-confirmation')).textContent
    expect(
      [0, 60_000].map((ms) => `Clocked out at ${nowHHMM(new Date(again.getTime() + ms), ORG_ZONE)}, José`),
    ).toContain(out)
  })

  it('lists a punch kept offline longer than 5 minutes, which the server refuses for its time, with its time in the organization’s zone', async () => {
    const user = userEvent.setup()
    let online = false
    const punchTime =
      'The time of a kiosk punch must be within 5 minutes of now; an earlier time is a correction the member makes on their week'
    const { sent } = kiosk(() =>
      online
        ? { status: 400, body: { message: punchTime, key: 'punchTime', fields: { at: punchTime } } }
        : { networkError: true },
    )
    const refused = await refusedOnceBack(user, '4821', () => (online = true))
    const at = new Date(sent[0]!.at!)
    expect(refused.parentElement!.textContent).toContain(`Ruth S., clock in at ${nowHHMM(at, ORG_ZONE)}: ${punchTime}`)
    // It left the queue: nothing waits, and it is never sent again.
    expect(screen.queryByText(/punch waiting/)).toBeNull()
    expect(await queuedPunches()).toEqual([])
  })

  it('says why a week takes no punch, and what to do, in the kiosk’s language', async () => {
    const user = userEvent.setup()
    const refusals = [
      { message: kioskMessages.weekPending, key: 'kioskWeekPending' },
      { message: kioskMessages.weekApproved, key: 'kioskWeekApproved' },
      {
        message: kioskPeriodClosedMessage({ start: '2026-11-16', end: '2026-11-29' }),
        key: 'kioskPeriodClosed',
        params: { start: 'Monday, Nov 16, 2026', end: 'Sunday, Nov 29, 2026' },
      },
    ]
    let punches = 0
    kiosk(() => ({ status: 409, body: refusals[punches++] }))
    await user.click(within(await names()).getByRole('button', { name: 'Ruth S.' }))
    await tapPin(user, '4821')
    await user.click(screen.getByRole('button', { name: 'Clock In' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(kioskMessages.weekPending))

    await act(() => i18next.changeLanguage('es'))
    for (const spanish of [
      'Su hoja de horas de esta semana está aprobada; pida a un supervisor que se la devuelva para corregirla antes de marcar su entrada o salida',
      // The period's dates said in Spanish too.
      'El período de pago del lunes, 16 de nov de 2026 al domingo, 29 de nov de 2026 está cerrado; pida a un supervisor que lo reabra si hay que cambiar sus horas',
    ]) {
      await tapPin(user, '4821', 'Teclado del PIN')
      await user.click(screen.getByRole('button', { name: 'Marcar Entrada' }))
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(spanish))
    }
  })

  it('says plainly when the kiosk itself is locked, on the screen and on the pad', async () => {
    const user = userEvent.setup()
    const until = new Date(Date.now() + 14 * 60_000)
    let locked = false
    kiosk(
      () => {
        locked = true
        return { status: 429, body: { message: 'Too many wrong PINs at this kiosk.', key: 'kioskLocked' } }
      },
      () => (locked ? { ...INFO, lockedUntil: until.toISOString() } : INFO),
    )
    await user.click(within(await names()).getByRole('button', { name: 'Ruth S.' }))
    await tapPin(user, '4821')
    await user.click(screen.getByRole('button', { name: 'Clock In' }))
    expect(
      await screen.findByText(
        'This kiosk is locked for 15 minutes after too many wrong PINs. Its supervisors have been told.',
      ),
    ).toBeTruthy()
    expect(
      await screen.findByText(
        `This kiosk is locked until ${nowHHMM(until, ORG_ZONE)} after too many wrong PINs. Its supervisors have been told; clock in or out on your phone or tell a supervisor.`,
      ),
    ).toBeTruthy()
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
