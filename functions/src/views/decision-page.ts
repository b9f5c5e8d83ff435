import {
  fullName,
  TEXT_LIMITS,
  weekTotalHours,
  type Language,
  type TimeOffRequestView,
  type Timesheet,
  type User,
} from '@app/core'
import { HttpResponse } from '../http/response.ts'
import { dayRowsHtml, escapeHtml } from './html.ts'
import type { Names } from './emails.ts'
import { wordsFor } from './words.ts'

/**
 * The one-click decision pages, in the language of the supervisor the link was sent to;
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

/**
 * Why a link cannot be used, by the `decisionPage` keys of its title and text; a time-off request's
 * by `timeOffPage`'s: gone, or decided (by whom) or cancelled since the email.
 */
export type LinkProblem =
  | 'expired'
  | 'invalid'
  | 'gone'
  | 'used'
  | 'outOfDate'
  | 'decidedFirst'
  | { decided: Timesheet['status'] }
  | { gone: 'timeOff' }
  | { timeOffDecided: TimeOffRequestView['status']; by: TimeOffRequestView['decidedBy'] }
  | { timeOffDecidedFirst: true }

/** A link that cannot be used: says why plainly, and changes nothing. */
export const linkProblemPage = (language: Language, problem: LinkProblem, status: number) => {
  const w = wordsFor(language)
  const page = (title: string, text: string, home = '/', open = w.say('openDashboard')) =>
    layout(
      language,
      title,
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${home}">${escapeHtml(open)}</a></p>`,
      status,
    )
  const timeOffPage = (title: string, text: string) => page(title, text, '/time-off', w.say('timeOffPage.open'))
  const say = (key: string, values?: Record<string, unknown>) => w.say(`decisionPage.${key}`, values)
  const sayTimeOff = (key: string, values?: Record<string, unknown>) => w.say(`timeOffPage.${key}`, values)
  if (typeof problem === 'object') {
    if ('gone' in problem) return timeOffPage(sayTimeOff('invalidTitle'), sayTimeOff('goneText'))
    if ('timeOffDecidedFirst' in problem) return timeOffPage(sayTimeOff('decidedTitle'), say('decidedFirstText'))
    if ('timeOffDecided' in problem) {
      const { timeOffDecided: status, by } = problem
      const text =
        (status === 'approved' || status === 'rejected') && by
          ? sayTimeOff(status === 'approved' ? 'approvedBy' : 'declinedBy', { name: fullName(by) })
          : sayTimeOff('cancelledText')
      return timeOffPage(sayTimeOff('decidedTitle'), text)
    }
    return page(say('decidedTitle'), say('decidedText', { status: w.say(`status.${problem.decided}`) }))
  }
  if (problem === 'gone') return page(say('invalidTitle'), say('goneText'))
  if (problem === 'decidedFirst') return page(say('decidedTitle'), say('decidedFirstText'))
  return page(say(`${problem}Title`), say(`${problem}Text`))
}

/**
 * The confirmation step of an emailed decision link, for a week or a time-off request: what is
 * decided (who and what, the total, a row a day, the member's note), then the one button, with a
 * comment box to decline. A GET shows it and decides nothing (mail scanners follow links).
 */
