import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { User } from '@app/core'
import { makeStaffMember, makeUser } from '../../../test/fixtures.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { optionTexts, renderApp } from '../../../test/render.tsx'
// Loaded up front, so the router's lazy import is already done when a test starts.
import '../../pages/EmployeesPage.tsx'

afterEach(() => vi.unstubAllGlobals())

/**
 * Member Management for a campus admin (Sam, who runs South): the server refuses them making a
 * supervisor, changing a role, anyone's campuses and removing a supervisor (403 "Only a supervisor
 * of the whole church can do this"), so none of it is offered; the whole church's supervisors,
 * whom their member list leaves out, are offered as approvers.
 */
const southSupervisor: Partial<User> = { role: 'supervisor', campusId: 'south', campusIds: ['south'] }
const sam = makeUser({ id: 'sup-3', firstName: 'Sam', lastName: 'South', ...southSupervisor })
const sid = makeUser({ id: 'sup-6', firstName: 'Sid', lastName: 'Sur', ...southSupervisor })
const sara = makeStaffMember({
  id: 'mem-7',
  firstName: 'Sara',
  lastName: 'Sur',
  campusId: 'south',
  supervisorId: 'sup-4',
})
const paula = { id: 'sup-4', firstName: 'Paula', lastName: 'Whole' }

const show = () => {
  const fetch = mockFetch({
    'GET /api/auth/user': { body: sam },
    'GET /api/organization/settings': {
      body: { organizationName: 'Grace Chapel', logoUrl: null, timeZone: 'America/Chicago', weekStartDay: 'monday' },
    },
    'GET /api/organization/campuses': {
      body: {
        campuses: [
          { id: 'north', name: 'North', address: '', active: true },
          { id: 'south', name: 'South', address: '', active: true },
        ],
      },
    },
    'GET /api/employees': { body: [sam, sid, sara] },
    'GET /api/organization/approvals': {
      body: {
        twoStep: false,
        finalApproverIds: [],
        supervisors: [
          paula,
          { id: sam.id, firstName: 'Sam', lastName: 'South', campusIds: ['south'] },
          { id: sid.id, firstName: 'Sid', lastName: 'Sur', campusIds: ['south'] },
        ],
      },
    },
    'POST /api/employees': (init) => {
      const body = JSON.parse(String(init!.body)) as Partial<User>
      return { body: { ...makeStaffMember({ ...body, id: 'mem-9' }), temporaryCredentials: null } }
    },
  })
  return { fetch, user: userEvent.setup(), ...renderApp('/employees') }
}

const table = () => screen.findByRole('table', { name: 'Members' }, { timeout: 3000 })
/** Sam's Edit Member dialog for `name`, and its Role. */
const editing = async (name: string) => {
  const { user } = show()
  await user.click(within(await table()).getByRole('button', { name: `Edit ${name}` }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Member' }))
  return { dialog, role: dialog.getByLabelText('Role') as HTMLSelectElement }
}

describe('Add Member and Edit for a campus admin', () => {
  it('adds staff only: no Supervisor role, no Unpaid supervisor box, no campuses to run; the whole church’s supervisors as approvers', async () => {
    const { fetch, user } = show()
    await table()
    await user.click(screen.getByRole('button', { name: 'Add Member' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Member' }))
    expect(optionTexts(dialog.getByLabelText('Role'))).toEqual(['Staff Member', 'Volunteer'])
    expect(dialog.queryByLabelText('Unpaid supervisor')).toBeNull()
    expect(dialog.queryByText('Campuses this supervisor runs')).toBeNull()
    await waitFor(() => expect(optionTexts(dialog.getByLabelText('Campus'))).toEqual(['Choose a campus', 'South']))
    await user.selectOptions(dialog.getByLabelText('Campus'), 'South')
    await waitFor(() =>
      expect(optionTexts(dialog.getByLabelText('Approver'))).toEqual([
        'No approver (every supervisor)',
        'Paula Whole',
        'Sam South',
        'Sid Sur',
      ]),
    )
    await user.selectOptions(dialog.getByLabelText('Approver'), 'Paula Whole')
    await user.type(dialog.getByLabelText('First Name'), 'Rosa')
    await user.type(dialog.getByLabelText('Last Name'), 'Rivera')
    await user.type(dialog.getByLabelText('Email'), 'rosa@example.org')
    await user.type(dialog.getByLabelText('Department'), 'Youth')
    await user.click(dialog.getByRole('button', { name: 'Add Member' }))
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true))
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!
    expect(JSON.parse(String(init!.body))).toMatchObject({ role: 'employee', campusId: 'south', supervisorId: 'sup-4' })
  })

  it('shows a member’s role without changing it, and names their approver from the whole church', async () => {
    const { dialog, role } = await editing('Sara Sur')
    expect(role.value).toBe('employee')
    expect(role.disabled).toBe(true)
    expect(role.getAttribute('aria-describedby')).toBe('member-role-hint')
    expect(dialog.getByText('Only a supervisor of the whole church changes a role.')).toBeTruthy()
    const approver = dialog.getByLabelText('Approver') as HTMLSelectElement
    await waitFor(() => expect(approver.selectedOptions[0]?.textContent).toBe('Paula Whole'))
  })

  it('keeps a supervisor of their campus a supervisor, with the Unpaid box the server lets them change', async () => {
    const { dialog, role } = await editing('Sid Sur')
    expect(role.value).toBe('supervisor')
    expect(role.disabled).toBe(true)
    expect(dialog.getByLabelText('Unpaid supervisor')).toBeTruthy()
    expect(dialog.queryByText('Campuses this supervisor runs')).toBeNull()
  })

  it('offers Remove for their staff, not for a supervisor', async () => {
    show()
    const rows = within(await table())
    expect(rows.getByRole('button', { name: 'Remove Sara Sur' })).toBeTruthy()
    expect(rows.queryByRole('button', { name: 'Remove Sid Sur' })).toBeNull()
    expect(rows.getByRole('button', { name: 'Edit Sid Sur' })).toBeTruthy()
  })
})
