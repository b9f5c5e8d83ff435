import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, TRIAL_EMAIL_DAILY_LIMIT } from '@app/core'
import { orgDb, outbox, systemActor } from '@app/data'
import { keys, makeEmailDue, table } from '@app/data/testing'
import { callRoute } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { inbox, tokenIn, type InboxEmail } from '../../test/support/test-inbox.ts'
import { whileUnreachable } from '../../test/support/unreachable.ts'
import showDecision from '../email-decisions/show-decision.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import saveDraft from '../timesheets/save-draft.ts'
import { retryDueEmails } from '../workflows/mailer.ts'
import { runReminders } from '../workflows/reminders.ts'

const thisWeek = () => currentWeekStart('America/Chicago', 'monday')
type Sent = InboxEmail & { from: string; headers?: { name: string; value: string }[] }
const mailTo = async (email: string) => (await inbox(email)) as Sent[]
const run = (orgId: string) => runReminders({ orgIds: [orgId], asIfScheduled: true })

describe('the reminders job', () => {
  it(
    'reminds exactly who has not submitted, digests what waits, asks about a forgotten clock-out, once each even when two runs overlap',
    { timeout: 60_000 },
    async () => {
      const { organization, supervisor, cookie } = await newOrganization()
      const [nothing, submitted, drafted] = await Promise.all([
        newStaffMember(cookie),
        newStaffMember(cookie),
        newStaffMember(cookie, 'volunteer'),
      ])
      await callRoute(createTimesheet, {
        cookies: [submitted.cookie],
        body: { weekStartDate: thisWeek(), mondayStart: '09:00', mondayEnd: '12:00' },
      })
      await callRoute(saveDraft, {
        cookies: [drafted.cookie],
        body: { weekStartDate: thisWeek(), tuesdayStart: '09:00', tuesdayEnd: '10:00' },
      })
      // Last week's Monday clock was never stopped: more than 10 hours ago, whenever the test runs.
      await callRoute(saveDraft, {
        cookies: [drafted.cookie],
        body: { weekStartDate: addDays(thisWeek(), -7), mondayStart: '08:00' },
      })
      const reviewMails = (await mailTo(supervisor.email!)).length

      const [first, second] = await Promise.all([run(organization.id), run(organization.id)])
      expect(first.queued + second.queued).toBe(4)

      const [a, b, c, boss] = await Promise.all([
        mailTo(nothing.user.email),
        mailTo(submitted.user.email),
        mailTo(drafted.user.email),
        mailTo(supervisor.email!),
      ])
      expect(a.map((m) => m.subject)).toEqual([expect.stringMatching(/^Reminder: your timesheet for the week of /)])
      expect(b).toEqual([])
      expect(c.map((m) => m.subject).sort()).toEqual([expect.stringMatching(/^Reminder:/), 'Still working?'])
      const digest = boss.slice(reviewMails)
      expect(digest.map((m) => m.subject)).toEqual(['1 timesheet waits for your approval'])
      // The digest's links are the supervisor's own one-click decision links.
      const approve = tokenIn(digest[0]!.body.text!, 'Approve', 'email-decisions')
      expect((await callRoute(showDecision, { params: { token: approve } })).text).toContain('Approve this timesheet?')
      expect(digest[0]!.body.html).toContain('Ana Silva')

      // Designed and addressed as the organization, with the one-click unsubscribe of RFC 8058.
      const reminder = a[0]!
      expect(reminder.from).toBe(`"${organization.name}" <no-reply@timesheets.local>`)
      expect(reminder.body.html).toContain(`/submit-timesheet?week=${thisWeek()}`)
      expect(reminder.body.text).toContain(`/submit-timesheet?week=${thisWeek()}`)
      expect(reminder.headers).toEqual([
        { name: 'List-Unsubscribe', value: expect.stringMatching(/^<http\S+\/api\/unsubscribe\/\S+>$/) },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ])

      expect(await run(organization.id)).toMatchObject({ queued: 0 })
      expect((await mailTo(nothing.user.email)).length).toBe(1)
    },
  )

  it('over the daily quota, sends the reminders within it now and holds the rest for the next day', async () => {
    const { organization, cookie } = await newOrganization()
    const staff = await Promise.all([newStaffMember(cookie), newStaffMember(cookie)])
    const emails = staff.map((m) => m.user.email)
    // A trial organization with one email of today's quota left.
    const day = new Date().toISOString().slice(0, 10)
    await table.put({ ...keys.emailQuota(organization.id, day), sent: TRIAL_EMAIL_DAILY_LIMIT - 1 })
    expect(await run(organization.id)).toMatchObject({ queued: 2, sent: 1 })
    const received = await Promise.all(emails.map((e) => inbox(e)))
    expect(received.map((r) => r.length).sort()).toEqual([0, 1])
    const held = await outbox.pendingFor(organization.id)
    expect(held).toHaveLength(1)
    await retryDueEmails()
    expect(await outbox.pendingFor(organization.id)).toHaveLength(1)
    // The next day, with a fresh quota: the held reminder goes out, and no run adds another.
    await table.delete(keys.emailQuota(organization.id, day))
    await makeEmailDue(organization.id, held[0]!.id)
    await retryDueEmails()
    expect(await outbox.pendingFor(organization.id)).toEqual([])
    expect((await Promise.all(emails.map((e) => inbox(e)))).map((r) => r.length)).toEqual([1, 1])
    expect(await run(organization.id)).toMatchObject({ queued: 0 })
  })

  it('keeps a reminder SES refused in the outbox, the retry job sends it, and a later run does not add another', async () => {
    const { organization, cookie } = await newOrganization()
    const staff = await newStaffMember(cookie)
    const email = staff.user.email
    await whileUnreachable('SES_ENDPOINT', async () => {
      expect(await run(organization.id)).toMatchObject({ queued: 1, sent: 0 })
    })
    expect(await inbox(email)).toEqual([])
    const queued = await outbox.pendingFor(organization.id)
    expect(queued).toHaveLength(1)
    await makeEmailDue(organization.id, queued[0]!.id)
    await retryDueEmails()
    expect(await run(organization.id)).toMatchObject({ queued: 0 })
    expect(await inbox(email)).toHaveLength(1)
  })

  it('sends nothing when the organization turned reminders off', async () => {
    const { organization, cookie } = await newOrganization()
    await newStaffMember(cookie)
    const db = orgDb(organization.id)
    await db.notifications.saveSettings(
      { ...(await db.notifications.settings()), remindersEnabled: false },
      systemActor('test'),
    )
    expect(await run(organization.id)).toMatchObject({ queued: 0 })
  })
})
