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
import { dayRowsHtml, escapeHtml } from './html.ts'

/** The employee's notice that a timesheet was declined, with the comments and a way back in. */
export const declinedEmail = (p: {
  to: string
  firstName: string
  organizationName: string
  weekStartDate: string
  comment: string
  signInUrl: string
}): EmailMessage => {
  const week = formatWeekRange(p.weekStartDate)
  const subject = `Your timesheet was declined: ${week}`
  const comment = p.comment || 'No comments were given.'
  const text = [
    `Hi ${p.firstName},`,
    '',
    `Your timesheet for the ${week.replace(/^Week/, 'week')} at ${p.organizationName} was declined.`,
    '',
    `Comments: ${comment}`,
    '',
    `Sign in to correct it and submit it again: ${p.signInUrl}`,
  ].join('\n')
  const html = `<p>Hi ${escapeHtml(p.firstName)},</p>
<p>Your timesheet for the ${escapeHtml(week.replace(/^Week/, 'week'))} at ${escapeHtml(p.organizationName)} was declined.</p>
<p><strong>Comments:</strong> ${escapeHtml(comment)}</p>
<p><a href="${escapeHtml(p.signInUrl)}">Sign in to correct it and submit it again</a></p>`
  return { to: p.to, subject, text, html }
}

/** The email each other supervisor gets for a submission, with one-click Approve and Decline links. */
export const reviewEmail = (
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
