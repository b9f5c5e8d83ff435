import { breakField, DAYS, dayFields, spansField, type Language, type Organization, type User } from '@app/core'
import { outbox, type QueuedEmail } from '@app/data'
import type { Brand } from './email-layout.ts'
import type { Names, SheetDays } from './emails.ts'
import type { TemplateName, TemplateValues, To } from './templates.ts'

/**
 * What a change queues as an email (its template's name, language and values) and the values'
 * builders, apart from the templates: a route that queues an email with its change renders
 * nothing, so its function does not load React DOM and the templates until it sends one.
 */

/** An email to queue with a change (the `emails` effect): its template, language and values. */
export const queuedEmail = <K extends TemplateName>(
  template: K,
  language: Language,
  values: TemplateValues<K>,
): QueuedEmail => outbox.email({ template, language, values: values as unknown as Record<string, unknown> })

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
