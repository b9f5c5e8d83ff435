import type { EmailMessage } from '@app/adapters'
import type { Brand } from './email-layout.ts'
import { oneActionEmail, type Reader } from './one-action-email.ts'
import { wordsFor } from './words.ts'

/** The supervisor's notice that the export of all the organization's data is ready. */
export const exportReadyEmail = (p: { to: Reader; organization: Brand; dataUrl: string }): EmailMessage => {
  const w = wordsFor(p.to.language)
  const organization = p.organization.name
  return oneActionEmail(p.to, p.organization, {
    subject: w.say('export.subject', { organization }),
    body: w.say('export.body', { organization }),
    action: w.say('export.action'),
    actionText: w.say('export.actionText', { url: p.dataUrl }),
    url: p.dataUrl,
  })
}

/** The supervisors' warning, a week before, that a closed organization's data will be erased. */
export const erasureSoonEmail = (p: {
  to: Reader
  organization: Brand
  /** The erasure date (YYYY-MM-DD, in the organization's zone); reopening is possible until the day before. */
  eraseOn: string
  reopenUrl: string
}): EmailMessage => {
  const w = wordsFor(p.to.language)
  const values = { organization: p.organization.name, date: w.date(p.eraseOn) }
  return oneActionEmail(p.to, p.organization, {
    subject: w.say('erasure.subject', values),
    body: w.say('erasure.body', values),
    action: w.say('erasure.action'),
    actionText: w.say('erasure.actionText', { url: p.reopenUrl, date: values.date }),
    url: p.reopenUrl,
  })
}

/** A kiosk's supervisors are told it locked itself after too many wrong PINs (the kiosk's own budget). */
export const kioskLockedEmail = (p: {
  to: Reader
  organization: Brand
  kiosk: string
  /** The wrong PINs that locked it (core's KIOSK_TRIES). */
  count: number
  settingsUrl: string
}): EmailMessage => {
  const w = wordsFor(p.to.language)
  const values = { kiosk: p.kiosk, organization: p.organization.name, count: p.count }
  return oneActionEmail(p.to, p.organization, {
    subject: w.say('kioskLocked.subject', values),
    body: w.say('kioskLocked.body', values),
    action: w.say('kioskLocked.action'),
    actionText: w.say('kioskLocked.actionText', { url: p.settingsUrl }),
    url: p.settingsUrl,
  })
}
