import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, todayIn } from '@app/core'
import { orgDb } from '@app/data'
import { makeEmailDue } from '@app/data/testing'
import { callRoute, postLinkForm } from '../../test/support/test-event.ts'
import { decidedThroughRoute, decideThroughRoute, submittedThroughRoute } from '../../test/support/test-timesheets.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { decisionTokensIn, inbox as anyInbox, tokenIn } from '../../test/support/test-inbox.ts'
import { whileUnreachable } from '../../test/support/unreachable.ts'
import updateUser from '../auth/update-user.ts'
import updateApprovals from '../organization/update-approvals.ts'
import updateSettings from '../organization/update-settings.ts'
import setAway from '../profile/set-away.ts'
import { createDecisionLink } from '../workflows/decision-links.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import submitTimesheet from '../timesheets/submit-timesheet.ts'
import updateDraft from '../timesheets/update-draft.ts'
import confirmDecision from './confirm-decision.ts'
import showDecision from './show-decision.ts'

const thisWeek = () => currentWeekStart('America/Chicago', 'monday')
/** The emails these tests read: not the invitation a supervisor added with an email gets. */
const inbox = async (to: string) => (await anyInbox(to)).filter((m) => !m.subject.includes('added you as a supervisor'))

const setup = async () => {
  const org = await newOrganization()
  const second = await newStaffMember(org.cookie, 'supervisor')
  const staff = await newStaffMember(org.cookie)
  const db = orgDb(org.organization.id)
  // With no approver, a member's week goes to every other supervisor (both links below).
  await db.members.update(staff.user.id, { supervisorId: null }, org.supervisor)
  return { ...org, second, staff, db }
}
const submit = async (cookie: string) =>
  (
    await callRoute(createTimesheet, {
      cookies: [cookie],
      body: { weekStartDate: thisWeek(), mondayStart: '09:00', mondayEnd: '13:00', mondayActivity: 'Hospital visits' },
    })
  ).json
const linksIn = decisionTokensIn
const show = (token: string) => callRoute(showDecision, { params: { token } })
const confirm = (token: string, form = '') => postLinkForm(confirmDecision, token, form)

describe('review emails on submit', () => {
  it('with no approver, sends one email to each other supervisor, naming the employee, the week, the total and each day', async () => {
    const { supervisor, second, staff } = await setup()
    await submit(staff.cookie)
    const [a, b, mine] = await Promise.all([
      inbox(supervisor.email!),
      inbox(second.user.email),
      inbox(staff.user.email),
    ])
    expect(a).toHaveLength(1)
    expect(b).toHaveLength(1)
    expect(mine).toHaveLength(0)
    expect(a[0]!.subject).toContain('Ana Silva')
    expect(a[0]!.body.text).toContain('4.0 hours')
    expect(a[0]!.body.text).toContain('Monday: 09:00-13:00 (4.0 hours)')
    expect(a[0]!.body.text).toContain('Tuesday: No hours logged')
  })

  it("shows a split day's ranges and paid hours, and the week's total from the same rule, in the email and behind its link", async () => {
    const { supervisor, staff } = await setup()
    const sunday = [
      { start: '08:00', end: '12:00' },
      { start: '18:00', end: '21:00' },
    ]
    await submittedThroughRoute(staff.cookie, {
      weekStartDate: thisWeek(),
      mondayStart: '09:00',
      mondayEnd: '13:00',
      sundaySpans: sunday,
    })
    const [mail] = await inbox(supervisor.email!)
    // 4 hours on Monday and 7 on Sunday: not 08:00 to 21:00 (13 hours, 17 in the week).
    expect(mail!.body.text).toContain('Sunday: 08:00-12:00, 18:00-21:00 (7.0 hours)')
    expect(mail!.body.text).toContain(': 11.0 hours.')
    expect(mail!.body.text).not.toContain('13.0 hours')
    expect(mail!.body.html).toMatch(/08:00–12:00, 18:00–21:00<\/td><td[^>]*>7\.0 hours/)
    const page = await show(linksIn(mail!.body.text!).approve)
    expect(page.text).toContain('Total: <strong>11.0 hours</strong>')
    expect(page.text).toContain('<td>08:00–12:00, 18:00–21:00</td><td>7.0 hours</td>')
  })

  it("emails a split day sent again with only the spec's start and end as that one span", async () => {
    const { cookie, supervisor, staff } = await setup()
    const body = { weekStartDate: thisWeek(), sundayStart: '08:00', sundayEnd: '21:00' }
    const split = [
      { start: '08:00', end: '12:00' },
      { start: '18:00', end: '21:00' },
    ]
    const first = await callRoute(createTimesheet, { cookies: [staff.cookie], body: { ...body, sundaySpans: split } })
    expect(first.status, first.text).toBe(200)
    const declined = await decidedThroughRoute(cookie, first.json.id, 'rejected', 'One shift')
    // A client that knows only the spec sends the day again without its spans: one span, 13 hours.
    await submittedThroughRoute(staff.cookie, { ...body, version: declined.json.version })
    const mails = await inbox(supervisor.email!)
    expect(mails).toHaveLength(2)
    expect(mails[1]!.body.text).toContain('Sunday: 08:00-21:00 (13.0 hours)')
  })

  it('does not email a supervisor about their own timesheet, and stays quiet when the organization turns it off', async () => {
    const { cookie, supervisor, second, staff } = await setup()
    await submit(second.cookie)
    expect(await inbox(supervisor.email!)).toHaveLength(1)
    expect(await inbox(second.user.email)).toHaveLength(0)
    await callRoute(updateSettings, { cookies: [cookie], body: { organizationName: 'Grace', approvalEmails: false } })
    await submit(staff.cookie)
    expect(await inbox(supervisor.email!)).toHaveLength(1)
  })

  it('keeps the submission and its review emails when SES is down; the retry job sends them', async () => {
    const { supervisor, staff, organization } = await setup()
    const { outbox } = await import('@app/data')
    await whileUnreachable('SES_ENDPOINT', async () => {
      expect((await submit(staff.cookie)).status).toBe('pending')
    })
    const queued = await outbox.pendingFor(organization.id)
    expect(queued).toHaveLength(2)
    for (const q of queued) await makeEmailDue(organization.id, q.id)
    const { retryDueEmails } = await import('../workflows/mailer.ts')
    await retryDueEmails()
    expect(await outbox.pendingFor(organization.id)).toEqual([])
    expect(await inbox(supervisor.email!)).toHaveLength(1)
  })
})

