import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { messages } from '@app/core'
import { toast } from '../../lib/toast.ts'
import { makeStaffMember, makeUser } from '../../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../../test/fetch-mock.ts'
import { isUnavailable, renderApp } from '../../../test/render.tsx'
import { clearToasts } from '../../../test/toasts.ts'

afterEach(clearToasts)

// A supervisor added by another, with a staff login: they do not reset their own password here.
const me = makeUser({ id: 'sup-1', role: 'supervisor', username: 'ghopper', authType: 'local' })
const ada = makeStaffMember()
// A second supervisor who signs in with their own identity provider account: no password here.
const otto = makeUser({ id: 'sup-2', firstName: 'Otto', lastName: 'Berg', username: null, authType: 'oidc' })

const RESET_URL = 'POST /api/employees/mem-1/reset-password'
const NEW_PASSWORD = 'Nw8#fresh-Secret'

const show = (
  reset: MockAnswer | (() => MockAnswer) = {
    body: { temporaryCredentials: { username: 'alovelace', password: NEW_PASSWORD } },
  },
) => {
  const fetchMock = mockFetch({
    'GET /api/auth/user': { body: me },
    'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
    'GET /api/employees': { body: [me, ada, otto] },
    [RESET_URL]: reset,
  })
  const user = userEvent.setup()
  return { fetchMock, user, ...renderApp('/employees') }
}

const resets = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/reset-password'))

const openConfirm = async (user: ReturnType<typeof userEvent.setup>) => {
  const table = await screen.findByRole('table', { name: 'Members' })
  await user.click(within(table).getByRole('button', { name: 'Reset password for Ada Lovelace' }))
  return screen.findByRole('alertdialog', { name: 'Reset password?' })
}

describe('ResetPasswordDialog', () => {
  it('is offered for staff logins only, not for yourself or members of an identity provider', async () => {
    show()
    const table = await screen.findByRole('table', { name: 'Members' })
    const buttons = within(table).getAllByRole('button', { name: /^Reset password for / })
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Reset password for Ada Lovelace'])
    expect(buttons[0]!.getAttribute('title')).toBe('Reset password')
    // The phone cards offer it too.
    const cards = screen.getByRole('list', { name: 'Members' })
    expect(within(cards).getAllByRole('button', { name: /^Reset password for / })).toHaveLength(1)
  })

  it('asks first, saying what happens, and Cancel sends nothing', async () => {
    const { fetchMock, user } = show()
    const confirm = await openConfirm(user)
    const text = within(confirm).getByText(/A new password is generated for Ada Lovelace/).textContent
    expect(text).toContain('(username alovelace)')
    expect(text).toContain('shown only once')
    expect(text).toContain('signed out everywhere')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(resets(fetchMock)).toHaveLength(0)
  })

  it('resets, then shows the new login once in the dialog with copy buttons and in a 10 s toast', async () => {
    const { fetchMock, user } = show()
    const confirm = await openConfirm(user)
    await user.click(within(confirm).getByRole('button', { name: 'Reset Password' }))

    const dialog = await screen.findByRole('dialog', { name: 'Password Reset' })
    // The question's buttons went: the new login's title has the focus, not the dialog's frame.
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Password Reset' }))
    const [call] = resets(fetchMock)
    expect(call![1]!.body).toBe('{}')
    expect(
      within(dialog).getByText(`Ada Lovelace now signs in at ${window.location.origin}/staff-login with:`),
    ).toBeTruthy()
    expect(screen.getByTestId('reset-username').textContent).toBe('alovelace')
    expect(screen.getByTestId('reset-password').textContent).toBe(NEW_PASSWORD)
    expect(within(dialog).getByText(/This password is shown only now and is not kept/)).toBeTruthy()
    const description = `Password reset! Username: alovelace, Password: ${NEW_PASSWORD}`
    expect(await screen.findByText(description)).toBeTruthy()
    expect(toast).toHaveBeenCalledWith({ title: 'Success', description, duration: 10_000 })

    await user.click(within(dialog).getByRole('button', { name: 'Copy password' }))
    expect(await navigator.clipboard.readText()).toBe(NEW_PASSWORD)
    await user.click(within(dialog).getByRole('button', { name: 'Copy username' }))
    expect(await navigator.clipboard.readText()).toBe('alovelace')

    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // Opening it again asks again; the password is gone from the page.
    const again = await openConfirm(user)
    expect(within(again).getByRole('button', { name: 'Reset Password' })).toBeTruthy()
    expect(screen.queryByTestId('reset-password')).toBeNull()
    await user.click(within(again).getByRole('button', { name: 'Cancel' }))

    // The mail icon's instructions still never carry a password.
    await user.click(
      within(screen.getByRole('table', { name: 'Members' })).getByRole('button', {
        name: 'Copy login instructions for Ada Lovelace',
      }),
    )
    await screen.findByText('Instructions Copied')
    const instructions = await navigator.clipboard.readText()
    expect(instructions).toContain('Username: alovelace')
    expect(instructions).not.toContain(NEW_PASSWORD)
  })

  it('disables the buttons while the reset is on its way', async () => {
    let answer!: () => void
    const { user } = show({
      body: { temporaryCredentials: { username: 'alovelace', password: NEW_PASSWORD } },
      wait: new Promise<void>((r) => (answer = r)),
    })
    const confirm = await openConfirm(user)
    await user.click(within(confirm).getByRole('button', { name: 'Reset Password' }))
    expect(isUnavailable(within(confirm).getByRole('button', { name: 'Resetting...' }))).toBe(true)
    expect(isUnavailable(within(confirm).getByRole('button', { name: 'Cancel' }))).toBe(true)
    answer()
    expect(await screen.findByRole('dialog', { name: 'Password Reset' })).toBeTruthy()
  })

  it.each([
    [
      'the server’s message',
      { status: 400, body: { message: 'This member signs in with their own account' } },
      'This member signs in with their own account',
    ],
    ['the demo’s read-only message', { status: 403, body: { message: messages.demoReadOnly } }, messages.demoReadOnly],
    ['the fallback when the server says nothing useful', { status: 500, body: '' }, 'Failed to reset password'],
  ] as const)('on failure shows %s and keeps asking', async (_, answer, message) => {
    const { user } = show(answer)
    const confirm = await openConfirm(user)
    await user.click(within(confirm).getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText(message)).toBeTruthy()
    expect(toast).toHaveBeenCalledWith({ title: 'Error', description: message, variant: 'destructive' })
    expect(screen.getByRole('alertdialog', { name: 'Reset password?' })).toBeTruthy()
    expect(screen.queryByTestId('reset-password')).toBeNull()
  })
})
