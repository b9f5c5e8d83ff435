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
})
