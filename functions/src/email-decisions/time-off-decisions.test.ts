import { describe, expect, it } from 'vitest'
import { addDays, todayIn } from '@app/core'
import { orgDb } from '@app/data'
import { callRoute, postLinkForm } from '../../test/support/test-event.ts'
import { newOrganization, newStaffMember } from '../../test/support/test-identity.ts'
import { decisionTokensIn, inbox, tokenIn } from '../../test/support/test-inbox.ts'
import listAudit from '../audit/list-audit.ts'
import setAway from '../profile/set-away.ts'
import updateUser from '../auth/update-user.ts'
import cancelTimeOff from '../time-off/cancel-time-off.ts'
import createAdjustment from '../time-off/create-adjustment.ts'
import createTimeOff from '../time-off/create-time-off.ts'
import decideTimeOff from '../time-off/decide-time-off.ts'
import getBalances from '../time-off/get-balances.ts'
import { createDecisionLink } from '../workflows/decision-links.ts'
import confirmDecision from './confirm-decision.ts'
import showDecision from './show-decision.ts'

/**
 * A time-off request's email carries one-click Approve and Decline, as a timesheet's
 * does; the decision is the one `PATCH /api/time-off/{id}/status` makes.
 */
const ZONE = 'America/Chicago'
const dayAhead = (n: number) => addDays(todayIn(ZONE), n)

const linksIn = decisionTokensIn
const show = (token: string) => callRoute(showDecision, { params: { token } })
const confirm = (token: string, form = '') => postLinkForm(confirmDecision, token, form)

/** A supervisor, a member they approve with 40 hours of vacation, and the member's request (its email's links). */
const setup = async ({ note = 'Family visit' } = {}) => {
  const org = await newOrganization()
  const member = await newStaffMember(org.cookie)
  const db = orgDb(org.organization.id)
  const memberEmail = (await db.users.get(member.user.id)).email!
  const grant = await callRoute(createAdjustment, {
    cookies: [org.cookie],
    body: { employeeId: member.user.id, kind: 'vacation', hours: 40, reason: 'Starting balance' },
  })
  expect(grant.status, grant.text).toBe(200)
  const ask = async (from: string, to = from) => {
    const res = await callRoute(createTimeOff, {
      cookies: [member.cookie],
      body: { kind: 'vacation', from, to, note },
    })
    expect(res.status, res.text).toBe(200)
    return res.json as { id: string; status: string }
  }
  const requestEmails = async (to = org.supervisor.email!) =>
    (await inbox(to)).filter((m) => m.subject.startsWith('Time off to review: Ana Silva'))
  const vacation = async () => {
    const res = await callRoute(getBalances, { cookies: [member.cookie] })
    return (res.json.balances as { kind: string; scheduledHours: number; availableHours: number }[]).find(
      (b) => b.kind === 'vacation',
    )!
  }
  return { ...org, member, memberEmail, db, ask, requestEmails, vacation }
}

