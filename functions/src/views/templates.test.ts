import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Timesheet, User } from '@app/core'
import { outbox } from '@app/data'
import { createTestOrganization, makeEmailDue, newUser, outboxItem, queueRenderedEmail, table } from '@app/data/testing'
import { inbox } from '../../test/support/test-inbox.ts'
import { retryDueEmails } from '../workflows/mailer.ts'
import {
  declinedEmail,
  digestEmail,
  invitationEmail,
  reviewEmail,
  clockOutMissingEmail,
  stillWorkingEmail,
  weekReminderEmail,
} from './emails.ts'
import { erasureSoonEmail, exportReadyEmail } from './export-email.ts'
import { brandOf, namesOf, queuedEmail, recipientOf, sheetDaysOf } from './queued-email.ts'
import { renderStored } from './templates.ts'

/**
 * An outbox email keeps its template and values, and is rendered when sent. What the
 * sender renders from the stored item (after DynamoDB's round trip) is, byte for byte, the email
 * the same function makes from the whole member, timesheet and organization.
 */
const member = (firstName: string, lastName: string, language: 'en' | 'es' = 'en'): User => ({
  ...newUser('o', {
    email: `${randomUUID().slice(0, 8)}@example.org`,
    firstName,
    lastName,
    department: 'Youth',
    role: 'employee',
    username: null,
    authType: 'local',
    language,
  }),
  payrollId: 'P-1',
})
const sheet = {
  id: 41,
  organizationId: 'o',
  employeeId: 'e',
  status: 'pending',
  version: 3,
  weekStartDate: '2026-11-16',
  mondayStart: '09:00',
  mondayEnd: '13:30',
  mondayActivity: 'Visits <b>& "calls"</b>',
  mondayBreakMinutes: 30,
  tuesdayStart: '22:00',
  tuesdayEnd: '02:00',
  tuesdayActivity: null,
  wednesdayStart: '14:50',
  wednesdayEnd: null,
  thursdayStart: '',
  thursdayEnd: '',
  thursdayActivity: '',
  notes: 'A long note the emails never show '.repeat(20),
  createdAt: '2026-11-16T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
} as unknown as Timesheet
const org = { name: 'Grace <Church> & Co', logoUrl: 'https://cdn.example.org/logo.png', slug: 'grace', plan: 'x' }

/** Queues `email` in a fresh organization and renders it as the sender reads it back. */
const storedAndRendered = async (email: ReturnType<typeof queuedEmail>) => {
  const orgId = randomUUID()
  await table.put(outboxItem(orgId, email))
  const [stored] = await outbox.pendingFor(orgId)
  return { rendered: renderStored(stored!.email), stored }
}