describe('one-click decisions', () => {
  it('approves by link: the GET only shows a confirmation, the button decides', async () => {
    const { supervisor, staff, db } = await setup()
    const sheet = await submit(staff.cookie)
    const { approve } = linksIn((await inbox(supervisor.email!))[0]!.body.text!)
    const page = await show(approve)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Approve this timesheet?')
    expect(page.text).toContain('Ana Silva')
    expect((await db.timesheets.get(sheet.id)).status).toBe('pending')
    const done = await confirm(approve)
    expect(done.status).toBe(200)
    expect(done.text).toContain('Timesheet approved')
    expect(await db.timesheets.get(sheet.id)).toMatchObject({ status: 'approved', approvedBy: supervisor.id })
    const again = await confirm(approve)
    expect(again.status).toBe(409)
    expect(again.text).toContain('already used')
  })

  it("declines by link with a comment, and the employee's email follows", async () => {
    const { second, staff, db } = await setup()
    const sheet = await submit(staff.cookie)
    const { decline } = linksIn((await inbox(second.user.email))[0]!.body.text!)
    expect((await show(decline)).text).toContain('Add comments for the employee...')
    const done = await confirm(decline, 'comments=Please+add+Tuesday')
    expect(done.text).toContain('Timesheet declined')
    expect(await db.timesheets.get(sheet.id)).toMatchObject({ status: 'rejected', comments: 'Please add Tuesday' })
    const mail = await inbox(staff.user.email)
    expect(mail.map((m) => m.body.text)).toEqual([expect.stringContaining('Please add Tuesday')])
  })

  it("says an emailed approval was the first of two, a delegate's for whom, and who is asked next; the final one approves", async () => {
    const { cookie, supervisor, staff, db } = await setup()
    const person = (firstName: string, lastName: string) =>
      newStaffMember(cookie, 'supervisor', { person: { firstName, lastName } })
    const [beth, carl] = [await person('Beth', 'Youth'), await person('Carl', 'Worship')]
    // Beth approves Ana's weeks; she is away with Carl deciding for her; Sam gives the final approval.
    await db.members.update(staff.user.id, { supervisorId: beth.user.id }, supervisor)
    const today = todayIn('America/Chicago')
    const away = await callRoute(setAway, {
      cookies: [beth.cookie],
      body: { from: today, to: addDays(today, 7), delegateId: carl.user.id },
    })
    expect(away.status, away.text).toBe(200)
    const twoStep = await callRoute(updateApprovals, {
      cookies: [cookie],
      body: { twoStep: true, finalApproverIds: [supervisor.id] },
    })
    expect(twoStep.status, twoStep.text).toBe(200)

    const sheet = await submit(staff.cookie)
    const carlsEmail = await inbox(carl.user.email)
    expect(carlsEmail).toHaveLength(1)
    const first = await confirm(linksIn(carlsEmail[0]!.body.text!).approve)
    expect(first.status, first.text).toBe(200)
    expect(first.text).toContain('<h1>First approval recorded</h1>')
    expect(first.text).toContain(`Your approval for Beth Youth of Ana Silva&#39;s timesheet for the week of`)
    expect(first.text).toContain(
      'is recorded as the first of two. The timesheet stays pending until a final approver approves it.',
    )
    expect(first.text).toContain('We asked Sam Grace for the final approval.')
    expect(first.text).not.toContain('is now approved')
    expect(await db.timesheets.get(sheet.id)).toMatchObject({ status: 'pending' })

    const samsEmail = await inbox(supervisor.email!)
    expect(samsEmail).toHaveLength(1)
    const final = await confirm(linksIn(samsEmail[0]!.body.text!).approve)
    expect(final.status, final.text).toBe(200)
    expect(final.text).toContain('<h1>Timesheet approved</h1>')
    expect(final.text).toContain('is now approved.')
    expect(final.text).not.toContain('first of two')
    expect(await db.timesheets.get(sheet.id)).toMatchObject({ status: 'approved', approvedBy: supervisor.id })
  })

  it('says a first approval in Spanish to a Spanish-speaking supervisor', async () => {
    const { cookie, supervisor, second, staff, db } = await setup()
    await db.members.update(staff.user.id, { supervisorId: second.user.id }, supervisor)
    const spanish = await callRoute(updateUser, { cookies: [second.cookie], body: { language: 'es' } })
    expect(spanish.status, spanish.text).toBe(200)
    await callRoute(updateApprovals, { cookies: [cookie], body: { twoStep: true, finalApproverIds: [supervisor.id] } })
    await submit(staff.cookie)
    const [mail] = await inbox(second.user.email)
    const approve = tokenIn(mail!.body.text!, 'Aprobar', 'email-decisions')
    const first = await confirm(approve)
    expect(first.text).toContain('<h1>Primera aprobación registrada</h1>')
    expect(first.text).toContain('quedó registrada como la primera de dos')
    expect(first.text).toContain('Pedimos la aprobación final a Sam Grace.')
  })

  it('changes nothing for an expired, a tampered, or an out-of-date link, or after the dashboard decided', async () => {
    const { cookie, supervisor, staff, db, organization } = await setup()
    const sheet = await submit(staff.cookie)
    const { approve, decline } = linksIn((await inbox(supervisor.email!))[0]!.body.text!)

    const expired = await createDecisionLink(
      {
        orgId: organization.id,
        timesheetId: sheet.id,
        version: sheet.version,
        decision: 'approved',
        supervisorId: supervisor.id,
      },
      Date.now() - 8 * 86_400_000,
    )
    expect((await confirm(expired)).text).toContain('This link has expired')

    const [payload, signature] = approve.split('.')
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), timesheetId: sheet.id + 1 }),
    ).toString('base64url')
    expect((await confirm(`${forged}.${signature}`)).text).toContain('This link is not valid')
    expect((await db.timesheets.get(sheet.id)).status).toBe('pending')

    // The dashboard rejects; the employee edits and submits again: the first email's links are out of date.
    await decideThroughRoute(cookie, sheet.id, 'rejected', 'Fix it')
    expect((await confirm(decline)).text).toContain('already decided')
    await callRoute(updateDraft, {
      cookies: [staff.cookie],
      params: { id: String(sheet.id) },
      body: { mondayStart: '08:00', mondayEnd: '12:00' },
    })
    await callRoute(submitTimesheet, { cookies: [staff.cookie], params: { id: String(sheet.id) }, body: {} })
    const stale = await confirm(approve)
    expect(stale.status).toBe(409)
    expect(stale.text).toContain('out of date')
    expect((await db.timesheets.get(sheet.id)).status).toBe('pending')

    // The newest email's link works.
    const newest = linksIn((await inbox(supervisor.email!)).at(-1)!.body.text!)
    expect((await confirm(newest.approve)).text).toContain('Timesheet approved')
  })

  it('after a first approval, says whose final-approval email waits for their confirmed address, on the page and in the answer', async () => {
    const { cookie, supervisor, second, staff, db } = await setup()
    // Dora gives final approvals; her address is not confirmed yet. The second supervisor approves Ana's weeks.
    const dora = await newStaffMember(cookie, 'supervisor', {
      confirmed: false,
      person: { firstName: 'Dora', lastName: 'Final' },
    })
    await db.members.update(staff.user.id, { supervisorId: second.user.id }, supervisor)
    const twoStep = await callRoute(updateApprovals, {
      cookies: [cookie],
      body: { twoStep: true, finalApproverIds: [dora.user.id] },
    })
    expect(twoStep.status, twoStep.text).toBe(200)

    // From the emailed link: the page names who is asked and that her email waits.
    await submit(staff.cookie)
    const [email] = await inbox(second.user.email)
    const first = await confirm(linksIn(email!.body.text!).approve)
    expect(first.text).toContain('<h1>First approval recorded</h1>')
    expect(first.text).toContain('We asked Dora Final for the final approval.')
    expect(first.text).toContain(
      'Dora Final will get the email once they confirm their email address (it waits up to 14 days).',
    )

    // From the dashboard (PATCH .../status): the answer adds whose email waits, its other fields as before.
    const lastWeek = await callRoute(createTimesheet, {
      cookies: [staff.cookie],
      body: { weekStartDate: addDays(thisWeek(), -7), tuesdayStart: '09:00', tuesdayEnd: '12:00' },
    })
    const decided = await decidedThroughRoute(second.cookie, lastWeek.json.id, 'approved')
    expect(decided.json).toMatchObject({
      id: lastWeek.json.id,
      status: 'pending',
      csvDownloadUrl: expect.any(String),
      reviewEmailsHeldFor: [{ id: dora.user.id, firstName: 'Dora', lastName: 'Final' }],
    })
  })
})
