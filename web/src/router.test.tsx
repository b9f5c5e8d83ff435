import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { makeUser } from '../test/fixtures.ts'
import { mockFetch, signedOut } from '../test/fetch-mock.ts'
import { renderApp } from '../test/render.tsx'
import { publicRoutes, signedInRoutes } from './router.tsx'
import { PRODUCT_LOGO_URL } from './lib/product.ts'

afterEach(() => vi.unstubAllGlobals())

const signedIn = (role: 'supervisor' | 'employee' | 'volunteer' = 'supervisor') =>
  mockFetch({
    'GET /api/auth/user': { body: makeUser({ role }) },
    'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
  })

describe('route tables', () => {
  it('hold exactly the pages built so far, per spec section 2', () => {
    expect(publicRoutes.map((r) => r.path)).toEqual([
      '/',
      '/auth-guide',
      '/pricing',
      '/subscribe',
      '/payment-success',
      '/auth-required',
      '/staff-guide',
      '/staff-login',
      '/demo',
      '/developers',
      '/sign-in/choice',
      '/submit-timesheet',
    ])
    expect(signedInRoutes.map((r) => r.path)).toEqual([
      '/',
      '/submit-timesheet',
      '/reports',
      '/settings/*',
      '/employees',
      '/employees/import',
      '/profile',
      '/activity',
      '/pricing',
      '/subscribe',
      '/payment-success',
      '/demo',
      '/payroll',
      '/developers',
      '/time-off',
    ])
  })
})

describe('signed out', () => {
  it('shows the 404 page on an unknown path', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut })
    renderApp('/no-such-page')
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy()
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy()
  })

  it('shows the landing page at / with its actions', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut })
    renderApp('/')
    const supervisor = await screen.findByRole('link', { name: 'Supervisor Login' })
    expect(supervisor.getAttribute('href')).toBe('/api/login')
    expect(screen.getByRole('link', { name: 'Staff Login' }).getAttribute('href')).toBe('/staff-login')
    expect(screen.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing')
    expect(screen.getByRole('link', { name: 'Demo' }).getAttribute('href')).toBe('/demo')
    expect(screen.getByRole('link', { name: 'Staff Guide' }).getAttribute('href')).toBe('/staff-guide')
    expect(screen.getByText('Simple time tracking for church teams')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull()
  })

  it('treats a signed-in page as unknown', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut })
    renderApp('/profile')
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy()
  })

  it('counts a failed session check as signed out', async () => {
    mockFetch({ 'GET /api/auth/user': { status: 500, body: { message: 'Internal server error' } } })
    renderApp('/')
    expect(await screen.findByRole('link', { name: 'Supervisor Login' })).toBeTruthy()
  })

  it('shows Loading..., not a 404, for an unknown path while the session check runs', async () => {
    let answer!: () => void
    mockFetch({ 'GET /api/auth/user': { ...signedOut, wait: new Promise<void>((r) => (answer = r)) } })
    renderApp('/profile')
    expect(await screen.findByText('Loading...')).toBeTruthy()
    expect(screen.queryByText('404 Page Not Found')).toBeNull()
    answer()
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy()
  })

  it('shows the demo page at /demo', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut })
    renderApp('/demo')
    expect(await screen.findByRole('heading', { name: 'Try the demo' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Explore as a supervisor' }).getAttribute('href')).toBe(
      '/api/demo?role=supervisor',
    )
  })

  it('shows Loading..., never a public page, while the session check runs, then the public page', async () => {
    let answer!: () => void
    mockFetch({ 'GET /api/auth/user': { ...signedOut, wait: new Promise<void>((r) => (answer = r)) } })
    renderApp('/staff-login')
    expect(await screen.findByText('Loading...')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Staff Login' })).toBeNull()
    answer()
    expect(await screen.findByRole('heading', { name: 'Staff Login' })).toBeTruthy()
  })
})

