import { createElement as h } from 'react'
import type { EmailMessage } from '@app/adapters'
import { linksAsText, type User } from '@app/core'
import { decisionButtons, link, note, paragraph, renderEmail, strong, type Brand } from './email-layout.ts'
import { oneActionEmail } from './one-action-email.ts'
import { wordsFor } from './words.ts'

type Reader = Pick<User, 'firstName' | 'language'> & { email: string }

/** What a time-off email says of a request: who, which kind (its policy's name), which days, how many hours. */
export interface RequestWords {
  employee: string
  kind: string
  from: string
  to: string
  hours: number
}

const datesOf = (w: ReturnType<typeof wordsFor>, r: RequestWords) =>
  r.from === r.to ? w.date(r.from) : `${w.date(r.from)} – ${w.date(r.to)}`

/**
 * The approver (or their delegate while away) is asked to decide a time-off request, with
 * one-click Approve and Decline (each link asks to confirm, as a timesheet's review email's do) and
 * the member's note. An email queued before the links existed has neither and reads as it did.
 */
export const timeOffRequestedEmail = (p: {
  to: Reader
  organization: Brand
  request: RequestWords
  reviewUrl: string
  /** The member's note, as they typed it (its addresses written as text). */
  note?: string
  approveUrl?: string
  declineUrl?: string
}): EmailMessage => {
  const w = wordsFor(p.to.language)
  const values = { ...p.request, hours: String(p.request.hours), dates: datesOf(w, p.request) }
  if (p.approveUrl && p.declineUrl) return withLinks(p, w, values, { approve: p.approveUrl, decline: p.declineUrl })
  return oneActionEmail(p.to, p.organization, {
    subject: w.say('timeOff.requestedSubject', values),
    body: w.say('timeOff.requestedBody', values),
    action: w.say('timeOff.review'),
    actionText: w.say('timeOff.reviewText', { url: p.reviewUrl }),
    url: p.reviewUrl,
  })
}

const withLinks = (
  p: Parameters<typeof timeOffRequestedEmail>[0],
  w: ReturnType<typeof wordsFor>,
  values: Record<string, string>,
  urls: { approve: string; decline: string },
): EmailMessage => {
  const greeting = w.say('greeting', { name: p.to.firstName })
  const body = w.say('timeOff.requestedBody', values)
  const memberNote = p.note ? `${w.say('timeOff.note')} ${linksAsText(p.note)}` : ''
  const labels = { approve: w.say('approve'), decline: w.say('decline') }
  const subject = w.say('timeOff.requestedSubject', values)
  const text = [
    greeting,
    '',
    body,
    ...(memberNote ? ['', memberNote] : []),
    '',
    `${labels.approve}: ${urls.approve}`,
    `${labels.decline}: ${urls.decline}`,
    '',
    w.say('linksNote'),
    w.say('timeOff.reviewText', { url: p.reviewUrl }),
  ].join('\n')
  const html = renderEmail({
    language: p.to.language,
    brand: p.organization,
    preview: subject,
    content: [
      paragraph(greeting),
      paragraph(body),
      ...(p.note ? [paragraph(strong(`${w.say('timeOff.note')} `), linksAsText(p.note))] : []),
      decisionButtons(urls.approve, urls.decline, labels),
      h('div', { style: { height: '16px' } }),
      note(w.say('linksNote')),
      note(link(p.reviewUrl, w.say('timeOff.review'))),
    ],
  })
  return { to: p.to.email, fromName: p.organization.name, subject, text, html }
}

/** The member hears the decision on their request (with the comment, when there is one). */
export const timeOffDecidedEmail = (p: {
  to: Reader
  organization: Brand
  request: RequestWords
  status: 'approved' | 'rejected'
  comment: string
  url: string
}): EmailMessage => {
  const w = wordsFor(p.to.language)
  // What a supervisor typed reaches the member with its addresses as text, never links.
  const comment = linksAsText(p.comment)
  const values = { ...p.request, hours: String(p.request.hours), dates: datesOf(w, p.request), comment }
  const key = p.status === 'approved' ? 'approved' : 'declined'
  return oneActionEmail(p.to, p.organization, {
    subject: w.say(`timeOff.${key}Subject`, values),
    body: `${w.say(`timeOff.${key}Body`, values)}${comment ? ` ${w.say('timeOff.comment', values)}` : ''}`,
    action: w.say('timeOff.open'),
    actionText: w.say('timeOff.openText', { url: p.url }),
    url: p.url,
  })
}
