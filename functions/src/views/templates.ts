import type { Language } from '@app/core'
import type { EmailMessage } from '@app/adapters'
import type { StoredEmail } from '@app/data'
import type { Brand } from './email-layout.ts'
import {
  confirmAddressEmail,
  declinedEmail,
  digestEmail,
  invitationEmail,
  reviewEmail,
  stillWorkingEmail,
  clockOutMissingEmail,
  weekReminderEmail,
  type Names,
  type SheetDays,
} from './emails.ts'
import { erasureSoonEmail, exportReadyEmail, kioskLockedEmail } from './export-email.ts'
import { timeOffDecidedEmail, timeOffRequestedEmail } from './time-off-email.ts'

/**
 * The email templates and their rendering (React DOM): only the sender (workflows/mailer.ts) renders,
 * and it imports this module when it sends; what queues an email with a change uses queued-email.ts.
 *
 * An outbox email keeps its template's name, its reader's language and the template's
 * values, never rendered HTML; the sender renders it (`renderStored`) when it sends it. A template
 * here takes exactly what its email reads (a member's email and first name, not the whole member;
 * a week's days, not the whole timesheet), so a submission writes a few small items, and renders
 * the same email, byte for byte, as it would have when queued.
 *
 * A template's name and values are stored: a later deploy must still render what an earlier one
 * queued (rename or reshape a template only with a new name, keeping the old one a while).
 */
/** A recipient as a template keeps them (queued-email.ts `recipientOf`). */
export type To = { email: string; firstName: string }

const templates = {
  review: (
    v: { to: To; employee: Names; sheet: SheetDays; organization: Brand; approveUrl: string; declineUrl: string },
    language: Language,
  ) => reviewEmail({ ...v.to, language }, v.employee, v.sheet, v.organization, v.approveUrl, v.declineUrl),
  declined: (v: Omit<Parameters<typeof declinedEmail>[0], 'language'>, language: Language) =>
    declinedEmail({ ...v, language }),
  invitation: (v: Omit<Parameters<typeof invitationEmail>[0], 'language'>, language: Language) =>
    invitationEmail({ ...v, language }),
  /** The one email an unconfirmed address may get (workflows/mailer.ts lets only it through). */
  confirmAddress: (v: Omit<Parameters<typeof confirmAddressEmail>[0], 'language'>, language: Language) =>
    confirmAddressEmail({ ...v, language }),
  weekReminder: (
    v: { to: To; organization: Brand; weekStartDate: string; weekUrl: string; unsubscribeUrl: string },
    language: Language,
  ) => weekReminderEmail({ ...v, to: { ...v.to, language } }),
  digest: (
    v: {
      to: To
      organization: Brand
      items: { employee?: Names; sheet: SheetDays & { id: number }; approveUrl: string; declineUrl: string }[]
      dashboardUrl: string
      unsubscribeUrl: string
    },
    language: Language,
  ) => digestEmail({ ...v, to: { ...v.to, language } }),
  /** The member's 'Still working?' and, an hour later, their approver's alert. */
  stillWorking: (v: Omit<Parameters<typeof stillWorkingEmail>[0], 'to'> & { to: To }, language: Language) =>
    stillWorkingEmail({ ...v, to: { ...v.to, language } }),
  /** Queued by an older version (a week link, not the dashboard's): rendered as the 'Still working?' email. */
  timerNudge: (
    {
      weekUrl,
      ...v
    }: Omit<Parameters<typeof stillWorkingEmail>[0], 'to' | 'dashboardUrl'> & { to: To; weekUrl: string },
    language: Language,
  ) => stillWorkingEmail({ ...v, dashboardUrl: weekUrl, to: { ...v.to, language } }),
  clockOutMissing: (v: Omit<Parameters<typeof clockOutMissingEmail>[0], 'to'> & { to: To }, language: Language) =>
    clockOutMissingEmail({ ...v, to: { ...v.to, language } }),
  exportReady: (v: { to: To; organization: Brand; dataUrl: string }, language: Language) =>
    exportReadyEmail({ ...v, to: { ...v.to, language } }),
  erasureSoon: (v: { to: To; organization: Brand; eraseOn: string; reopenUrl: string }, language: Language) =>
    erasureSoonEmail({ ...v, to: { ...v.to, language } }),
  /** A time-off request to decide, and the decision to its member. */
  timeOffRequested: (v: Omit<Parameters<typeof timeOffRequestedEmail>[0], 'to'> & { to: To }, language: Language) =>
    timeOffRequestedEmail({ ...v, to: { ...v.to, language } }),
  timeOffDecided: (v: Omit<Parameters<typeof timeOffDecidedEmail>[0], 'to'> & { to: To }, language: Language) =>
    timeOffDecidedEmail({ ...v, to: { ...v.to, language } }),
  /** A kiosk locked by its own budget of wrong PINs, to each supervisor. */
  kioskLocked: (
    v: { to: To; organization: Brand; kiosk: string; count: number; settingsUrl: string },
    language: Language,
  ) => kioskLockedEmail({ ...v, to: { ...v.to, language } }),
} satisfies Record<string, (values: never, language: Language) => EmailMessage>

export type TemplateName = keyof typeof templates
export type TemplateValues<K extends TemplateName> = Parameters<(typeof templates)[K]>[0]

/** The email a stored outbox entry holds, rendered now; an item queued by an older version is already rendered. */
export const renderStored = (email: StoredEmail): EmailMessage => {
  if ('message' in email) return email.message
  if (!Object.hasOwn(templates, email.template)) throw new Error(`Unknown email template '${email.template}'`)
  const render = templates[email.template as TemplateName] as (values: unknown, language: Language) => EmailMessage
  return render(email.values, email.language)
}
