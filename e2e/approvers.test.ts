import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser.ts'
import { api, submitThisWeek } from './helpers/api.ts'
import { addMember, signInAsStaff, supervisorWithStaff, uniquePerson } from './helpers/sign-in.ts'
import { openEditMember } from './helpers/members.ts'

const { newPage } = useBrowser()

describe("each member's approver", () => {
  it('routes a week to its approver, who gives the first of two approvals; the final approver finishes it', async () => {
    // Pastor A signs in and adds staff member M; then a co-supervisor B with a staff login.
    const org = await supervisorWithStaff(newPage, { department: 'Youth' })
    const { supervisor: a, supervisorPerson, staffName, credentials } = org
    const b = uniquePerson('beth')
    const bName = `${b.firstName} ${b.lastName}`
    const bCredentials = await addMember(a, { ...b, department: 'Youth', role: 'supervisor' })

    // A makes B the member's approver in Edit Member.
    const edit = await openEditMember(a, staffName)
    await edit.getByLabel('Approver').selectOption({ label: bName })
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await edit.waitFor({ state: 'detached' })

    // A turns on the second approval in Settings, with A as final approver.
    await a.goto('/settings/approvals')
    const approvals = a.getByRole('region', { name: 'Approvals' })
    await approvals.getByLabel(/Require a second approval/).check()
    await approvals.getByLabel(`${supervisorPerson.firstName} ${supervisorPerson.lastName}`).check()
    await approvals.getByRole('button', { name: 'Save Approvals' }).click()
    await a.getByText('Approval settings have been saved.').first().waitFor()

    // M submits this week.
    const member = await newPage()
    await signInAsStaff(member, credentials)
    const submitted = await submitThisWeek(member, {
      mondayStart: '09:00',
      mondayEnd: '17:00',
      mondayActivity: 'Visits',
    })

    // B's dashboard opens on Waiting for me, with M's week; B approves it: the first of two.
    const bPage = await newPage()
    await signInAsStaff(bPage, bCredentials)
    const waiting = bPage.getByRole('region', { name: 'Pending Review' })
    await waiting.getByRole('button', { name: 'Waiting for me (1)' }).waitFor()
    await waiting.getByText(staffName).waitFor()
    await waiting.getByRole('button', { name: new RegExp(`^Review ${staffName}`) }).click()
    const dialog = bPage.getByRole('dialog', { name: 'Review Timesheet Submission' })
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click()
    await bPage.getByText('First approval recorded. The final approver has been asked to approve.').first().waitFor()
    // It now waits for the final approver, not B: under Everyone it reads "1 of 2 approvals".
    await waiting.getByText('Nothing is waiting for you.').waitFor()
    await waiting.getByRole('button', { name: 'Everyone (1)' }).click()
    await waiting.getByText('1 of 2 approvals').waitFor()

    // A sees it waiting for them (the final approver) and approves it: now Approved.
    await a.goto('/')
    const aWaiting = a.getByRole('region', { name: 'Pending Review' })
    await aWaiting.getByText('1 of 2 approvals').waitFor()
    await aWaiting.getByRole('button', { name: new RegExp(`^Review ${staffName}`) }).click()
    await a
      .getByRole('dialog', { name: 'Review Timesheet Submission' })
      .getByRole('button', { name: 'Approve', exact: true })
      .click()
    await aWaiting.getByText('Nothing is waiting for you.').waitFor()
    const sheet = await api<{ status: string; approvals: unknown[] }>(member, 'GET', `/api/timesheets/current-week`)
    expect(sheet).toMatchObject({ status: 'approved' })
    expect(sheet.approvals).toHaveLength(2)
    expect(submitted.status).toBe('pending')
  })
})
