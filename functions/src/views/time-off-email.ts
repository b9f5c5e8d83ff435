import type { EmailMessage } from '@app/adapters'
import type { User } from '@app/core'
import type { Brand } from './email-layout.ts'
import { oneActionEmail } from './export-email.ts'
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

/** Issue 32: the approver (or their delegate while away) is asked to decide a time-off request. */
export const timeOffRequestedEmail = (p: {
  to: Reader
  organization: Brand
  request: RequestWords
  reviewUrl: string
}): EmailMessage => {
  const w = wordsFor(p.to.language)
  const values = { ...p.request, hours: String(p.request.hours), dates: datesOf(w, p.request) }
  return oneActionEmail(p.to, p.organization, {
    subject: w.say('timeOff.requestedSubject', values),
    body: w.say('timeOff.requestedBody', values),
    action: w.say('timeOff.review'),
    actionText: w.say('timeOff.reviewText', { url: p.reviewUrl }),
    url: p.reviewUrl,
  })
}

/** Issue 32: the member hears the decision on their request (with the comment, when there is one). */
export const timeOffDecidedEmail = (p: {
  to: Reader
  organization: Brand
  request: RequestWords
  status: 'approved' | 'rejected'
  comment: string
  url: string
}): EmailMessage => {
  const w = wordsFor(p.to.language)
  const values = { ...p.request, hours: String(p.request.hours), dates: datesOf(w, p.request), comment: p.comment }
  const key = p.status === 'approved' ? 'approved' : 'declined'
  return oneActionEmail(p.to, p.organization, {
    subject: w.say(`timeOff.${key}Subject`, values),
    body: `${w.say(`timeOff.${key}Body`, values)}${p.comment ? ` ${w.say('timeOff.comment', values)}` : ''}`,
    action: w.say('timeOff.open'),
    actionText: w.say('timeOff.openText', { url: p.url }),
    url: p.url,
  })
}
