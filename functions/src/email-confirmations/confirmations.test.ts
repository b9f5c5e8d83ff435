import { describe, expect, it } from 'vitest'
import { currentWeekStart } from '@app/core'
import { orgDb, outbox, RESEND_MINUTES } from '@app/data'
import { makeEmailDue, queueRenderedEmail } from '@app/data/testing'
import { callRoute, postLinkForm } from '../../test/support/test-event.ts'
import { decidedThroughRoute } from '../../test/support/test-timesheets.ts'
import {
  addMemberThroughRoute,
  addSupervisorThroughRoute,
  newOrganization,
  newStaffMember,
} from '../../test/support/test-identity.ts'
import { confirmationsIn, inbox, tokenIn, wholeInbox } from '../../test/support/test-inbox.ts'
import resendConfirmation from '../members/resend-confirmation.ts'
import updateMember from '../members/update-member.ts'
import staffLogin from '../staff/staff-login.ts'
import createTimesheet from '../timesheets/create-timesheet.ts'
import { createAddressLink } from '../workflows/address-links.ts'
import { retryDueEmails } from '../workflows/mailer.ts'
import { sessionOf } from '../../test/support/test-event.ts'
import confirmAddress from './confirm-address.ts'
import showConfirmation from './show-confirmation.ts'

const linkIn = (text: string) => tokenIn(text, 'Confirm', 'email-confirmations')
const show = (token: string, headers: Record<string, string> = {}) =>
  callRoute(showConfirmation, { params: { token }, headers })
const confirm = (token: string) => postLinkForm(confirmAddress, token)

/** An organization and a member a supervisor added with an email, signed in, address not confirmed. */
const setup = async () => {
  const org = await newOrganization()
  const added = await addMemberThroughRoute(org.cookie, { firstName: 'Ana', lastName: 'Silva', department: 'Youth' })
  expect(added.status).toBe(200)
  const login = await callRoute(staffLogin, { body: added.json.temporaryCredentials })
  const db = orgDb(org.organization.id)
  const member = await db.users.get(added.json.id)
  return { ...org, db, member, email: member.email!, memberCookie: sessionOf(login.cookies) }
}

/** The member submits a week and the supervisor rejects it: a decision email to the member. */
const rejectAWeek = async (s: Awaited<ReturnType<typeof setup>>, week: string) => {
  const sheet = (
    await callRoute(createTimesheet, {
      cookies: [s.memberCookie],
      body: { weekStartDate: week, mondayStart: '09:00', mondayEnd: '13:00', mondayActivity: 'Office' },
    })
  ).json
  await decidedThroughRoute(s.cookie, sheet.id, 'rejected', 'Please add Tuesday')
}

