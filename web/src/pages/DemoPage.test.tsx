import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch, signedOut, type MockAnswer } from '../../test/fetch-mock.ts'
import { renderApp } from '../../test/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const show = (me: MockAnswer) => {
  mockFetch({
    'GET /api/auth/user': me,
    'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
  })
  const user = userEvent.setup()
  return { user, ...renderApp('/demo') }
}

const WARNING = /Opening the demo signs you out of your own account/

describe('DemoPage', () => {
  it('explains the read-only demo organization and opens it in either role by a browser navigation', async () => {
    show(signedOut)
    expect(await screen.findByRole('heading', { name: 'Try the demo', level: 1 })).toBeTruthy()
    expect(screen.getByText('Demo: Grace Community Church')).toBeTruthy()
    expect(screen.getByText(/timesheets in every state: drafts, pending review, approved and declined/)).toBeTruthy()
    expect(screen.getByText(/The demo is read-only/)).toBeTruthy()

    const supervisor = screen.getByRole('link', { name: 'Explore as a supervisor' })
    const staff = screen.getByRole('link', { name: 'Explore as a staff member' })
    // Plain links, not client-side routes: the API sets the demo session and redirects to /.
    expect(supervisor.getAttribute('href')).toBe('/api/demo?role=supervisor')
    expect(staff.getAttribute('href')).toBe('/api/demo?role=employee')
    expect(within(supervisor.closest('li')!).getByRole('heading', { name: 'Supervisor' })).toBeTruthy()
    expect(within(staff.closest('li')!).getByRole('heading', { name: 'Staff member' })).toBeTruthy()
    expect(screen.queryByText(WARNING)).toBeNull()
    expect(document.title).toBe('Demo · Ministry Timesheets')
  })

  it('goes back home with Back to Home', async () => {
    const { user } = show(signedOut)
    await user.click(await screen.findByRole('link', { name: 'Back to Home' }))
    expect(await screen.findByRole('link', { name: 'Supervisor Login' })).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/')
  })

  it('warns a signed-in member that opening the demo leaves their own account', async () => {
    show({ body: makeUser() })
    expect(await screen.findByText(WARNING)).toBeTruthy()
    expect(await screen.findByText('Virtual Executive Pastor')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Explore as a staff member' }).getAttribute('href')).toBe(
      '/api/demo?role=employee',
    )
  })

  it('does not warn someone already in the demo, who comes here to switch roles', async () => {
    show({ body: { ...makeUser(), demo: true } })
    expect(await screen.findByRole('region', { name: 'Demo' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Try the demo' })).toBeTruthy()
    expect(screen.queryByText(WARNING)).toBeNull()
  })

  it('lets the Spanish calls to explore wrap on a phone instead of running past its edge', async () => {
    await i18next.changeLanguage('es')
    try {
      show(signedOut)
      for (const name of ['Explorar como miembro del personal', 'Explorar como supervisor']) {
        const link = await screen.findByRole('link', { name })
        expect(link.className).toContain('whitespace-normal')
        expect(link.className).not.toContain('whitespace-nowrap')
      }
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})
