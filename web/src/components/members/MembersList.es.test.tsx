import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { makeUser } from '../../../test/fixtures.ts'
import { columnHeaders, renderApp } from '../../../test/render.tsx'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { MembersList } from './MembersList.tsx'

beforeEach(() => i18next.changeLanguage('es'))
afterEach(() => i18next.changeLanguage('en'))

const supervisor = makeUser({ id: 'sup-1', firstName: 'Marta', lastName: 'Ruiz', role: 'supervisor' })
const volunteer = makeUser({
  id: 'mem-1',
  firstName: 'José',
  lastName: 'Muñoz',
  email: 'jose@example.org',
  department: 'Jóvenes',
  role: 'volunteer',
  username: 'jmunoz',
  authType: 'local',
})

describe('MembersList in Spanish', () => {
  it('names the columns, roles, status and row actions in Spanish', async () => {
    mockFetch({
      'GET /api/employees': { body: [supervisor, volunteer] },
      'GET /api/organization/settings': { body: { organizationName: 'Iglesia de la Gracia', logoUrl: null } },
    })
    renderApp('/', <MembersList currentUserId="sup-1" />)
    const table = await screen.findByRole('table', { name: 'Miembros' })
    expect(columnHeaders(table)).toEqual(['Nombre', 'Correo electrónico', 'Departamento', 'Rol', 'Estado', 'Acciones'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(within(rows[0]!).getByText('(usted)')).toBeTruthy()
    expect(within(rows[0]!).getByText('Supervisor(a)')).toBeTruthy()
    expect(within(rows[1]!).getByText('Voluntario/a')).toBeTruthy()
    expect(within(rows[1]!).getByText('Activo')).toBeTruthy()
    expect(within(rows[1]!).getByRole('button', { name: 'Editar a José Muñoz' })).toBeTruthy()
    expect(within(rows[1]!).getByRole('button', { name: 'Restablecer la contraseña de José Muñoz' })).toBeTruthy()
    expect(within(rows[1]!).getByRole('button', { name: 'Quitar a José Muñoz' })).toBeTruthy()
    expect(within(rows[1]!).queryByText('Esperando confirmación del correo')).toBeNull()
    // The signed-in supervisor cannot remove themself.
    expect(within(rows[0]!).queryByRole('button', { name: /^Quitar/ })).toBeNull()
  })
  it('marks an unconfirmed email and offers to resend it, in Spanish', async () => {
    mockFetch({
      'GET /api/employees': { body: [supervisor, { ...volunteer, emailConfirmed: false }] },
      'GET /api/organization/settings': { body: { organizationName: 'Iglesia de la Gracia', logoUrl: null } },
    })
    renderApp('/', <MembersList currentUserId="sup-1" />)
    const table = await screen.findByRole('table', { name: 'Miembros' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(within(rows[1]!).getByText('Esperando confirmación del correo')).toBeTruthy()
    expect(within(rows[1]!).getByRole('button', { name: 'Reenviar confirmación a José Muñoz' })).toBeTruthy()
  })
})