describe('an address a supervisor typed', () => {
  it('gets only its confirmation email; other emails to it wait and are sent when its owner confirms', async () => {
    const s = await setup()
    expect(s.member.emailConfirmed).toBe(false)
    const all = await wholeInbox(s.email)
    expect(all).toHaveLength(1)
    expect(all[0]!.subject).toBe("Sam Grace's Organization added you to Ministry Timesheets")
    expect(all[0]!.body.text).toContain('Confirm this is your address')

    // A decision email to the unconfirmed address is held at the sender until it is confirmed.
    const week = currentWeekStart('America/Chicago', 'monday')
    await rejectAWeek(s, week)
    expect(await inbox(s.email)).toEqual([])
    expect(await outbox.pendingFor(s.organization.id)).toHaveLength(1)
    await retryDueEmails()
    expect(await inbox(s.email)).toEqual([])

    // The owner opens the link: the GET confirms nothing; the button does.
    const token = linkIn(all[0]!.body.text!)
    const page = await show(token)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Confirm this is your address?')
    expect(page.text).toContain(`<form method="post" action="/api/email-confirmations/${token}">`)
    expect((await s.db.users.get(s.member.id)).emailConfirmed).toBe(false)
    const done = await confirm(token)
    expect(done.status).toBe(200)
    expect(done.text).toContain('Email address confirmed')
    expect((await s.db.users.get(s.member.id)).emailConfirmed).toBe(true)
    const records = await s.db.audit.list({ limit: 5 })
    expect(records.items[0]).toMatchObject({
      action: 'member.edited',
      changes: [{ field: 'emailConfirmed', before: 'false', after: 'true' }],
    })

    // The held decline arrives at once, and so does the next email.
    expect((await inbox(s.email)).map((m) => m.body.text)).toEqual([expect.stringContaining('Please add Tuesday')])
    expect(await outbox.pendingFor(s.organization.id)).toEqual([])
    await rejectAWeek(s, currentWeekStart('America/Chicago', 'monday', new Date(Date.now() - 7 * 86_400_000)))
    expect(await inbox(s.email)).toHaveLength(2)
  })

  it('a link works once; a tampered, expired, or out-of-date link changes nothing', async () => {
    const s = await setup()
    const token = linkIn((await confirmationsIn(s.email))[0]!.body.text!)
    expect((await confirm(token)).status).toBe(200)
    const again = await confirm(token)
    expect(again.status).toBe(409)
    expect(again.text).toContain('This link was already used')
    expect((await show(token)).status).toBe(409)

    const other = await setup()
    const expired = await createAddressLink(
      { orgId: other.organization.id, userId: other.member.id, email: other.email },
      Date.now() - 8 * 86_400_000,
    )
    expect((await confirm(expired)).text).toContain('This link has expired')
    // A link made for an address the member no longer has.
    const stale = await createAddressLink({
      orgId: other.organization.id,
      userId: other.member.id,
      email: 'old@x.example',
    })
    expect((await confirm(stale)).status).toBe(404)
    expect((await other.db.users.get(other.member.id)).emailConfirmed).toBe(false)
  })

  it("another organization's link cannot confirm: the signature binds organization, member and address", async () => {
    const a = await setup()
    const b = await setup()
    const token = linkIn((await confirmationsIn(a.email))[0]!.body.text!)
    const [payload, signature] = token.split('.')
    const link = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    for (const changed of [
      { orgId: b.organization.id, userId: b.member.id, email: b.email },
      { email: b.email },
      { userId: b.member.id },
    ]) {
      const forged = `${Buffer.from(JSON.stringify({ ...link, ...changed })).toString('base64url')}.${signature}`
      const res = await confirm(forged)
      expect(res.status).toBe(400)
      expect(res.text).toContain('This link is not valid')
    }
    // A changed signature does not pass either.
    expect((await confirm(`${payload}.${signature!.slice(1)}x`)).status).toBe(400)
    expect((await b.db.users.get(b.member.id)).emailConfirmed).toBe(false)
    expect((await a.db.users.get(a.member.id)).emailConfirmed).toBe(false)
  })

  it('speaks Spanish to a member whose language is Spanish', async () => {
    const s = await setup()
    await s.db.members.setLanguage(s.member.id, 'es', 'chosen', s.member)
    const token = linkIn((await confirmationsIn(s.email))[0]!.body.text!)
    expect((await show(token)).text).toContain('¿Confirma que esta es su dirección?')
    expect((await confirm(token)).text).toContain('Correo electrónico confirmado')
  })

  it('a new email from a supervisor is unconfirmed and gets its own link; the old address gets nothing more', async () => {
    const org = await newOrganization()
    const staff = await newStaffMember(org.cookie)
    const db = orgDb(org.organization.id)
    expect((await db.users.get(staff.user.id)).emailConfirmed).toBe(true)
    const res = await callRoute(updateMember, {
      cookies: [org.cookie],
      params: { id: staff.user.id },
      body: { email: 'ana.new@grace.example' },
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json.emailConfirmed).toBe(false)
    const links = await confirmationsIn('ana.new@grace.example')
    expect(links).toHaveLength(1)
    expect((await confirm(linkIn(links[0]!.body.text!))).status).toBe(200)
    expect((await db.users.get(staff.user.id)).emailConfirmed).toBe(true)
  })

  it('a supervisor added by email gets the invitation to sign in once the address is confirmed', async () => {
    const org = await newOrganization()
    const added = await addSupervisorThroughRoute(org.cookie, 'Lea', 'Park')
    const email = added.json.email as string
    expect(await inbox(email)).toEqual([])
    const done = await confirm(linkIn((await confirmationsIn(email))[0]!.body.text!))
    expect(done.text).toContain('An email with how to sign in as a supervisor is on its way.')
    const mail = await inbox(email)
    expect(mail.map((m) => m.subject)).toEqual(["Sam Grace added you as a supervisor at Sam Grace's Organization"])
  })
})

describe('the sender', () => {
  it('drops an email to an address no current member has, whatever queued it', async () => {
    const s = await setup()
    const stranger = `${Math.random().toString(36).slice(2, 10)}@elsewhere.example`
    const { id } = await queueRenderedEmail(s.organization.id, {
      to: stranger,
      subject: 'Timesheet Declined',
      text: 'Click here',
      html: '<p>Click here</p>',
    })
    await makeEmailDue(s.organization.id, id)
    await retryDueEmails()
    expect(await wholeInbox(stranger)).toEqual([])
    expect(await outbox.pendingFor(s.organization.id)).toEqual([])
  })
})

describe('Resend confirmation', () => {
  it('sends the link again, at most once each few minutes, and only while the address is unconfirmed', async () => {
    const s = await setup()
    const resend = (cookie = s.cookie, id = s.member.id) =>
      callRoute(resendConfirmation, { cookies: [cookie], params: { id } })
    const first = await resend()
    expect(first.status, first.text).toBe(200)
    expect(await confirmationsIn(s.email)).toHaveLength(2)
    const soon = await resend()
    expect(soon.status).toBe(429)
    expect(soon.json.message).toBe('A confirmation email was sent a few minutes ago. Try again later.')
    // Retry-After: the seconds until the few minutes since the last send are over.
    const wait = Number(soon.headers['retry-after'])
    expect(wait).toBeGreaterThan(RESEND_MINUTES * 60 - 60)
    expect(wait).toBeLessThanOrEqual(RESEND_MINUTES * 60)
    expect(await confirmationsIn(s.email)).toHaveLength(2)

    // Staff cannot; another organization's supervisor finds no such member.
    expect((await resend(s.memberCookie)).status).toBe(403)
    const other = await newOrganization('Hope Chapel')
    expect((await resend(other.cookie)).status).toBe(404)

    // Either link confirms the address; then there is nothing to resend.
    const links = await confirmationsIn(s.email)
    expect((await confirm(linkIn(links[0]!.body.text!))).status).toBe(200)
    const confirmed = await resend()
    expect(confirmed.status).toBe(409)
    expect(confirmed.json.message).toBe('This email address is already confirmed')
  })

  it('answers 400 for a malformed id', async () => {
    const s = await setup()
    const res = await callRoute(resendConfirmation, { cookies: [s.cookie], params: { id: 'nope' } })
    expect(res.status).toBe(400)
  })
})
