import { formatHours, formatWeekRange, fullName, weekTotalHours, type Timesheet, type User } from '@app/core'
import { HttpResponse } from '../http/response.ts'
import { dayRowsHtml, escapeHtml } from './html.ts'

export const layout = (title: string, body: string, status = 200) =>
  HttpResponse.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:1rem}main{max-width:32rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
table{width:100%;border-collapse:collapse;margin:1rem 0}td{padding:.4rem;border-bottom:1px solid #e2e8f0}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
textarea{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #cbd5e1;border-radius:8px}button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border:0;border-radius:8px;color:#fff;margin-top:1rem;min-height:44px;cursor:pointer}
.approve{background:#15803d}.decline{background:#b91c1c}a{color:#1d4ed8}</style></head><body><main>${body}</main></body></html>`,
    status,
  )

/** A link that cannot be used: says why plainly, and changes nothing. */
export const linkProblemPage = (title: string, message: string, status: number) =>
  layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Open the dashboard</a></p>`,
    status,
  )

/** The confirmation step: a GET shows this and decides nothing (mail scanners follow links). */
export const confirmPage = (
  sheet: Timesheet,
  employee: User | undefined,
  decision: 'approved' | 'rejected',
  action: string,
) => {
  const rows = dayRowsHtml(sheet)
  const approve = decision === 'approved'
  return layout(
    approve ? 'Approve timesheet' : 'Decline timesheet',
    `<h1>${approve ? 'Approve' : 'Decline'} this timesheet?</h1>
<p><strong>${escapeHtml(employee ? fullName(employee) : 'Removed member')}</strong> &middot; ${escapeHtml(formatWeekRange(sheet.weekStartDate))}</p>
<p>Total: <strong>${escapeHtml(formatHours(weekTotalHours(sheet)))}</strong></p>
<table>${rows}</table>
${sheet.notes ? `<p><strong>Notes:</strong> ${escapeHtml(sheet.notes)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
${approve ? '' : '<label for="comments">Comments for the employee</label><textarea id="comments" name="comments" rows="3" maxlength="2000" placeholder="Add comments for the employee..."></textarea>'}
<button type="submit" class="${approve ? 'approve' : 'decline'}">${approve ? 'Approve timesheet' : 'Decline timesheet'}</button>
</form>`,
  )
}

export const donePage = (sheet: Timesheet, employee: User | undefined, decision: 'approved' | 'rejected') =>
  layout(
    decision === 'approved' ? 'Timesheet approved' : 'Timesheet declined',
    `<h1>${decision === 'approved' ? 'Timesheet approved' : 'Timesheet declined'}</h1>
<p>${escapeHtml(employee ? fullName(employee) : 'The member')}'s timesheet for the ${escapeHtml(formatWeekRange(sheet.weekStartDate).replace(/^Week/, 'week'))} is now ${decision === 'approved' ? 'approved' : 'declined. They will be notified by email'}.</p>
<p><a href="/">Open the dashboard</a></p>`,
  )