describe('outbox emails kept as template and values', () => {
  it('render the review request, in each language, as the whole objects did', async () => {
    for (const language of ['en', 'es'] as const) {
      const to = member('Sam', 'Boss', language)
      const employee = member('Ana', 'Silva')
      const direct = reviewEmail(to, employee, sheet, org, 'https://a/approve?t=1', 'https://a/decline?t=1')
      const { rendered, stored } = await storedAndRendered(
        queuedEmail('review', to.language, {
          to: recipientOf(to),
          employee: namesOf(employee),
          sheet: sheetDaysOf(sheet),
          organization: brandOf(org),
          approveUrl: 'https://a/approve?t=1',
          declineUrl: 'https://a/decline?t=1',
        }),
      )
      expect(rendered).toEqual(direct)
      // Only what the email reads is kept: never the notes, the member's other fields, or the HTML.
      const item = JSON.stringify(stored)
      expect(item).not.toContain('never show')
      expect(item).not.toContain('P-1')
      expect(item).not.toContain('<html')
      expect(item.length).toBeLessThan(direct.html.length / 4)
    }
  })

  it('render the decline, invitation, reminder, digest, clock-out and export emails as before (and a timer nudge an older deploy queued)', async () => {
    const to = member('Eva', 'Ríos', 'es')
    const ana = member('Ana', 'Silva')
    const brand = brandOf(org)
    const declined = {
      to: to.email!,
      firstName: to.firstName,
      organizationName: org.name,
      logoUrl: org.logoUrl,
      weekStartDate: '2026-11-16',
      comment: 'See www.example.org/help',
      signInUrl: 'https://a/staff-login',
    }
    const invitation = {
      to: to.email!,
      firstName: to.firstName,
      organizationName: org.name,
      logoUrl: null,
      inviter: 'Sam Boss',
      signInUrl: 'https://a/api/login',
    }
    const reminder = {
      organization: brand,
      weekStartDate: '2026-11-16',
      weekUrl: 'https://a/w',
      unsubscribeUrl: 'https://a/u',
    }
    const items = [
      { employee: ana, sheet, approveUrl: 'https://a/1', declineUrl: 'https://a/2' },
      { employee: undefined, sheet: { ...sheet, id: 42 }, approveUrl: 'https://a/3', declineUrl: 'https://a/4' },
    ]
    const timer = {
      organization: brand,
      day: 'monday',
      date: '2026-11-16',
      start: '08:00',
      hours: 12,
      weekUrl: 'https://a/w',
      unsubscribeUrl: 'https://a/u',
    } as const
    const { weekUrl: _, ...clockOutDay } = timer
    const clockOut = { ...clockOutDay, hours: 10, dashboardUrl: 'https://a/' }
    const cases = [
      [declinedEmail({ ...declined, language: 'es' }), queuedEmail('declined', 'es', declined)],
      [invitationEmail({ ...invitation, language: 'es' }), queuedEmail('invitation', 'es', invitation)],
      [
        weekReminderEmail({ ...reminder, to }),
        queuedEmail('weekReminder', to.language, { ...reminder, to: recipientOf(to) }),
      ],
      [
        digestEmail({ to, organization: brand, items, dashboardUrl: 'https://a/', unsubscribeUrl: 'https://a/u' }),
        queuedEmail('digest', to.language, {
          to: recipientOf(to),
          organization: brand,
          items: items.map((i) => ({
            ...(i.employee ? { employee: namesOf(i.employee) } : {}),
            sheet: { id: i.sheet.id, ...sheetDaysOf(i.sheet) },
            approveUrl: i.approveUrl,
            declineUrl: i.declineUrl,
          })),
          dashboardUrl: 'https://a/',
          unsubscribeUrl: 'https://a/u',
        }),
      ],
      [
        stillWorkingEmail({ ...clockOut, to }),
        queuedEmail('stillWorking', to.language, { ...clockOut, to: recipientOf(to) }),
      ],
      [
        clockOutMissingEmail({ ...clockOut, to, employee: namesOf(ana) }),
        queuedEmail('clockOutMissing', to.language, { ...clockOut, to: recipientOf(to), employee: namesOf(ana) }),
      ],
      // Queued by a deploy by an older version: still rendered, as the 'Still working?' email with its week link.
      [
        stillWorkingEmail({ ...clockOut, hours: 12, dashboardUrl: 'https://a/w', to }),
        queuedEmail('timerNudge', to.language, { ...timer, to: recipientOf(to) }),
      ],
      [
        exportReadyEmail({ to: { ...to, email: to.email! }, organization: brand, dataUrl: 'https://a/settings#data' }),
        queuedEmail('exportReady', to.language, {
          to: recipientOf(to),
          organization: brand,
          dataUrl: 'https://a/settings#data',
        }),
      ],
      [
        erasureSoonEmail({
          to: { ...to, email: to.email! },
          organization: brand,
          eraseOn: '2026-12-26',
          reopenUrl: 'https://a/',
        }),
        queuedEmail('erasureSoon', to.language, {
          to: recipientOf(to),
          organization: brand,
          eraseOn: '2026-12-26',
          reopenUrl: 'https://a/',
        }),
      ],
    ] as const
    for (const [direct, queued] of cases) expect((await storedAndRendered(queued)).rendered).toEqual(direct)
  })

  it('an unknown template is a failed try for the retry job, not a crash', () => {
    expect(() => renderStored({ template: 'nope', language: 'en', values: {} })).toThrow(/Unknown email template/)
    expect(() => renderStored({ template: 'constructor', language: 'en', values: {} })).toThrow(
      /Unknown email template/,
    )
  })

  it('still sends an email an older deploy queued rendered whole, exactly as it was queued', async () => {
    const { organization, user } = await createTestOrganization({ firstName: 'Sam', lastName: 'Boss' })
    const orgId = organization.id
    // A member's confirmed address (the sender sends nothing to any other but a confirmation link).
    const to = user.email!
    const message = { to, subject: 'Timesheet Declined', text: 'Older text', html: '<p>Older HTML</p>' }
    const { id } = await queueRenderedEmail(orgId, message)
    await makeEmailDue(orgId, id)
    await retryDueEmails()
    expect(await outbox.pendingFor(orgId)).toEqual([])
    const [received] = await inbox(to)
    expect(received).toMatchObject({ subject: 'Timesheet Declined' })
    expect(received!.body).toMatchObject({ text: 'Older text', html: '<p>Older HTML</p>' })
  })
})
