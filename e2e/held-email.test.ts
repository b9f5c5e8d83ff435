import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser.ts'
import { expectAccessible } from './helpers/axe.ts'
import { fitsPhone, PHONE, toast } from './helpers/phone.ts'
import { signInAsSupervisor, uniquePerson } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

describe('a member whose address waits for confirmation, on a phone', () => {
  it('Add Member says their emails wait; the list and their dialog say so with Resend', async () => {
    const supervisor = await newPage(PHONE)
    await signInAsSupervisor(supervisor, uniquePerson('pastor'))
    const person = uniquePerson('tyler')
    const name = `${person.firstName} ${person.lastName}`

    await supervisor.goto('/employees')
    await supervisor.getByRole('button', { name: 'Add Member' }).click()
    const dialog = supervisor.getByRole('dialog', { name: 'Add Member' })
    await dialog.getByLabel('First Name').fill(person.firstName)
    await dialog.getByLabel('Last Name').fill(person.lastName)
    await dialog.getByLabel('Email').fill(person.email)
    await dialog.getByLabel('Department').fill('Office')
    await dialog.getByRole('button', { name: 'Add Member' }).click()
    const added = supervisor.getByRole('dialog', { name: 'Member Added' })
    await added
      .getByText(
        `We sent ${person.email} a confirmation link. Emails to ${person.firstName} (review requests, decisions, reminders) wait until they confirm it, up to 14 days.`,
      )
      .waitFor()
    await fitsPhone(supervisor)
    await added.getByRole('button', { name: 'Done' }).click()

    // The phone's list of members: the card says it waits, and offers Resend.
    const card = supervisor.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: name })
    await card.getByText('Waiting for email confirmation').waitFor()
    await fitsPhone(supervisor)
    await expectAccessible(supervisor, 'Employees with a member waiting for email confirmation')
    await card.getByRole('button', { name: `Resend confirmation to ${name}` }).click()
    await toast(supervisor, `A new confirmation link is on its way to ${person.email}.`).waitFor()

    // Their Edit dialog says it too, with Resend.
    await card.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = supervisor.getByRole('dialog', { name: 'Edit Member' })
    await edit.getByText('Waiting for email confirmation').waitFor()
    expect(await edit.getByRole('button', { name: `Resend confirmation to ${name}` }).isVisible()).toBe(true)
    await fitsPhone(supervisor)
  }, 120_000)
})
