import {
  daysOf,
  daysOfWeekStarting,
  dayLabel,
  formatHours,
  formatWeekRange,
  fullName,
  weekTotalHours,
  type Timesheet,
  type User,
} from '@app/core'
import type { EmailMessage } from '@app/adapters'
import { outbox, type OrgDb } from '@app/data'
import { createDecisionLink, decisionLinkUrl } from './decision-links.ts'
import { countQueued, deliver } from './mailer.ts'
import { dayRowsHtml, escapeHtml } from './html.ts'

/** The email each other supervisor gets for a submission, with one-click Approve and Decline links. */
const reviewEmail = (
  to: User,
  employee: User,
  sheet: Timesheet,
  organizationName: string,
  approveUrl: string,
  declineUrl: string,
): EmailMessage => {
  const week = formatWeekRange(sheet.weekStartDate)
  const days = daysOf(sheet, daysOfWeekStarting(sheet.weekStartDate))
  const total = formatHours(weekTotalHours(sheet))
  const lines = days.map(
    (d) =>
      `${dayLabel[d.day]}: ${d.start && d.end ? `${d.start}-${d.end} (${formatHours(d.hours)})` : 'No hours logged'}`,
  )
  const text = [
    `Hi ${to.firstName},`,
    '',
    `${fullName(employee)} submitted a timesheet at ${organizationName} for the ${week.replace(/^Week/, 'week')}: ${total}.`,
    '',
    ...lines,
    '',
    `Approve: ${approveUrl}`,
    `Decline: ${declineUrl}`,
    '',
    'Each link asks you to confirm, and works once within 7 days.',
  ].join('\n')
  const rows = dayRowsHtml(sheet)
  const html = `<p>Hi ${escapeHtml(to.firstName)},</p>
<p><strong>${escapeHtml(fullName(employee))}</strong> submitted a timesheet at ${escapeHtml(organizationName)} for the ${escapeHtml(week.replace(/^Week/, 'week'))}: <strong>${escapeHtml(total)}</strong>.</p>
<table cellpadding="4">${rows}</table>
<p><a href="${escapeHtml(approveUrl)}">Approve</a> &nbsp; <a href="${escapeHtml(declineUrl)}">Decline</a></p>
<p style="color:#555">Each link asks you to confirm, and works once within 7 days.</p>`
  return { to: to.email!, subject: `Timesheet to review: ${fullName(employee)}, ${week}`, text, html }
}

/**
 * Submits a timesheet and, unless the organization turned them off, queues one review email per
 * other supervisor in the same transaction, then tries to send them.
 */
export const submitWithReviewEmails = async (db: OrgDb, submitter: User, id: number, expectedVersion?: number) => {
  const sheet = await db.timesheets.get(id)
  const org = await db.organization.get()
  const reviewers = org.approvalEmails
    ? (await db.users.list()).filter((u) => u.role === 'supervisor' && u.id !== submitter.id && u.email)
    : []
  const version = sheet.version + 1 // the submission's version: links from earlier submissions are superseded
  await outbox.assertQuota(db.orgId, reviewers.length)
  const emails = await Promise.all(
    reviewers.map(async (reviewer) => {
      const link = async (decision: 'approved' | 'rejected') =>
        decisionLinkUrl(
          await createDecisionLink({ orgId: db.orgId, timesheetId: id, version, decision, supervisorId: reviewer.id }),
        )
      const [approve, decline] = await Promise.all([link('approved'), link('rejected')])
      return outbox.entry(db.orgId, reviewEmail(reviewer, submitter, { ...sheet, version }, org.name, approve, decline))
    }),
  )
  const submitted = await db.timesheets.submit(
    id,
    submitter.id,
    expectedVersion ?? sheet.version,
    emails.map((e) => e.put),
  )
  await countQueued(db.orgId, emails.length)
  await Promise.all(emails.map((e) => deliver(db.orgId, e.id, e.message)))
  return submitted
}
