import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { renderApp } from '../../../test/render.tsx'
import { makeTimesheet } from '../../../test/list-item-fixtures.ts'
import { ENTERED_OFFLINE_NOTE, ReviewDialog } from './ReviewDialog.tsx'

beforeEach(() => i18next.changeLanguage('es'))
afterEach(() => i18next.changeLanguage('en'))

describe('ReviewDialog in Spanish', () => {
  it('reviews a week in Spanish: headings, days, hours, notes and the decision buttons', () => {
    mockFetch({})
    const timesheet = makeTimesheet({ enteredOffline: true, notes: '' })
    renderApp('/', <ReviewDialog target={{ timesheet, mode: 'approve' }} onClose={() => {}} />)
    const dialog = within(screen.getByRole('dialog'))
    expect(dialog.getByRole('heading', { name: 'Revisar hoja de horas enviada' })).toBeTruthy()
    expect(dialog.getByText('Inicio de semana')).toBeTruthy()
    expect(dialog.getByText('Horario semanal')).toBeTruthy()
    expect(within(dialog.getByTestId('day-monday')).getByText(/^Lunes/)).toBeTruthy()
    expect(within(dialog.getByTestId('day-monday')).getByText('(8,0 horas)')).toBeTruthy()
    expect(within(dialog.getByTestId('day-tuesday')).getByText('Sin horas registradas')).toBeTruthy()
    expect(dialog.getByText('Sin notas')).toBeTruthy()
    expect(dialog.getByText(/sin conexión en el dispositivo del empleado/)).toBeTruthy()
    expect(dialog.getByPlaceholderText('Agregue comentarios para el empleado...')).toBeTruthy()
    expect(dialog.getByRole('button', { name: 'Aprobar' })).toBeTruthy()
    expect(dialog.getByRole('button', { name: 'Rechazar' })).toBeTruthy()
    expect(dialog.queryByText('Weekly Schedule')).toBeNull()
  })

  it('keeps the English note the tests look for equal to the catalogue’s', async () => {
    await i18next.changeLanguage('en')
    expect(i18next.t('supervisor:review.enteredOffline')).toBe(ENTERED_OFFLINE_NOTE)
  })
})
