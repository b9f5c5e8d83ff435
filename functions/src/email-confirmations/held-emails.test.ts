import { describe, expect, it } from 'vitest'
import { addDays, currentWeekStart, defaultTimeOffPolicies } from '@app/core'
import { HELD_EMAIL_DAYS, orgDb, outbox } from '@app/data'
import { callRoute, postLinkForm } from '../../test/support/test-event.ts'
import { submittedThroughRoute } from '../../test/support/test-timesheets.ts'
import { addSupervisorThroughRoute, newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { confirmationsIn, inbox, tokenIn } from '../../test/support/test-inbox.ts'
import updateMember from '../members/update-member.ts'
import createTimeOff from '../time-off/create-time-off.ts'
import updatePolicies from '../time-off/update-policies.ts'
import saveDraft from '../timesheets/save-draft.ts'
import submitTimesheet from '../timesheets/submit-timesheet.ts'
import { dropExpiredHeld, retryDueEmails } from '../workflows/mailer.ts'
import confirmAddress from './confirm-address.ts'

const linkIn = (text: string) => tokenIn(text, 'Confirm', 'email-confirmations')
const confirm = (token: string) => postLinkForm(confirmAddress, token)
const week = () => currentWeekStart('America/Chicago', 'monday')
/** The review requests in an inbox (an invited supervisor also gets the invitation to sign in). */
const reviews = async (to: string) =>
  (await inbox(to)).map((m) => m.subject).filter((subject) => subject.startsWith('Timesheet to review'))

/** An organization, an approver a supervisor just added (address not confirmed) and a member they approve. */
const setup = async () => {
  const org = await newOrganization()
  const added = await addSupervisorThroughRoute(org.cookie, 'Rosa', 'Approver')
  expect(added.status, added.text).toBe(200)
  const approver = { id: added.json.id as string, email: added.json.email as string }
  const member = await newStaffMember(org.cookie)
  const routed = await callRoute(updateMember, {
    cookies: [org.cookie],
    params: { id: member.user.id },
    body: { supervisorId: approver.id },
  })
  expect(routed.status, routed.text).toBe(200)
  const submitted = await submittedThroughRoute(member.cookie, {
    weekStartDate: week(),
    mondayStart: '09:00',
    mondayEnd: '13:00',
  })
  return { ...org, approver, member, submitted: submitted.json as { reviewEmailsHeldFor: unknown } }
}

describe('emails to an address waiting for confirmation', () => {
  it('holds the review request for an unconfirmed approver and delivers it once they confirm', async () => {
    const s = await setup()
    expect(await inbox(s.approver.email)).toEqual([])
    const held = await outbox.pendingFor(s.organization.id)
    expect(held.map((e) => ('template' in e.email ? e.email.template : ''))).toEqual(['review'])
    // The retry job does not send it, nor drop it, while it waits.
    await retryDueEmails()
    expect(await inbox(s.approver.email)).toEqual([])
    expect(await outbox.pendingFor(s.organization.id)).toHaveLength(1)

    const [link] = await confirmationsIn(s.approver.email)
    expect((await confirm(linkIn(link!.body.text!))).status).toBe(200)
    expect(await reviews(s.approver.email)).toEqual([expect.stringMatching(/^Timesheet to review: Ana Silva, /)])
    expect(await outbox.pendingFor(s.organization.id)).toEqual([])
  })

  it('tells the member who submitted whose review email waits, on both submit calls; once confirmed, nobody', async () => {
    const s = await setup()
    const rosa = { id: s.approver.id, firstName: 'Rosa', lastName: 'Approver' }
    // The submit page's call (POST /api/timesheets) answers the timesheet and whose email waits.
    expect(s.submitted).toMatchObject({ status: 'pending', reviewEmailsHeldFor: [rosa] })
    // The weekly dialog's call (POST /api/timesheets/{id}/submit) says it too.
    const lastWeek = await callRoute(saveDraft, {
      cookies: [s.member.cookie],
      body: { weekStartDate: addDays(week(), -7), tuesdayStart: '09:00', tuesdayEnd: '12:00' },
    })
    expect(lastWeek.status, lastWeek.text).toBe(200)
    const resubmitted = await callRoute(submitTimesheet, {
      cookies: [s.member.cookie],
      params: { id: String(lastWeek.json.id) },
      body: { version: lastWeek.json.version },
    })
    expect(resubmitted.status, resubmitted.text).toBe(200)
    expect(resubmitted.json).toMatchObject({ status: 'pending', reviewEmailsHeldFor: [rosa] })

    // Rosa confirms: both waiting emails go, and the next submission names nobody.
    const [link] = await confirmationsIn(s.approver.email)
    expect((await confirm(linkIn(link!.body.text!))).status).toBe(200)
    expect(await reviews(s.approver.email)).toHaveLength(2)
    const next = await submittedThroughRoute(s.member.cookie, {
      weekStartDate: addDays(week(), -14),
      mondayStart: '09:00',
      mondayEnd: '10:00',
    })
    expect(next.json).toMatchObject({ status: 'pending', reviewEmailsHeldFor: [] })
  })

  it('tells the member who asked for time off whose email about it waits for a confirmed address', async () => {
    const s = await setup()
    const policies = {
      policies: defaultTimeOffPolicies().policies.map((p) =>
        p.kind === 'vacation' ? { ...p, allowNegative: true } : p,
      ),
    }
    expect((await callRoute(updatePolicies, { cookies: [s.cookie], body: policies })).status).toBe(200)
    const asked = await callRoute(createTimeOff, {
      cookies: [s.member.cookie],
      body: { kind: 'vacation', from: addDays(week(), 7), to: addDays(week(), 7), note: 'Family' },
    })
    expect(asked.status, asked.text).toBe(200)
    expect(asked.json).toMatchObject({
      status: 'pending',
      reviewEmailsHeldFor: [{ id: s.approver.id, firstName: 'Rosa', lastName: 'Approver' }],
    })
  })

  it(`drops what waited more than ${HELD_EMAIL_DAYS} days, with an audit record naming whose and what`, async () => {
    const s = await setup()
    const db = orgDb(s.organization.id)
    // Not yet: 13 days on, it still waits.
    expect(await dropExpiredHeld(new Date(Date.now() + 13 * 86_400_000), [s.organization.id])).toBe(0)
    expect(await outbox.pendingFor(s.organization.id)).toHaveLength(1)

    expect(await dropExpiredHeld(new Date(Date.now() + 15 * 86_400_000), [s.organization.id])).toBe(1)
    expect(await outbox.pendingFor(s.organization.id)).toEqual([])
    const records = await db.audit.list({ limit: 5 })
    expect(records.items[0]).toMatchObject({
      action: 'email.heldDropped',
      actor: { system: 'Email outbox' },
      subject: { type: 'member', id: s.approver.id, name: 'Rosa Approver' },
      changes: [
        { field: 'email', before: 'review', after: null },
        { field: 'address', before: s.approver.email, after: null },
        { field: 'heldSince', before: expect.any(String), after: null },
      ],
    })
    // Confirming later sends nothing that was dropped.
    const [link] = await confirmationsIn(s.approver.email)
    expect((await confirm(linkIn(link!.body.text!))).status).toBe(200)
    expect(await reviews(s.approver.email)).toEqual([])
  })
})