describe('one-click decisions on time off', () => {
  it('emails the approver the request with Approve and Decline; the GET only asks, the button approves once, and the member hears it', async () => {
    const { supervisor, member, db, ask, requestEmails, memberEmail, vacation, organization } = await setup()
    const day = dayAhead(10)
    const request = await ask(day, addDays(day, 1))
    const [email] = await requestEmails()
    expect(email).toBeDefined()
    const text = email!.body.text!
    expect(text).toContain('Ana Silva asks for 16 hours of Vacation')
    expect(text).toContain('Note: Family visit')
    expect(text).toContain('Each link asks you to confirm, and works once within 7 days.')
    const { approve, decline } = linksIn(text)
    expect(email!.body.html).toContain(`href="${/Approve: (\S+)/.exec(text)![1]}"`)

    // Opening the link (as a mail scanner would) decides nothing.
    const page = await show(approve)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Approve this time off request?')
    expect(page.text).toContain('Ana Silva')
    expect(page.text).toContain('Family visit')
    expect(page.text).toContain('16.0 hours')
    expect(page.text).toContain(`action="/api/email-decisions/${approve}"`)
    expect((await db.timeOff.get(request.id)).status).toBe('pending')

    const done = await confirm(approve)
    expect(done.status, done.text).toBe(200)
    expect(done.text).toContain('Time off approved')
    expect(done.text).toContain('They will be notified by email.')
    expect(await db.timeOff.get(request.id)).toMatchObject({
      status: 'approved',
      decidedBy: { firstName: supervisor.firstName, lastName: supervisor.lastName },
    })
    // The same effects as the Time off page's decision: the ledger holds the hours as approved, a record says the email link.
    expect(await vacation()).toMatchObject({ scheduledHours: 16, availableHours: 24 })
    const ledger = await db.timeOff.ledger(member.user.id)
    expect(ledger.find((e) => e.requestId === request.id)).toMatchObject({ status: 'approved', hours: -16 })
    const audit = await orgDb(organization.id).audit.list({ action: 'timeOff.approved' })
    expect(audit.items).toHaveLength(1)
    expect(audit.items[0]!.actor).toMatchObject({ userId: supervisor.id, via: 'emailLink' })
    const heard = (await inbox(memberEmail)).filter((m) => m.subject.startsWith('Your Vacation is approved'))
    expect(heard).toHaveLength(1)

    // The link is spent; the other link of the email finds the request decided, and says by whom.
    const again = await confirm(approve)
    expect(again.status).toBe(409)
    expect(again.text).toContain('This link was already used')
    const other = await show(decline)
    expect(other.status).toBe(409)
    expect(other.text).toContain('This time off request was already decided')
    expect(other.text).toContain(`It was approved by ${supervisor.firstName} ${supervisor.lastName}.`)
    expect((await confirm(decline, 'comments=No')).status).toBe(409)
    expect((await db.timeOff.get(request.id)).status).toBe('approved')
    expect((await orgDb(organization.id).audit.list({ action: 'timeOff.rejected' })).items).toHaveLength(0)
  })

  it("declines by link with a comment: the hours go back and the member's email carries the comment", async () => {
    const { db, ask, requestEmails, memberEmail, vacation } = await setup()
    const request = await ask(dayAhead(12))
    expect(await vacation()).toMatchObject({ scheduledHours: 8, availableHours: 32 })
    const { decline } = linksIn((await requestEmails())[0]!.body.text!)
    const page = await show(decline)
    expect(page.text).toContain('Decline this time off request?')
    expect(page.text).toContain('Add comments for the member...')
    const done = await confirm(decline, 'comments=We+need+you+that+Sunday')
    expect(done.status, done.text).toBe(200)
    expect(done.text).toContain('Time off declined')
    expect(await db.timeOff.get(request.id)).toMatchObject({ status: 'rejected', comments: 'We need you that Sunday' })
    expect(await vacation()).toMatchObject({ scheduledHours: 0, availableHours: 40 })
    const mail = (await inbox(memberEmail)).filter((m) => m.subject.startsWith('Your Vacation was declined'))
    expect(mail.map((m) => m.body.text)).toEqual([expect.stringContaining('Comment: We need you that Sunday')])
  })

  it('refuses a link once the Time off page decided, and the page once a link decided: one decision wins', async () => {
    const { cookie, db, ask, requestEmails } = await setup()
    const first = await ask(dayAhead(14))
    const second = await ask(dayAhead(15))
    const [firstEmail, secondEmail] = await requestEmails()
    const byPage = await callRoute(decideTimeOff, {
      cookies: [cookie],
      params: { id: first.id },
      body: { status: 'rejected', comments: 'No' },
    })
    expect(byPage.status, byPage.text).toBe(200)
    const late = await confirm(linksIn(firstEmail!.body.text!).approve)
    expect(late.status).toBe(409)
    expect(late.text).toContain('It was declined by')
    expect((await db.timeOff.get(first.id)).status).toBe('rejected')

    expect((await confirm(linksIn(secondEmail!.body.text!).approve)).status).toBe(200)
    const lateByPage = await callRoute(decideTimeOff, {
      cookies: [cookie],
      params: { id: second.id },
      body: { status: 'rejected' },
    })
    expect(lateByPage.status).toBe(409)
    expect((await db.timeOff.get(second.id)).status).toBe('approved')
  })

  it('lets exactly one of two links posted at the same moment decide', async () => {
    const { db, ask, requestEmails, organization } = await setup()
    const request = await ask(dayAhead(18))
    const { approve, decline } = linksIn((await requestEmails())[0]!.body.text!)
    const answers = await Promise.all([confirm(approve), confirm(decline, 'comments=No')])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const decided = await db.timeOff.get(request.id)
    expect(decided.status).toBe(answers[0]!.status === 200 ? 'approved' : 'rejected')
    const records = await Promise.all(
      (['timeOff.approved', 'timeOff.rejected'] as const).map(
        async (action) => (await orgDb(organization.id).audit.list({ action })).items.length,
      ),
    )
    expect(records[0]! + records[1]!).toBe(1)
  })

  it("refuses another organization's, a tampered, an expired link, and one for a cancelled request", async () => {
    const { supervisor, member, organization, db, ask, requestEmails } = await setup()
    const request = await ask(dayAhead(16))
    const { approve } = linksIn((await requestEmails())[0]!.body.text!)

    // Signed for another organization (where that request does not exist), or edited to name this one.
    const other = await newOrganization()
    const foreign = await createDecisionLink({
      orgId: other.organization.id,
      timeOffId: request.id,
      supervisorId: other.supervisor.id,
      decision: 'approved',
    })
    expect((await show(foreign)).status).toBe(404)
    expect((await confirm(foreign)).status).toBe(404)
    const [payload, signature] = foreign.split('.')
    const edited = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), orgId: organization.id }),
    ).toString('base64url')
    const tampered = await confirm(`${edited}.${signature}`)
    expect(tampered.status).toBe(400)
    expect(tampered.text).toContain('This link is not valid')
    // A supervisor of this organization cannot be named in place of the one the link was sent to.
    const [ownPayload, ownSignature] = approve.split('.')
    const swapped = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(ownPayload!, 'base64url').toString()), supervisorId: member.user.id }),
    ).toString('base64url')
    expect((await confirm(`${swapped}.${ownSignature}`)).status).toBe(400)

    const expired = await createDecisionLink(
      { orgId: organization.id, timeOffId: request.id, supervisorId: supervisor.id, decision: 'approved' },
      Date.now() - 8 * 86_400_000,
    )
    expect((await confirm(expired)).status).toBe(410)
    expect((await db.timeOff.get(request.id)).status).toBe('pending')

    // The member cancels: the link says so and changes nothing.
    const cancelled = await callRoute(cancelTimeOff, { cookies: [member.cookie], params: { id: request.id } })
    expect(cancelled.status, cancelled.text).toBe(200)
    const late = await confirm(approve)
    expect(late.status).toBe(409)
    expect(late.text).toContain('The member cancelled it.')
    expect((await db.timeOff.get(request.id)).status).toBe('cancelled')
  })

  it("sends the request to the approver's delegate while away, whose link decides for the approver, in their language", async () => {
    const { cookie, supervisor, organization, ask, requestEmails } = await setup()
    const delegate = await newStaffMember(cookie, 'supervisor')
    const db = orgDb(organization.id)
    const delegateEmail = (await db.users.get(delegate.user.id)).email!
    expect((await callRoute(updateUser, { cookies: [delegate.cookie], body: { language: 'es' } })).status).toBe(200)
    const away = await callRoute(setAway, {
      cookies: [cookie],
      body: { from: todayIn(ZONE), to: dayAhead(7), delegateId: delegate.user.id },
    })
    expect(away.status, away.text).toBe(200)
    const request = await ask(dayAhead(20))
    expect(await requestEmails()).toHaveLength(0)
    const [email] = (await inbox(delegateEmail)).filter((m) => m.subject.startsWith('Tiempo libre por revisar'))
    const approve = tokenIn(email!.body.text!, 'Aprobar', 'email-decisions')
    expect((await show(approve)).text).toContain('¿Aprobar esta solicitud de tiempo libre?')
    const done = await confirm(approve)
    expect(done.status, done.text).toBe(200)
    expect(done.text).toContain('Tiempo libre aprobado')
    expect((await db.timeOff.get(request.id)).status).toBe('approved')
    const audit = await callRoute(listAudit, { cookies: [cookie], query: { action: 'timeOff.approved' } })
    expect(audit.json.items[0].actor).toMatchObject({
      userId: delegate.user.id,
      via: 'emailLink',
      onBehalfOf: { userId: supervisor.id },
    })
  })
})