describe('signed in', () => {
  it('shows the dashboard at / with the user’s role', async () => {
    signedIn('volunteer')
    renderApp('/')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy()
    expect(screen.getByText('Volunteer')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Supervisor Login' })).toBeNull()
  })

  it('shows the 404 page for public-only and unknown paths', async () => {
    signedIn()
    renderApp('/staff-login')
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy()
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy()
  })

  it('keeps /demo, in the signed-in frame', async () => {
    signedIn()
    renderApp('/demo')
    // The public page may show while the session check runs; then the signed-in frame holds it.
    expect(await screen.findByText('Virtual Executive Pastor')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Try the demo' })).toBeTruthy()
  })

  it('keeps /pricing', async () => {
    signedIn()
    renderApp('/pricing')
    expect(await screen.findByRole('heading', { name: 'Plans for every ministry' })).toBeTruthy()
  })

  it('shows the organization, the subtitle and supervisor navigation in the header', async () => {
    signedIn('supervisor')
    renderApp('/')
    expect(await screen.findByText('Grace Chapel')).toBeTruthy()
    expect(screen.getByText('Virtual Executive Pastor')).toBeTruthy()
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!
    expect(within(nav).getByRole('link', { name: 'Employees' }).getAttribute('href')).toBe('/employees')
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings')
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/')
  })

  it('hides Employees and Settings from non-supervisors, in the header and the user menu', async () => {
    signedIn('employee')
    const user = userEvent.setup()
    renderApp('/')
    await screen.findByRole('heading', { name: 'Dashboard' })
    expect(screen.queryByRole('link', { name: 'Employees' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Account menu for Grace Hopper' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile')
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' }).getAttribute('href')).toBe('/api/logout?local=true')
    expect(within(menu).queryByRole('menuitem', { name: 'Employees' })).toBeNull()
    expect(within(menu).queryByRole('menuitem', { name: 'Settings' })).toBeNull()
  })

  it('offers a supervisor Profile, Employees, Settings and Sign Out in the user menu', async () => {
    signedIn('supervisor')
    const user = userEvent.setup()
    renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Account menu for Grace Hopper' }))
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem')
    expect(items.map((i) => i.textContent?.trim())).toEqual(['Profile', 'Employees', 'Settings', 'Sign Out'])
    await user.click(items[0]!)
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/profile')
  })

  it('fills the menu item under the keyboard, apart from the current page’s pale marker', async () => {
    signedIn('supervisor')
    const user = userEvent.setup()
    renderApp('/')
    const trigger = await screen.findByRole('button', { name: 'Menu' })
    trigger.focus()
    await user.keyboard('{Enter}')
    const menu = within(await screen.findByRole('menu'))
    await waitFor(() => expect(document.activeElement).toBe(menu.getByRole('menuitem', { name: 'Dashboard' })))
    await user.keyboard('{ArrowDown}')
    const focused = menu.getByRole('menuitem', { name: 'Employees' })
    expect(document.activeElement).toBe(focused)
    expect(focused.hasAttribute('data-highlighted')).toBe(true)
    const current = menu.getByRole('menuitem', { name: 'Dashboard' })
    expect(current.getAttribute('aria-current')).toBe('page')
    // The classes each look comes from: a strong fill while focused, a pale one for the current page.
    const looks = (item: HTMLElement, prefix: string) =>
      item.className.split(' ').filter((c) => c.startsWith(prefix) && /\bbg-/.test(c))
    expect(looks(focused, 'data-[highlighted]:')).toEqual(['data-[highlighted]:bg-indigo-600'])
    expect(looks(current, 'bg-')).toEqual(['bg-indigo-50'])
  })

  it('falls back to the product name and logo when the organization has none set', async () => {
    mockFetch({
      'GET /api/auth/user': { body: makeUser() },
      'GET /api/organization/settings': { status: 500, body: { message: 'Internal server error' } },
    })
    const { container } = renderApp('/')
    expect(await screen.findByText('Ministry Timesheets')).toBeTruthy()
    expect(container.querySelector('header img')?.getAttribute('src')).toBe(PRODUCT_LOGO_URL)
  })
})
