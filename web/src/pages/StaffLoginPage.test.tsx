import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { makeUser } from '../../test/fixtures.ts'
import { mockFetch, signedOut } from '../../test/fetch-mock.ts'
import { isUnavailable, renderApp } from '../../test/render.tsx'

afterEach(() => vi.unstubAllGlobals())

const fill = async (user: ReturnType<typeof userEvent.setup>, username: string, password: string) => {
  // The page shows once the session check has answered (a signed-in member never sees it flash).
  await screen.findByLabelText('Username')
  if (username) await user.type(screen.getByLabelText('Username'), username)
  if (password) await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
}

describe('StaffLoginPage', () => {
  it('shows its texts, links and autocomplete hints', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut })
    renderApp('/staff-login')
    expect((await screen.findByLabelText('Username')).getAttribute('autocomplete')).toBe('username')
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password')
    expect(screen.getByText('Contact your supervisor for access.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: /Supervisor\? Sign in here/ }).getAttribute('href')).toBe('/api/login')
  })

  it('requires both fields and sends nothing until they are filled', async () => {
    const fetch = mockFetch({ 'GET /api/auth/user': signedOut })
    const user = userEvent.setup()
    renderApp('/staff-login')
    await fill(user, '', '')
    expect(screen.getByText('Username is required')).toBeTruthy()
    expect(screen.getByText('Password is required')).toBeTruthy()
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(screen.getByLabelText('Username'))

    await user.type(screen.getByLabelText('Username'), 'jsmith')
    expect(screen.queryByText('Username is required')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByText('Password is required')).toBeTruthy()
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('shows Signing In... while working, then signs in and goes to the dashboard', async () => {
    let release!: () => void
    const staff = makeUser({ role: 'employee', authType: 'local', username: 'jsmith', firstName: 'Jo' })
    const fetch = mockFetch({
      'GET /api/auth/user': signedOut,
      'POST /api/staff/login': { body: staff, wait: new Promise<void>((r) => (release = r)) },
      'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
    })
    const user = userEvent.setup()
    renderApp('/staff-login')
    await fill(user, ' jsmith ', 'secret-pass')

    const button = await screen.findByRole('button', { name: 'Signing In...' })
    expect(isUnavailable(button)).toBe(true)
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!
    expect(JSON.parse(String(init!.body))).toEqual({ username: 'jsmith', password: 'secret-pass' })
    expect(init!.headers).toEqual({ 'Content-Type': 'application/json' })

    release()
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy()
    expect(screen.getByText('Staff Member')).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/')
  })

  it("sends 'remember' only when 'Keep me signed in on this phone' is ticked", async () => {
    const staff = makeUser({ role: 'employee', authType: 'local', username: 'jsmith' })
    const fetch = mockFetch({
      'GET /api/auth/user': signedOut,
      'POST /api/staff/login': { body: staff },
      'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
    })
    const user = userEvent.setup()
    renderApp('/staff-login')
    const box = await screen.findByRole('checkbox', { name: 'Keep me signed in on this phone' })
    expect((box as HTMLInputElement).checked).toBe(false)
    expect(box.getAttribute('aria-describedby')).toBe('remember-hint')
    await user.click(box)
    await fill(user, 'jsmith', 'secret-pass')
    await screen.findByRole('heading', { name: 'Dashboard' })
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!
    expect(JSON.parse(String(init!.body))).toEqual({ username: 'jsmith', password: 'secret-pass', remember: true })
  })

  it('shows the server’s message when sign-in is refused', async () => {
    mockFetch({
      'GET /api/auth/user': signedOut,
      'POST /api/staff/login': { status: 401, body: { message: 'Invalid username or password' } },
    })
    const user = userEvent.setup()
    renderApp('/staff-login')
    await fill(user, 'nobody', 'wrong-password')
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password')
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy()
    // A refused sign-in is not a lost session: no 'Unauthorized' toast.
    expect(screen.queryByText('You are logged out. Logging in again...')).toBeNull()
  })

  it('shows the lock-out message of a 429', async () => {
    mockFetch({
      'GET /api/auth/user': signedOut,
      'POST /api/staff/login': {
        status: 429,
        body: { message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' },
      },
    })
    const user = userEvent.setup()
    renderApp('/staff-login')
    await fill(user, 'nobody', 'wrong-password')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    )
  })

  it('falls back to a generic message when the server gives none', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'POST /api/staff/login': { status: 500, body: '' } })
    const user = userEvent.setup()
    renderApp('/staff-login')
    await fill(user, 'jsmith', 'secret-pass')
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Please check your credentials.')
  })

  it('shows field messages of a 400', async () => {
    mockFetch({
      'GET /api/auth/user': signedOut,
      'POST /api/staff/login': {
        status: 400,
        body: { message: 'Invalid input', fields: { username: 'Username must be at most 50 characters' } },
      },
    })
    const user = userEvent.setup()
    renderApp('/staff-login')
    await fill(user, 'jsmith', 'secret-pass')
    expect(await screen.findByText('Username must be at most 50 characters')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Invalid input')
  })

  it('says the server cannot be reached when the request fails', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut, 'POST /api/staff/login': { networkError: true } })
    const user = userEvent.setup()
    renderApp('/staff-login')
    await fill(user, 'jsmith', 'secret-pass')
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to connect to the server. Please try again.')
  })
})
