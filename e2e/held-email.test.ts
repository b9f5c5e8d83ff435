import { describe, expect, it } from 'vitest'
import type { User } from '@app/core'
import { useBrowser } from './browser.ts'
import { expectAccessible } from './helpers/axe.ts'
import { fitsPhone, PHONE, toast } from './helpers/phone.ts'
import { addMember, signedInSupervisor, signInAsStaff, supervisorWithStaff, uniquePerson } from './helpers/sign-in.ts'
import { fillAddMember } from './helpers/members.ts'
import { api } from './helpers/api.ts'
import { emailsTo, emailTo, linkIn } from './helpers/inbox.ts'
import { fillDay } from './helpers/timesheet.ts'

const { newPage } = useBrowser()

describe('a member whose address waits for confirmation, on a phone', () => {
  it('Add Member says their emails wait; the list and their dialog say so with Resend', async () => {
    const supervisor = await signedInSupervisor(newPage(PHONE))
    const person = uniquePerson('tyler')
    const name = `${person.firstName} ${person.lastName}`

    await supervisor.goto('/employees')
    const dialog = await fillAddMember(supervisor, person, 'Office')
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

describe('a review request held for an approver who has not confirmed their address, on a phone', () => {
  it('the member’s Submitted message names the approver and when they hear; the email arrives once they confirm', async () => {
    const { supervisor, staffName, credentials } = await supervisorWithStaff(newPage, { department: 'Music' })
    const rosa = uniquePerson('rosa')
    const rosaName = `${rosa.firstName} ${rosa.lastName}`
    await addMember(supervisor, { ...rosa, department: 'Music', role: 'supervisor' })
    const members = await api<User[]>(supervisor, 'GET', '/api/employees')
    const idOf = (name: string) => members.find((m) => `${m.firstName} ${m.lastName}` === name)!.id
    await api(supervisor, 'PATCH', `/api/employees/${idOf(staffName)}`, { supervisorId: idOf(rosaName) })

    // The member submits from the submit page on a phone: Rosa's address waits for confirmation.
    const member = await newPage(PHONE)
    await signInAsStaff(member, credentials)
    await member.goto('/submit-timesheet')
    const monday = member.getByRole('form', { name: 'Weekly timesheet' }).getByRole('region', { name: 'Monday' })
    await fillDay(monday, '09:00', '12:00', 'Rehearsal')
    await member.getByRole('button', { name: 'Submit Timesheet' }).click()
    await toast(
      member,
      `Your timesheet has been submitted. ${rosaName} will be emailed to review it once they confirm their email address (the email waits up to 14 days).`,
    ).waitFor()
    await fitsPhone(member)
    await expectAccessible(member, 'the Submitted message naming an approver whose email waits')
    expect(await emailsTo(rosa.email, `Timesheet to review: ${staffName}`)).toEqual([])

    // Rosa confirms her address from her phone: the review request that waited arrives, with its links.
    const phone = await newPage(PHONE)
    await phone.goto(linkIn(await emailTo(rosa.email, '', { containing: 'Confirm: ' }), 'Confirm'))
    await phone.getByRole('button', { name: 'Confirm my address' }).click()
    await phone.getByRole('heading', { name: 'Email address confirmed' }).waitFor()
    const review = await emailTo(rosa.email, `Timesheet to review: ${staffName}`)
    expect(review.body.text).toContain('Monday: 09:00-12:00 (3.0 hours)')
    await phone.goto(linkIn(review, 'Approve'))
    await phone.getByRole('heading', { name: 'Approve this timesheet?' }).waitFor()
  }, 120_000)
})
