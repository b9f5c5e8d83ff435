import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { User } from '@app/core'
import { makeStaffMember, makeUser } from '../../../test/fixtures.ts'
import { mockFetch, type MockAnswer } from '../../../test/fetch-mock.ts'
import { fieldValues, optionTexts, renderApp } from '../../../test/render.tsx'
// Loaded up front, so the router's lazy import is already done when a test starts.
import '../../pages/EmployeesPage.tsx'

afterEach(() => vi.unstubAllGlobals())

const supervisor = makeUser({ id: 'sup-1', role: 'supervisor' })
const ada = makeStaffMember({ payType: 'non-exempt', payrollId: null })

const show = (patch: MockAnswer | ((init: RequestInit | undefined) => MockAnswer)) => {
  let members: User[] = [supervisor, ada]
  const fetch = mockFetch({
    'GET /api/auth/user': { body: supervisor },
    'GET /api/organization/settings': { body: { organizationName: 'Grace Chapel', logoUrl: null } },
    'GET /api/employees': () => ({ body: members }),
    'PATCH /api/employees/mem-1': (init) => {
      const answer = typeof patch === 'function' ? patch(init) : patch
      if (!answer.status) members = members.map((m) => (m.id === 'mem-1' ? (answer.body as User) : m))
      return answer
    },
  })
  const user = userEvent.setup()
  return { fetch, user, ...renderApp('/employees') }
}

const patches = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init!.body)))

const openEdit = async (user: ReturnType<typeof userEvent.setup>) => {
  const table = await screen.findByRole('table', { name: 'Members' }, { timeout: 3000 })
  await user.click(within(table).getByRole('button', { name: 'Edit Ada Lovelace' }))
  return within(await screen.findByRole('dialog', { name: 'Edit Member' }))
}

describe('Edit member', () => {
  it('opens the member dialog filled in, with pay type and payroll ID, and saves only the changes', async () => {
    const { fetch, user } = show((init) => ({
      body: { ...ada, ...(JSON.parse(String(init!.body)) as Partial<User>) },
    }))
    const dialog = await openEdit(user)
    const expected = {
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      Email: 'ada@example.org',
      Department: 'Finance',
      Role: 'employee',
      'Pay type': 'non-exempt',
      'Payroll ID (optional)': '',
    }
    expect(fieldValues(dialog, Object.keys(expected))).toEqual(expected)
    expect(optionTexts(dialog.getByLabelText('Pay type'))).toEqual([
      'Non-exempt (hourly)',
      'Exempt (salaried)',
      'Minister',
    ])

    await user.selectOptions(dialog.getByLabelText('Pay type'), 'Minister')
    await user.type(dialog.getByLabelText('Payroll ID (optional)'), 'G-77')
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Ada Lovelace’s details have been saved.')).toBeTruthy()
    expect(patches(fetch)).toEqual([{ payType: 'minister', payrollId: 'G-77' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('edits the hire date, and offers Unpaid supervisor only for a supervisor, sending only the changes', async () => {
    const { fetch, user } = show((init) => ({
      body: { ...ada, ...(JSON.parse(String(init!.body)) as Partial<User>) },
    }))
    ada.hireDate = '2026-01-05'
    const dialog = await openEdit(user)
    ada.hireDate = undefined
    const hire = dialog.getByLabelText('Hire date') as HTMLInputElement
    expect(hire.value).toBe('2026-01-05')
    expect(dialog.getByText('Holidays are paid from this day on.')).toBeTruthy()
    expect(dialog.queryByLabelText('Unpaid supervisor')).toBeNull()
    fireEvent.change(hire, { target: { value: '2025-12-01' } })
    await user.selectOptions(dialog.getByLabelText('Role'), 'Supervisor')
    const unpaid = dialog.getByRole('checkbox', { name: 'Unpaid supervisor' }) as HTMLInputElement
    expect(unpaid.checked).toBe(false)
    expect(unpaid.getAttribute('aria-describedby')).toBe('member-unpaid-hint')
    await user.click(unpaid)
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Ada Lovelace’s details have been saved.')).toBeTruthy()
    expect(patches(fetch)).toEqual([{ role: 'supervisor', unpaid: true, hireDate: '2025-12-01' }])
  })

  it('shows the approver as a select of the supervisors and sends only a changed one', async () => {
    const { fetch, user } = show((init) => ({
      body: { ...ada, ...(JSON.parse(String(init!.body)) as Partial<User>) },
    }))
    // Ada has no approver: the list flags her, and not the only supervisor.
    const table = await screen.findByRole('table', { name: 'Members' }, { timeout: 3000 })
    expect(within(table).getAllByText('No approver')).toHaveLength(1)
    const dialog = await openEdit(user)
    const approver = dialog.getByLabelText('Approver') as HTMLSelectElement
    expect(approver.value).toBe('')
    expect(optionTexts(approver)).toEqual(['No approver (every supervisor)', 'Grace Hopper'])
    await user.selectOptions(approver, 'Grace Hopper')
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Ada Lovelace’s details have been saved.')).toBeTruthy()
    expect(patches(fetch)).toEqual([{ supervisorId: 'sup-1' }])
    await waitFor(() => expect(within(table).queryByText('No approver')).toBeNull())

    const again = await openEdit(user)
    await user.selectOptions(again.getByLabelText('Approver'), 'No approver (every supervisor)')
    await user.click(again.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(patches(fetch)).toEqual([{ supervisorId: 'sup-1' }, { supervisorId: null }]))
  })

  it('checks the fields with the shared rules and shows the server’s refusal', async () => {
    const { fetch, user } = show({ status: 409, body: { message: 'A member with this email already exists' } })
    const dialog = await openEdit(user)
    const email = dialog.getByLabelText('Email')
    await user.clear(email)
    await user.type(email, 'nope')
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }))
    expect(dialog.getByText('Valid email is required')).toBeTruthy()
    expect(document.activeElement).toBe(email)
    expect(patches(fetch)).toEqual([])

    await user.clear(email)
    await user.type(email, 'grace@example.org')
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }))
    expect(await dialog.findByRole('alert')).toBeTruthy()
    expect(within(dialog.getByRole('alert')).getByText('A member with this email already exists')).toBeTruthy()
    expect(patches(fetch)).toEqual([{ email: 'grace@example.org' }])
    expect(screen.getByRole('dialog', { name: 'Edit Member' })).toBeTruthy()
  })
})
