import type { EmailMessage } from '@app/adapters'
import type { User } from '@app/core'
import { button, paragraph, renderEmail, type Brand } from './email-layout.ts'
import { wordsFor } from './words.ts'

/** The supervisor's notice that the export of all the organization's data is ready (issue 35). */
export const exportReadyEmail = (p: {
  to: Pick<User, 'firstName' | 'language'> & { email: string }
  organization: Brand
  dataUrl: string
}): EmailMessage => {
  const w = wordsFor(p.to.language)
  const subject = w.say('export.subject', { organization: p.organization.name })
  const body = w.say('export.body', { organization: p.organization.name })
  const text = [
    w.say('greeting', { name: p.to.firstName }),
    '',
    body,
    '',
    w.say('export.actionText', { url: p.dataUrl }),
  ]
  const html = renderEmail({
    language: p.to.language,
    brand: p.organization,
    preview: subject,
    content: [
      paragraph(w.say('greeting', { name: p.to.firstName })),
      paragraph(body),
      button(p.dataUrl, w.say('export.action')),
    ],
  })
  return { to: p.to.email, fromName: p.organization.name, subject, text: text.join('\n'), html }
}

/** The supervisors' warning, a week before, that a closed organization's data will be erased (issue 35). */
export const erasureSoonEmail = (p: {
  to: Pick<User, 'firstName' | 'language'> & { email: string }
  organization: Brand
  /** The erasure date (YYYY-MM-DD, in the organization's zone); reopening is possible until the day before. */
  eraseOn: string
  reopenUrl: string
}): EmailMessage => {
  const w = wordsFor(p.to.language)
  const subject = w.say('erasure.subject', { organization: p.organization.name, date: w.date(p.eraseOn) })
  const body = w.say('erasure.body', { organization: p.organization.name, date: w.date(p.eraseOn) })
  const text = [
    w.say('greeting', { name: p.to.firstName }),
    '',
    body,
    '',
    w.say('erasure.actionText', { url: p.reopenUrl, date: w.date(p.eraseOn) }),
  ]
  const html = renderEmail({
    language: p.to.language,
    brand: p.organization,
    preview: subject,
    content: [
      paragraph(w.say('greeting', { name: p.to.firstName })),
      paragraph(body),
      button(p.reopenUrl, w.say('erasure.action')),
    ],
  })
  return { to: p.to.email, fromName: p.organization.name, subject, text: text.join('\n'), html }
}