const confirmFrame = (
  language: Language,
  section: 'decisionPage' | 'timeOffPage',
  decision: 'approved' | 'rejected',
  action: string,
  shown: (w: ReturnType<typeof wordsFor>) => { about: string; hours: number; rows: string; note?: [string, string] },
) => {
  const w = wordsFor(language)
  const say = (key: string, values?: Record<string, unknown>) => escapeHtml(w.say(`${section}.${key}`, values))
  const approve = decision === 'approved'
  const title = w.say(`${section}.${approve ? 'approveTitle' : 'declineTitle'}`)
  const { about, hours, rows, note } = shown(w)
  return layout(
    language,
    title,
    `<h1>${say(approve ? 'approveHeading' : 'declineHeading')}</h1>
<p>${about}</p>
<p>${escapeHtml(w.say('decisionPage.total'))} <strong>${escapeHtml(w.hours(hours))}</strong></p>
<table>${rows}</table>
${note ? `<p><strong>${say(note[0])}</strong> ${escapeHtml(note[1])}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
${approve ? '' : `<label for="comments">${say('commentsLabel')}</label><textarea id="comments" name="comments" rows="3" maxlength="${TEXT_LIMITS.comments}" placeholder="${say('commentsPlaceholder')}"></textarea>`}
<button type="submit" class="${approve ? 'approve' : 'decline'}">${escapeHtml(title)}</button>
</form>`,
  )
}

/** The confirmation step of a week's link. */
export const confirmPage = (
  language: Language,
  sheet: Timesheet,
  employee: User | undefined,
  decision: 'approved' | 'rejected',
  action: string,
) =>
  confirmFrame(language, 'decisionPage', decision, action, (w) => ({
    about: `<strong>${escapeHtml(employee ? fullName(employee) : w.say('removedMember'))}</strong> &middot; ${escapeHtml(w.week(sheet.weekStartDate))}`,
    hours: weekTotalHours(sheet),
    rows: dayRowsHtml(w, sheet),
    ...(sheet.notes ? { note: ['notes', sheet.notes] as [string, string] } : {}),
  }))

/**
 * An approval that was the first of two (two-step approvals): the week stays pending, so the page
 * says so, whom a delegate approved for, who was asked for the final approval, and whose email
 * waits until they confirm their address.
 */
export interface FirstApproval {
  asked: Names[]
  forApprover?: Names | undefined
  /** Those asked whose email waits for them to confirm their address. */
  waiting?: Names[]
}

/** The page after the button: what was recorded (a first approval of two says so) and what follows. */
export const donePage = (
  language: Language,
  sheet: Timesheet,
  employee: User | undefined,
  decision: 'approved' | 'rejected',
  first?: FirstApproval,
) => {
  const w = wordsFor(language)
  const approved = decision === 'approved'
  const values = {
    name: employee ? fullName(employee) : w.say('decisionPage.theMember'),
    range: w.range(sheet.weekStartDate),
  }
  const title = w.say(
    first ? 'decisionPage.firstApprovedTitle' : approved ? 'decisionPage.approvedTitle' : 'decisionPage.declinedTitle',
  )
  const lines = first
    ? [
        first.forApprover
          ? w.say('decisionPage.firstApprovedBodyFor', { ...values, approver: fullName(first.forApprover) })
          : w.say('decisionPage.firstApprovedBody', values),
        ...(first.asked.length
          ? [w.say('decisionPage.askedNext', { names: w.list(first.asked.map((n) => fullName(n))) })]
          : []),
        ...(first.waiting?.length
          ? [
              w.say('decisionPage.askedWaits', {
                count: first.waiting.length,
                names: w.list(first.waiting.map((n) => fullName(n))),
              }),
            ]
          : []),
      ]
    : [w.say(approved ? 'decisionPage.approvedBody' : 'decisionPage.declinedBody', values)]
  return layout(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="/">${escapeHtml(w.say('openDashboard'))}</a></p>`,
  )
}

/** A time-off request as its pages and emails name it: who, which kind, which days. */
export interface LinkedTimeOff {
  request: Pick<TimeOffRequestView, 'employeeName' | 'from' | 'to' | 'days' | 'hours' | 'note'>
  /** The kind as the organization names it (its policy's name). */
  kindName: string
}

const timeOffDates = (w: ReturnType<typeof wordsFor>, r: Pick<TimeOffRequestView, 'from' | 'to'>) =>
  r.from === r.to ? w.date(r.from) : `${w.date(r.from)} – ${w.date(r.to)}`

/** The confirmation step of a time-off request's emailed link; the GET decides nothing. */
export const timeOffConfirmPage = (
  language: Language,
  { request, kindName }: LinkedTimeOff,
  decision: 'approved' | 'rejected',
  action: string,
) =>
  confirmFrame(language, 'timeOffPage', decision, action, (w) => ({
    about: `<strong>${escapeHtml(request.employeeName)}</strong> &middot; ${escapeHtml(kindName)} &middot; ${escapeHtml(timeOffDates(w, request))}`,
    hours: request.hours,
    rows: request.days
      .map((d) => `<tr><td>${escapeHtml(w.date(d.date))}</td><td>${escapeHtml(w.hours(d.hours))}</td></tr>`)
      .join(''),
    ...(request.note ? { note: ['note', request.note] as [string, string] } : {}),
  }))

/** A time-off request decided from its link; the member hears it by email when they have one. */
export const timeOffDonePage = (
  language: Language,
  { request, kindName }: LinkedTimeOff,
  decision: 'approved' | 'rejected',
  memberNotified: boolean,
) => {
  const w = wordsFor(language)
  const approved = decision === 'approved'
  const title = w.say(approved ? 'timeOffPage.approvedTitle' : 'timeOffPage.declinedTitle')
  const text = w.say(approved ? 'timeOffPage.approvedBody' : 'timeOffPage.declinedBody', {
    name: request.employeeName,
    kind: kindName,
    dates: timeOffDates(w, request),
  })
  const notified = memberNotified ? ` ${w.say('timeOffPage.notified')}` : ''
  return layout(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text + notified)}</p>
<p><a href="/time-off">${escapeHtml(w.say('timeOffPage.open'))}</a></p>`,
  )
}
