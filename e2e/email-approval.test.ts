import { describe, expect, it } from 'vitest'
import { inboxUrl, useBrowser } from './browser.ts'
import { submitThisWeek } from './helpers/api.ts'
import { signInAsStaff, supervisorWithStaff } from './helpers/sign-in.ts'

const { newPage } = useBrowser()

interface StoredEmail {
  destination: { to: string[] }
  subject: string
  body: { text?: string }
}

describe('one-click email approval', () => {
  it('a supervisor opens the Approve link from the local inbox, confirms, and the dashboard shows Approved', async () => {
    const { supervisor, supervisorPerson, staff, credentials } = await supervisorWithStaff(newPage, {
      department: 'Music',
    })

    // The staff member signs in on a phone and submits this week.
    const member = await newPage({ width: 375, height: 812 })
    await signInAsStaff(member, credentials)
    const { status } = await submitThisWeek(member, {
      wednesdayStart: '10:00',
      wednesdayEnd: '15:30',
      wednesdayActivity: 'Choir rehearsal',
    })
    expect(status).toBe('pending')

    // The review email is in the local inbox.
    const inbox = await newPage()
    await inbox.goto(inboxUrl())
    const subject = `Timesheet to review: ${staff.firstName} ${staff.lastName}`
    await inbox.getByText(subject).first().waitFor()
    const store = (await (await fetch(new URL('store', inboxUrl()))).json()) as { emails: StoredEmail[] }
    const email = store.emails.find(
      (e) => e.destination.to.includes(supervisorPerson.email.toLowerCase()) && e.subject.startsWith(subject),
    )!
    expect(email.body.text).toContain('Wednesday: 10:00-15:30 (5.5 hours)')
    const approveLink = /Approve: (\S+)/.exec(email.body.text!)![1]!

    // Opening the link only asks; the button decides.
    const confirm = await newPage({ width: 375, height: 812 })
    await confirm.goto(approveLink)
    await confirm.getByRole('heading', { name: 'Approve this timesheet?' }).waitFor()
    expect(await confirm.getByText('5.5 hours').first().isVisible()).toBe(true)
    await confirm.getByRole('button', { name: 'Approve timesheet' }).click()
    await confirm.getByRole('heading', { name: 'Timesheet approved' }).waitFor()

    // The dashboard shows it approved; the link cannot be used again.
    await supervisor.goto('/')
    await supervisor
      .locator('tbody tr', { hasText: `${staff.firstName} ${staff.lastName}` })
      .getByText('Approved')
      .waitFor()
    await confirm.goto(approveLink)
    await confirm.getByRole('heading', { name: 'This link was already used' }).waitFor()
  })
})
