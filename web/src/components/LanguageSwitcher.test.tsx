import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { mockFetch, signedOut } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  localStorage.clear()
  await i18next.changeLanguage('en')
})

describe('the footer’s language switcher', () => {
  it('turns the signed-out pages into Spanish and back, and keeps the choice on this device', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut })
    const user = userEvent.setup()
    renderApp('/staff-login')
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeTruthy()
    const footer = screen.getByRole('contentinfo')
    await user.selectOptions(screen.getByLabelText('Language'), 'es')

    expect(await screen.findByRole('heading', { name: 'Acceso del personal' })).toBeTruthy()
    expect(screen.getByLabelText('Usuario')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy()
    expect(footer.textContent).toContain('Guía para el personal')
    expect(document.documentElement.lang).toBe('es')
    expect(localStorage.getItem('language')).toBe('es')

    await user.selectOptions(screen.getByLabelText('Idioma'), 'en')
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeTruthy()
    expect(localStorage.getItem('language')).toBe('en')
  })
})
