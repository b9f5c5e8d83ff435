import { fullName, TEXT_LIMITS, weekTotalHours, type Language, type Timesheet, type User } from '@app/core'
import { HttpResponse } from '../http/response.ts'
import { dayRowsHtml, escapeHtml } from './html.ts'
import { wordsFor } from './words.ts'

/**
 * The one-click decision pages, in the language of the supervisor the link was sent to (issue 21);
 * a link that names no one yet (cut off, expired) speaks the browser's language.
 */
export const layout = (language: Language, title: string, body: string, status = 200) =>
  HttpResponse.html(
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:1rem}main{max-width:32rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
table{width:100%;border-collapse:collapse;margin:1rem 0}td{padding:.4rem;border-bottom:1px solid #e2e8f0}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
textarea{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #cbd5e1;border-radius:8px}button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border:0;border-radius:8px;color:#fff;margin-top:1rem;min-height:44px;cursor:pointer}
.approve{background:#15803d}.decline{background:#b91c1c}a{color:#1d4ed8}</style></head><body><main>${body}</main></body></html>`,
    status,
  )

/** Why a link cannot be used, by the `decisionPage` keys of its title and text. */
export type LinkProblem =
  'expired' | 'invalid' | 'gone' | 'used' | 'outOfDate' | 'decidedFirst' | { decided: Timesheet['status'] }

/** A link that cannot be used: says why plainly, and changes nothing. */
export const linkProblemPage = (language: Language, problem: LinkProblem, status: number) => {
  const w = wordsFor(language)
  const page = (title: string, text: string) =>
    layout(
      language,
      title,
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">${escapeHtml(w.say('openDashboard'))}</a></p>`,
      status,
    )
  const say = (key: string, values?: Record<string, unknown>) => w.say(`decisionPage.${key}`, values)
  if (typeof problem === 'object')
    return page(say('decidedTitle'), say('decidedText', { status: w.say(`status.${problem.decided}`) }))
  if (problem === 'gone') return page(say('invalidTitle'), say('goneText'))
  if (problem === 'decidedFirst') return page(say('decidedTitle'), say('decidedFirstText'))
  return page(say(`${problem}Title`), say(`${problem}Text`))
}

/** The confirmation step: a GET shows this and decides nothing (mail scanners follow links). */
export const confirmPage = (
  language: Language,
  sheet: Timesheet,
  employee: User | undefined,
  decision: 'approved' | 'rejected',
  action: string,
) => {
  const w = wordsFor(language)
  const say = (key: string, values?: Record<string, unknown>) => escapeHtml(w.say(`decisionPage.${key}`, values))
  const approve = decision === 'approved'
  const title = w.say(approve ? 'decisionPage.approveTitle' : 'decisionPage.declineTitle')
  return layout(
    language,
    title,
    `<h1>${say(approve ? 'approveHeading' : 'declineHeading')}</h1>
<p><strong>${escapeHtml(employee ? fullName(employee) : w.say('removedMember'))}</strong> &middot; ${escapeHtml(w.week(sheet.weekStartDate))}</p>
<p>${say('total')} <strong>${escapeHtml(w.hours(weekTotalHours(sheet)))}</strong></p>
<table>${dayRowsHtml(w, sheet)}</table>
${sheet.notes ? `<p><strong>${say('notes')}</strong> ${escapeHtml(sheet.notes)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
${approve ? '' : `<label for="comments">${say('commentsLabel')}</label><textarea id="comments" name="comments" rows="3" maxlength="${TEXT_LIMITS.comments}" placeholder="${say('commentsPlaceholder')}"></textarea>`}
<button type="submit" class="${approve ? 'approve' : 'decline'}">${escapeHtml(title)}</button>
</form>`,
  )
}

export const donePage = (
  language: Language,
  sheet: Timesheet,
  employee: User | undefined,
  decision: 'approved' | 'rejected',
) => {
  const w = wordsFor(language)
  const approved = decision === 'approved'
  const title = w.say(approved ? 'decisionPage.approvedTitle' : 'decisionPage.declinedTitle')
  const text = w.say(approved ? 'decisionPage.approvedBody' : 'decisionPage.declinedBody', {
    name: employee ? fullName(employee) : w.say('decisionPage.theMember'),
    range: w.range(sheet.weekStartDate),
  })
  return layout(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="/">${escapeHtml(w.say('openDashboard'))}</a></p>`,
  )
}
