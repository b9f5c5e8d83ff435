import { describe, expect, it } from 'vitest'
import { addDays, todayIn, type OrganizationSettings, type User } from '@app/core'
import { splitSunday } from '../functions/test/support/email-fixtures.ts'
import { useBrowser } from './browser.ts'
import { api, submitThisWeek } from './helpers/api.ts'
import { expectAccessible } from './helpers/axe.ts'
import { emailTo, linkIn } from './helpers/inbox.ts'
import { fitsPhone, PHONE } from './helpers/phone.ts'
import {
  addMember,
  signInAsStaff,
  supervisorWithSignedInStaff,
  supervisorWithStaff,
  uniquePerson,
} from './helpers/sign-in.ts'

const { newPage } = useBrowser()

describe('one-click email approval', () => {
  it('a supervisor opens the Approve link from the local inbox, confirms, and the dashboard shows Approved', async () => {
    // The staff member signs in on a phone and submits this week.
    const { supervisor, supervisorPerson, staff, member } = await supervisorWithSignedInStaff(
      newPage,
      { department: 'Music' },
      PHONE,
    )
    const { status } = await submitThisWeek(member, {
      wednesdayStart: '10:00',
      wednesdayEnd: '15:30',
      wednesdayActivity: 'Choir rehearsal',
    })
    expect(status).toBe('pending')

    // The review email is in the local inbox.
    const email = await emailTo(supervisorPerson.email, `Timesheet to review: ${staff.firstName} ${staff.lastName}`)
    expect(email.body.text).toContain('Wednesday: 10:00-15:30 (5.5 hours)')
    const approveLink = linkIn(email, 'Approve')

    // Opening the link only asks; the button decides.
    const confirm = await newPage(PHONE)
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

  it('a split Sunday reads as both ranges and 7.0 hours in the email and on the page behind its link (375 px)', async () => {
    const { supervisorPerson, staffName, member } = await supervisorWithSignedInStaff(
      newPage,
      { department: 'Worship' },
      PHONE,
    )
    await submitThisWeek(member, { ...splitSunday, sundayActivity: 'Services' })

    // The email: each range and the day's paid hours, and the week's total is the same 7.0.
    const email = await emailTo(supervisorPerson.email, `Timesheet to review: ${staffName}`)
    expect(email.body.text).toContain('Sunday: 08:00-12:00, 18:00-21:00 (7.0 hours)')
    expect(email.body.text).toContain(': 7.0 hours.')
    expect(email.body.text).not.toContain('13.0')

    // The page behind Approve shows the same day and the same total, on a phone.
    const page = await newPage(PHONE)
    await page.goto(linkIn(email, 'Approve'))
    await page.getByRole('heading', { name: 'Approve this timesheet?' }).waitFor()
    expect(await page.locator('p', { hasText: 'Total:' }).textContent()).toBe('Total: 7.0 hours')
    const sunday = page.getByRole('row').filter({ hasText: 'Sunday' })
    expect(await sunday.getByRole('cell').allTextContents()).toEqual([
      'Sunday',
      '08:00–12:00, 18:00–21:00',
      '7.0 hours',
    ])
    expect(await page.getByText('13.0').count()).toBe(0)
    await fitsPhone(page)
    await expectAccessible(page, 'the Approve page of a split Sunday at 375 px')
  })

  it('a delegate’s emailed Approve that is the first of two says so, for whom, and who is asked next (375 px)', async () => {
    // Pastor A is the member's approver and is away, with C deciding for them; B gives final approvals.
    const made = await supervisorWithStaff(newPage, { department: 'Youth' })
    const { supervisor: a, supervisorPerson, staffName, credentials } = made
    const aName = `${supervisorPerson.firstName} ${supervisorPerson.lastName}`
    const b = uniquePerson('bea')
    const c = uniquePerson('carl')
    await addMember(a, { ...b, department: 'Office', role: 'supervisor' })
    await addMember(a, { ...c, department: 'Youth', role: 'supervisor' })
    const members = await api<User[]>(a, 'GET', '/api/employees')
    const idOf = (email: string) => members.find((m) => m.email?.toLowerCase() === email.toLowerCase())!.id
    const me = await api<User>(a, 'GET', '/api/auth/user')

    // C confirms their address from the link they were sent, so review emails reach them.
    const confirmation = await emailTo(c.email, '', { containing: 'Confirm: ' })
    const phone = await newPage(PHONE)
    await phone.goto(linkIn(confirmation, 'Confirm'))
    await phone.getByRole('button', { name: 'Confirm my address' }).click()
    await phone.getByRole('heading', { name: 'Email address confirmed' }).waitFor()

    const memberId = members.find((m) => `${m.firstName} ${m.lastName}` === staffName)!.id
    await api(a, 'PATCH', `/api/employees/${memberId}`, { supervisorId: me.id })
    await api(a, 'PUT', '/api/organization/approvals', { twoStep: true, finalApproverIds: [idOf(b.email)] })
    const org = await api<OrganizationSettings>(a, 'GET', '/api/organization/settings')
    const today = todayIn(org.timeZone)
    await api(a, 'PUT', '/api/profile/away', { from: today, to: addDays(today, 3), delegateId: idOf(c.email) })

    // The member submits; the review email goes to C, who approves from it on a phone.
    const member = await newPage(PHONE)
    await signInAsStaff(member, credentials)
    await submitThisWeek(member, { mondayStart: '09:00', mondayEnd: '17:00', mondayActivity: 'Visits' })
    const email = await emailTo(c.email, `Timesheet to review: ${staffName}`)
    await phone.goto(linkIn(email, 'Approve'))
    await phone.getByRole('button', { name: 'Approve timesheet' }).click()

    // Not 'Timesheet approved … is now approved': the first step, for A, and B is asked next.
    await phone.getByRole('heading', { name: 'First approval recorded' }).waitFor()
    expect(await phone.getByRole('heading', { name: 'Timesheet approved' }).count()).toBe(0)
    const text = await phone.locator('main').textContent()
    expect(text).toContain(`Your approval for ${aName} of ${staffName}'s timesheet for the week of`)
    expect(text).toContain(
      'is recorded as the first of two. The timesheet stays pending until a final approver approves it.',
    )
    expect(text).toContain(`We asked ${b.firstName} ${b.lastName} for the final approval.`)
    expect(text).not.toContain('is now approved')
    await fitsPhone(phone)
    await expectAccessible(phone, 'a delegate’s first approval from an email at 375 px')

    // The week still waits: pending, with one approval, given by C for A.
    const week = await api<{ status: string; approvals: { approverId: string; onBehalfOfId: string | null }[] }>(
      member,
      'GET',
      '/api/timesheets/current-week',
    )
    expect(week.status).toBe('pending')
    expect(week.approvals).toEqual([expect.objectContaining({ approverId: idOf(c.email), onBehalfOfId: me.id })])
  })
})
