import { formatWeekRange } from '@app/core'
import type { EmailMessage } from '@app/adapters'
import { escapeHtml } from './html.ts'

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
