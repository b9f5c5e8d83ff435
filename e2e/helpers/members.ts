import type { Page } from 'playwright-core'
import type { Person } from './sign-in.ts'

/** Employees → Edit on a member's row of the Members table: the open Edit Member dialog. */
export async function openEditMember(supervisor: Page, name: string) {
  await supervisor.goto('/employees')
  await supervisor
    .getByRole('table', { name: 'Members' })
    .getByRole('button', { name: `Edit ${name}` })
    .click()
  return supervisor.getByRole('dialog', { name: 'Edit Member' })
}

/** Employees → Add Member, its form filled in for `person` of `department`: the dialog, not yet sent. */
export async function fillAddMember(supervisor: Page, person: Person, department: string) {
  await supervisor.getByRole('button', { name: 'Add Member' }).click()
  const dialog = supervisor.getByRole('dialog', { name: 'Add Member' })
  await dialog.getByLabel('First Name').fill(person.firstName)
  await dialog.getByLabel('Last Name').fill(person.lastName)
  await dialog.getByLabel('Email').fill(person.email)
  await dialog.getByLabel('Department').fill(department)
  return dialog
}
