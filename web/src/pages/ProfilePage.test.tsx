import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const show = (user = makeUser()) => {
  mockFetch({
    'GET /api/auth/user': { body: user },
    'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
  })
  renderApp('/profile')
}

describe('ProfilePage', () => {
  it('shows a supervisor from the external provider with every detail', async () => {
    show()
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy()
    expect(screen.getByText('Supervisor', { selector: 'span' })).toBeTruthy()
    expect(screen.getByText('grace@example.org')).toBeTruthy()
    expect(screen.getByText('Worship')).toBeTruthy()
    expect(screen.getByText('Member since January 5, 2026')).toBeTruthy()
    expect(screen.getByText('user-1')).toBeTruthy()
    expect(screen.getByText('External Provider Account')).toBeTruthy()
    expect(screen.getByText('February 10, 2026')).toBeTruthy()
    expect(screen.getByText('org-1')).toBeTruthy()
    expect(screen.getAllByText('GH').length).toBeGreaterThan(0)
  })

  it('shows a staff account as Employee and Local Account, without missing fields', async () => {
    show(makeUser({ role: 'employee', authType: 'local', email: null, department: null, username: 'gh1234' }))
    expect(await screen.findByText('Employee')).toBeTruthy()
    expect(screen.getByText('Local Account')).toBeTruthy()
    expect(screen.getByText('gh1234')).toBeTruthy()
    expect(screen.queryByText('Email:')).toBeNull()
    expect(screen.queryByText('Department:')).toBeNull()
    expect(screen.getByText('Staff Login, with username gh1234')).toBeTruthy()
  })

  it('says a supervisor added by a colleague signs in with Supervisor Login, not a Local Account', async () => {
    show({
      ...makeUser({ role: 'supervisor', authType: 'local', username: 'kai4821' }),
      signInWays: ['supervisorLogin', 'staffLogin'],
    } as ReturnType<typeof makeUser>)
    expect(await screen.findByText('Supervisor Login, through your identity provider')).toBeTruthy()
    expect(screen.getByText('Staff Login, with username kai4821')).toBeTruthy()
    expect(screen.getByText('External Provider Account')).toBeTruthy()
    expect(screen.queryByText('Local Account')).toBeNull()
  })

  it('shows volunteers as Volunteer', async () => {
    show(makeUser({ role: 'volunteer' }))
    expect(await screen.findByText('Volunteer', { selector: 'span' })).toBeTruthy()
  })

  describe('language', () => {
    afterEach(() => i18next.changeLanguage('en'))

    it('keeps the chosen language on the user, switches the screens and says so in the new language', async () => {
      const user = makeUser({ role: 'employee', language: 'en' })
      const fetch = mockFetch({
        'GET /api/auth/user': { body: user },
        'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
        'PATCH /api/auth/user': { body: { ...user, language: 'es' } },
      })
      const clicks = userEvent.setup()
      renderApp('/profile')
      await screen.findByRole('heading', { name: 'Profile', level: 1 })
      const select = screen.getByLabelText('Language')
      expect(select).toHaveProperty('value', 'en')
      await clicks.selectOptions(select, 'es')

      expect(await screen.findByText('Idioma guardado')).toBeTruthy()
      expect(screen.getByText('La aplicación ahora está en español.')).toBeTruthy()
      expect(screen.getByRole('heading', { name: 'Perfil', level: 1 })).toBeTruthy()
      expect(screen.getByLabelText('Idioma')).toHaveProperty('value', 'es')
      const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')
      expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ language: 'es' })
    })

    it('stays in the current language when the server refuses the change', async () => {
      const fetch = mockFetch({
        'GET /api/auth/user': { body: makeUser() },
        'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
        'PATCH /api/auth/user': { status: 500, body: { message: 'Internal server error' } },
      })
      const clicks = userEvent.setup()
      renderApp('/profile')
      await screen.findByRole('heading', { name: 'Profile', level: 1 })
      await clicks.selectOptions(screen.getByLabelText('Language'), 'es')
      expect(await screen.findByText('Internal server error')).toBeTruthy()
      expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy()
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true)
    })
  })

  describe('phones kept signed in', () => {
    const device = (over: object) => ({
      id: 'dev-1',
      browser: 'Chrome',
      os: 'Android',
      createdAt: '2026-11-02T15:00:00.000Z',
      lastUsedAt: '2026-11-20T15:00:00.000Z',
      current: false,
      ...over,
    })

    it('lists them, marks this phone, and signs another one out at once', async () => {
      let devices = [device({}), device({ id: 'dev-2', browser: 'Safari', os: 'iOS', current: true })]
      const fetch = mockFetch({
        'GET /api/auth/user': { body: makeUser({ role: 'employee', authType: 'local', username: 'gh1234' }) },
        'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
        'GET /api/profile/devices': () => ({ body: { devices } }),
        'DELETE /api/profile/devices/dev-1': () => {
          devices = devices.filter((d) => d.id !== 'dev-1')
          return { status: 204 }
        },
      })
      const user = userEvent.setup()
      renderApp('/profile')
      expect(await screen.findByText('Chrome on Android')).toBeTruthy()
      expect(screen.getByText('Safari on iOS')).toBeTruthy()
      expect(screen.getByText('This phone')).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'Sign out Chrome on Android' }))
      expect(await screen.findByText('Chrome on Android is no longer signed in.')).toBeTruthy()
      await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out Chrome on Android' })).toBeNull())
      expect(fetch.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/dev-1'))).toBe(
        true,
      )
    })

    it('says when there are none', async () => {
      mockFetch({
        'GET /api/auth/user': { body: makeUser({ role: 'employee', authType: 'local' }) },
        'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
        'GET /api/profile/devices': { body: { devices: [] } },
      })
      renderApp('/profile')
      expect(await screen.findByText('No phone is kept signed in.')).toBeTruthy()
    })
  })
})
