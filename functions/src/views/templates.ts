import { breakField, DAYS, dayFields, spansField, type Language, type Organization, type User } from '@app/core'
import type { EmailMessage } from '@app/adapters'
import { outbox, type QueuedEmail, type StoredEmail } from '@app/data'
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
 * An outbox email keeps its template's name, its reader's language and the template's
 * values, never rendered HTML; the sender renders it (`renderStored`) when it sends it. A template
 * here takes exactly what its email reads (a member's email and first name, not the whole member;
 * a week's days, not the whole timesheet), so a submission writes a few small items, and renders
 * the same email, byte for byte, as it would have when queued.
 *
 * A template's name and values are stored: a later deploy must still render what an earlier one
 * queued (rename or reshape a template only with a new name, keeping the old one a while).
 */
type To = { email: string; firstName: string }

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

/** An email to queue with a change (the `emails` effect): its template, language and values. */
export const queuedEmail = <K extends TemplateName>(
  template: K,
  language: Language,
  values: TemplateValues<K>,
): QueuedEmail => outbox.email({ template, language, values: values as unknown as Record<string, unknown> })

/** The email a stored outbox entry holds, rendered now; an item queued by an older version is already rendered. */
export const renderStored = (email: StoredEmail): EmailMessage => {
  if ('message' in email) return email.message
  if (!Object.hasOwn(templates, email.template)) throw new Error(`Unknown email template '${email.template}'`)
  const render = templates[email.template as TemplateName] as (values: unknown, language: Language) => EmailMessage
  return render(email.values, email.language)
}

/** The recipient as a template keeps them: the address and the first name (the language is kept beside). */
export const recipientOf = (u: Pick<User, 'email' | 'firstName'>): To => ({
  email: u.email ?? '',
  firstName: u.firstName,
})

export const namesOf = (u: Pick<User, 'firstName' | 'lastName'>): Names => ({
  firstName: u.firstName,
  lastName: u.lastName,
})

/** The organization as emails show it: its name and logo. */
export const brandOf = (o: Pick<Organization, 'name' | 'logoUrl'> | Brand): Brand => ({
  name: o.name,
  logoUrl: o.logoUrl ?? null,
})

/**
 * The week's days as emails read them: the week start and each day's filled fields (empty ones read
 * the same absent), with a split day's spans: without them its first start and last end would read
 * as one long shift, counted so in the day's hours and the week's total.
 */
export const sheetDaysOf = (sheet: SheetDays): SheetDays => {
  const days: Record<string, unknown> = { weekStartDate: sheet.weekStartDate }
  for (const day of DAYS) {
    const f = dayFields(day)
    for (const field of [f.start, f.end, f.activity, breakField(day)] as const) {
      const value = sheet[field]
      if (value !== null && value !== undefined) days[field] = value
    }
    // Only a split day's, as stored: one span is the day's start and end.
    const spans = sheet[spansField(day)]
    if (spans && spans.length > 1) days[spansField(day)] = spans.map(({ start, end }) => ({ start, end }))
  }
  return days as SheetDays
}
