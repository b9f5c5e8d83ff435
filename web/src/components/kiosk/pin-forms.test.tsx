import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { PIN_TRIVIAL_MESSAGE } from '@app/core'
import { makeStaffMember, makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { clearToasts } from '../../../test/toasts.ts'
import '../../pages/EmployeesPage.tsx'
import '../../pages/ProfilePage.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  clearToasts()
  await i18next.changeLanguage('en')
})

/** The server's answer to a trivial PIN: its message and key on the field. */
const trivial = {
  status: 400,
  body: {
    message: PIN_TRIVIAL_MESSAGE,
    key: 'pinTrivial',
    fields: { pin: PIN_TRIVIAL_MESSAGE },
    fieldKeys: { pin: { key: 'pinTrivial' } },
  },
}

/** The field's message, as a screen reader reaches it: the input is invalid and described by it. */
const expectFieldMessage = (input: HTMLElement, text: string) => {
  expect(input.getAttribute('aria-invalid')).toBe('true')
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
  expect(described).toContain(text)
}

describe('a PIN the server refuses as too easy', () => {
  it('is said on the Profile’s PIN field, in the reader’s language', async () => {
    const user = userEvent.setup()
    const fetch = mockFetch({
      'GET /api/auth/user': { body: makeUser({ role: 'employee', authType: 'local' }) },
      'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
      'PUT /api/profile/pin': trivial,
    })
    renderApp('/profile')
    const card = within(await screen.findByRole('form', { name: 'Kiosk PIN' }))
    await user.type(card.getByLabelText('New PIN'), '1234')
    await user.click(card.getByRole('button', { name: 'Save PIN' }))
    expect(await card.findByText(PIN_TRIVIAL_MESSAGE)).toBeTruthy()
    expectFieldMessage(card.getByLabelText('New PIN'), PIN_TRIVIAL_MESSAGE)
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1)

    await i18next.changeLanguage('es')
    await user.clear(card.getByLabelText('PIN nuevo'))
    await user.type(card.getByLabelText('PIN nuevo'), '0000')
    await user.click(card.getByRole('button', { name: 'Guardar PIN' }))
    const spanish = 'El PIN es demasiado fácil de adivinar: evita dígitos repetidos y series como 1234 o 4321'
    expect(await card.findByText(spanish)).toBeTruthy()
  })

  it('is said on the PIN field of Employees → Edit', async () => {
    const user = userEvent.setup()
    const staff = makeStaffMember()
    mockFetch({
      'GET /api/auth/user': { body: makeUser({ id: 'sup-1', role: 'supervisor' }) },
      'GET /api/organization/settings': {
        body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'America/Chicago', weekStartDay: 'monday' },
      },
      'GET /api/employees': { body: [staff] },
      [`PUT /api/employees/${staff.id}/pin`]: trivial,
    })
    renderApp('/employees')
    await user.click((await screen.findAllByRole('button', { name: 'Edit Ada Lovelace' }))[0]!)
    const form = within(await screen.findByRole('form', { name: 'Kiosk PIN' }))
    await user.type(form.getByLabelText('New PIN'), '4321')
    await user.click(form.getByRole('button', { name: 'Set PIN' }))
    expect(await form.findByText(PIN_TRIVIAL_MESSAGE)).toBeTruthy()
    expectFieldMessage(form.getByLabelText('New PIN'), PIN_TRIVIAL_MESSAGE)
  })
})
