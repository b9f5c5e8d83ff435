import type { EmailMessage } from '@app/adapters'
import type { Brand } from './email-layout.ts'
import { sectionEmail, type Reader } from './one-action-email.ts'
import { wordsFor } from './words.ts'

/** The supervisor's notice that the export of all the organization's data is ready. */
export const exportReadyEmail = (p: { to: Reader; organization: Brand; dataUrl: string }): EmailMessage =>
  sectionEmail(p.to, p.organization, 'export', { organization: p.organization.name }, p.dataUrl)

/** The supervisors' warning, a week before, that a closed organization's data will be erased. */
export const erasureSoonEmail = (p: {
  to: Reader
  organization: Brand
  /** The erasure date (YYYY-MM-DD, in the organization's zone); reopening is possible until the day before. */
  eraseOn: string
  reopenUrl: string
}): EmailMessage => {
  const date = wordsFor(p.to.language).date(p.eraseOn)
  return sectionEmail(p.to, p.organization, 'erasure', { organization: p.organization.name, date }, p.reopenUrl)
}

/** A kiosk's supervisors are told it locked itself after too many wrong PINs (the kiosk's own budget). */
export const kioskLockedEmail = (p: {
  to: Reader
  organization: Brand
  kiosk: string
  /** The wrong PINs that locked it (core's KIOSK_TRIES). */
  count: number
  settingsUrl: string
}): EmailMessage =>
  sectionEmail(
    p.to,
    p.organization,
    'kioskLocked',
    { kiosk: p.kiosk, organization: p.organization.name, count: p.count },
    p.settingsUrl,
  )
