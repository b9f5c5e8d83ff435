import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import {
  adjustmentMessage,
  APPROVER_REACH_MESSAGE,
  balanceMessage,
  DELEGATE_REACH_MESSAGE,
  FINAL_APPROVER_REACH_MESSAGE,
  NewMember,
} from '@app/core'
import { messageKeyFinder } from '@app/i18n'
import englishErrors from '@app/i18n/locales/en/errors.json' with { type: 'json' }
import { mockFetch } from '../../test/fetch-mock.ts'
import { apiJson, errorMessage, translateMessage } from '../api/client.ts'
import { useFieldErrors } from './field-errors.ts'

/**
 * The server answers its messages in English with their `errors` codes beside them; a
 * member reading Spanish sees them in Spanish, and a text without a code stays as the server wrote it.
 */
const FIELDS = ['email', 'firstName'] as const

function AddMemberForm() {
  const [error, setError] = useState<unknown>(null)
  const { shown, check } = useFieldErrors(FIELDS, error)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        const form = event.currentTarget
        const values = Object.fromEntries(new FormData(form))
        if (values.check === 'browser' && !check(NewMember, values, form)) return
        apiJson('POST', '/api/employees', values).catch(setError)
      }}
    >
      <input name="email" aria-label="email" defaultValue="ana@grace.example" />
      <input name="firstName" aria-label="firstName" defaultValue="Ana" />
      <input name="check" aria-label="check" defaultValue="server" />
      <button type="submit">go</button>
      <p data-testid="message">{error ? errorMessage(error, 'fallback') : ''}</p>
      <p data-testid="email-error">{shown.email}</p>
      <p data-testid="firstName-error">{shown.firstName}</p>
    </form>
  )
}

beforeEach(() => i18next.changeLanguage('es'))
afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

describe('server errors for a member reading Spanish', () => {
  it('shows the message and the field messages of a 400 in Spanish', async () => {
    const message = 'A member with this email already exists in this organization'
    mockFetch({
      'POST /api/employees': {
        status: 400,
        body: {
          message,
          key: 'duplicateEmail',
          fields: { email: message, firstName: 'First name must be at most 100 characters' },
          fieldKeys: { email: { key: 'duplicateEmail' }, firstName: { key: 'firstNameTooLong' } },
        },
      },
    })
    render(<AddMemberForm />)
    await userEvent.click(screen.getByRole('button', { name: 'go' }))
    expect(
      await screen.findByText('Ya hay un miembro con este correo electrónico en esta organización.', {
        selector: '[data-testid=message]',
      }),
    ).toBeTruthy()
    expect(screen.getByTestId('email-error').textContent).toBe(
      'Ya hay un miembro con este correo electrónico en esta organización.',
    )
    expect(screen.getByTestId('firstName-error').textContent).toBe('El nombre debe tener como máximo 100 caracteres')
  })

  it('says the values of a message in Spanish too, and keeps a text without a code as the server wrote it', async () => {
    mockFetch({
      'POST /api/employees': {
        status: 409,
        body: {
          message: 'This timesheet is Approved and can no longer be edited',
          key: 'notEditable',
          params: { status: 'Approved' },
        },
      },
    })
    render(<AddMemberForm />)
    await userEvent.click(screen.getByRole('button', { name: 'go' }))
    expect(
      await screen.findByText('Esta hoja de horas está en estado «Aprobada» y ya no se puede editar.'),
    ).toBeTruthy()

    mockFetch({ 'POST /api/employees': { status: 409, body: { message: 'Something new', key: 'noSuchKey' } } })
    await userEvent.click(screen.getByRole('button', { name: 'go' }))
    expect(await screen.findByText('Something new')).toBeTruthy()
  })

  it("translates the browser's own check of a core schema by the same codes", async () => {
    mockFetch({})
    render(<AddMemberForm />)
    await userEvent.clear(screen.getByLabelText('email'))
    await userEvent.type(screen.getByLabelText('email'), 'not-an-email')
    await userEvent.clear(screen.getByLabelText('check'))
    await userEvent.type(screen.getByLabelText('check'), 'browser')
    await userEvent.click(screen.getByRole('button', { name: 'go' }))
    expect(screen.getByTestId('email-error').textContent).toBe('Se requiere un correo electrónico válido')
  })

  it.each([
    [balanceMessage('Vacation', 0, 8), 'No hay suficientes horas de vacaciones: 0 disponibles, 8 pedidas'],
    [adjustmentMessage('Sick', 4, 6), 'No hay suficientes horas de enfermedad para quitar: 4 disponibles, 6 a quitar'],
    [DELEGATE_REACH_MESSAGE, 'Elija un supervisor con acceso a todos sus campus'],
    [APPROVER_REACH_MESSAGE, 'Elija un aprobador con acceso al campus de este miembro'],
    [FINAL_APPROVER_REACH_MESSAGE, 'Los aprobadores finales deben ser supervisores de toda la iglesia'],
  ])('says the server\'s "%s" in Spanish, a default kind of time off included', (english, spanish) =>
    expect(translateMessage(messageKeyFinder(englishErrors)(english), english)).toBe(spanish),
  )
})
