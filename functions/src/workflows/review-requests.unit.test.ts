import { beforeAll, describe, expect, it, vi } from 'vitest'
import { addDays, todayIn, type Organization, type Timesheet, type User } from '@app/core'
import type { OrgDb, QueuedEmail } from '@app/data'
import { ana, person, splitSunday, week } from '../../test/support/email-fixtures.ts'
import { renderStored } from '../views/templates.ts'
import { readDecisionLink } from './decision-links.ts'
import { finalApprovalEmails, finalReviewerIdsIn, firstApprovalOf, submissionReviewEmails } from './review-requests.ts'

beforeAll(() => {
  vi.stubEnv('EMAIL_LINK_SECRET', 'a-test-secret-of-enough-length-0123456789')
  vi.stubEnv('APP_ORIGIN', 'https://app.example.org')
})

/**
 * The one builder of review requests, for a submission and for a first approval of two: who gets
 * one, with which links, and what it says of the week (the data layer as these read it, over a
 * few people).
 */
const today = todayIn('UTC')
const supervisor = (id: string, firstName: string, fields: Partial<User> = {}): User => ({
  ...person(id, firstName, 'Lee'),
  role: 'supervisor',
  ...fields,
})
const beth = supervisor('beth', 'Beth', { away: { from: today, to: addDays(today, 3), delegateId: 'carl' } })
const carl = supervisor('carl', 'Carl')
const dana = supervisor('dana', 'Dana', { language: 'es' })
const eve = supervisor('eve', 'Eve', { email: null })
const member = { ...ana(), supervisorId: 'dana' }
const people = new Map([member, beth, carl, dana, eve].map((u) => [u.id, u]))

const orgWith = (fields: Partial<Organization> = {}) =>
  ({
    name: 'Grace',
    logoUrl: null,
    timeZone: 'UTC',
    approvalEmails: true,
    approvals: { twoStep: true, finalApproverIds: ['beth', 'eve'] },
    ...fields,
  }) as unknown as Organization

const dbOf = (org: Organization) =>
  ({
    orgId: 'o',
    organization: { get: async () => org },
    users: {
      find: async (id: string) => people.get(id),
      findForRecords: async (id: string) => people.get(id),
      routingEntries: async (ids: string[]) => ids.flatMap((id) => (people.has(id) ? [people.get(id)!] : [])),
    },
    aggregates: { summary: async () => ({ directory: people }) },
  }) as unknown as OrgDb

/** The emails after `firstApproverId`'s first approval, to whom routing over `people` asks (as a decision reads them). */
const finalEmails = (org: Organization, sheet: Timesheet, firstApproverId: string) => {
  const ids = finalReviewerIdsIn({ roster: people, today }, org.approvals, sheet.employeeId, firstApproverId, null)
  return finalApprovalEmails(
    dbOf(org),
    org,
    sheet,
    member,
    ids.map((id) => people.get(id)),
  )
}

/** Each email's reader, what its plain text says, and the version and supervisor its Approve link decides. */
const read = (emails: QueuedEmail[]) =>
  Promise.all(
    emails.map(async ({ email }) => {
      const message = renderStored(email)
      const token = /\/api\/email-decisions\/(\S+)/.exec(message.text)![1]!
      const link = await readDecisionLink(token)
      return { to: message.to, text: message.text, link: link.ok ? link.link : undefined }
    }),
  )

describe('review requests', () => {
  it("asks a submitter's approver, with links to the submitted version, showing a split day's ranges and the week's paid total", async () => {
    const org = orgWith()
    const submission = await submissionReviewEmails(dbOf(org), org, member, week({ ...splitSunday, version: 4 }))
    // Dana's address is confirmed: nothing waits.
    expect(submission.heldFor).toEqual([])
    const emails = await read(submission.emails)
    expect(emails).toHaveLength(1)
    const [mail] = emails
    expect(mail!.to).toBe('dana@example.org')
    // Dana reads Spanish: the days, the ranges and the paid hours in her words.
    expect(mail!.text).toContain('Domingo: 08:00-12:00, 18:00-21:00 (7,0 horas)')
    expect(mail!.text).toContain('11,0 horas')
    expect(mail!.link).toMatchObject({ timesheetId: 7, version: 4, supervisorId: 'dana', decision: 'approved' })
  })

  it('names the approver whose address is not confirmed yet (their email still queued, to wait)', async () => {
    const org = orgWith()
    const unconfirmed = { ...dana, emailConfirmed: false }
    people.set('dana', unconfirmed)
    try {
      const held = await submissionReviewEmails(dbOf(org), org, member, week())
      // The email is still queued (the mailer holds it until Dana confirms her address).
      expect((await read(held.emails)).map((e) => e.to)).toEqual(['dana@example.org'])
      expect(held.heldFor).toEqual([{ id: 'dana', firstName: 'Dana', lastName: 'Lee' }])
    } finally {
      people.set('dana', dana)
    }
  })

  it('asks nobody when the organization turned review emails off', async () => {
    const org = orgWith({ approvalEmails: false })
    expect(await submissionReviewEmails(dbOf(org), org, member, week())).toEqual({ emails: [], heldFor: [] })
    expect(await finalEmails(org, week() as Timesheet, 'dana')).toEqual({ emails: [], heldFor: [] })
  })

  it('after a first approval, asks the final approvers (a delegate for one away, none without an email), with links to the next version', async () => {
    const org = orgWith()
    const asked = await finalEmails(org, week({ ...splitSunday, version: 5 }) as Timesheet, 'dana')
    expect(asked.heldFor).toEqual([])
    const emails = await read(asked.emails)
    // Beth is away: Carl decides for her; Eve has no email.
    expect(emails.map((e) => e.to)).toEqual(['carl@example.org'])
    expect(emails[0]!.text).toContain('Sunday: 08:00-12:00, 18:00-21:00 (7.0 hours)')
    expect(emails[0]!.link).toMatchObject({ version: 6, supervisorId: 'carl' })
    // The one who gave the first approval is never asked for the final one.
    expect((await finalEmails(org, week() as Timesheet, 'carl')).emails).toEqual([])
    // Carl has not confirmed his address: his email is queued to wait, and he is named as waiting.
    people.set('carl', { ...carl, emailConfirmed: false })
    try {
      const held = await finalEmails(org, week() as Timesheet, 'dana')
      expect(held.emails).toHaveLength(1)
      expect(held.heldFor).toEqual([{ id: 'carl', firstName: 'Carl', lastName: 'Lee' }])
    } finally {
      people.set('carl', carl)
    }
  })

  it('says to the first approver who was asked for the final approval, and whom a delegate approved for', async () => {
    const db = dbOf(orgWith())
    const approvals = [{ approverId: 'carl', onBehalfOfId: 'dana', at: '2026-11-23T10:00:00.000Z' }]
    const first = await firstApprovalOf(db, { employeeId: 'e', approvals }, member)
    expect(first.asked.map((u) => u.id)).toEqual(['eve'])
    expect(first.forApprover?.id).toBe('dana')
    expect(await firstApprovalOf(db, { employeeId: 'e', approvals: [] }, member)).toEqual({
      asked: [],
      forApprover: undefined,
    })
  })
})
