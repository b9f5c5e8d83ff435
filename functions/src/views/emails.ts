import { createElement as h, type ReactNode } from 'react'
import {
  daysOf,
  daysOfWeekStarting,
  fullName,
  weekTotalHours,
  type DayName,
  type DayValues,
  type Language,
  type User,
  linksAsText,
} from '@app/core'
import type { EmailMessage } from '@app/adapters'
import {
  button,
  decisionButtons,
  link,
  note,
  paragraph,
  renderEmail,
  strong,
  styles,
  type Brand,
} from './email-layout.ts'
import { dayTimes } from './html.ts'
import { oneActionEmail } from './one-action-email.ts'
import { wordsFor, type Words } from './words.ts'

export type { Brand } from './email-layout.ts'

/**
 * Every email speaks its recipient's language (`User.language`): the texts come from the
 * `emails` catalogue and dates from that language's locale (views/words.ts).
 */

/**
 * What the emails read of a member, a timesheet and each other (an outbox email keeps
 * only these, as its template's values, and is rendered when sent; views/templates.ts).
 */
export type Recipient = Pick<User, 'email' | 'firstName' | 'language'>
export type Names = Pick<User, 'firstName' | 'lastName'>
/** A week's days as the emails show them: the week start and each day's times, break and activity. */
export type SheetDays = { weekStartDate: string } & DayValues

/** The week's days as table rows: day, times or 'No hours logged', hours; then the day's activity when it has one. */
const dayTable = (w: Words, sheet: SheetDays) =>
  h(
    'table',
    {
      cellPadding: 0,
      cellSpacing: 0,
      role: 'presentation',
      style: { width: '100%', margin: '0 0 20px', borderCollapse: 'collapse' },
    },
    h(
      'tbody',
      null,
      ...daysOf(sheet, daysOfWeekStarting(sheet.weekStartDate)).flatMap((d) => {
        const worked = Boolean(d.start && d.end)
        const row = h(
          'tr',
          { key: d.day },
          h('td', { style: styles.cell }, w.day(d.day)),
          h('td', { style: styles.cell }, dayTimes(w, d)),
          h('td', { style: { ...styles.cell, textAlign: 'right' } }, worked ? w.dayHours(d) : ''),
        )
        if (!d.activity) return [row]
        return [
          row,
          h(
            'tr',
            { key: `${d.day}-activity` },
            h('td', { colSpan: 3, style: { ...styles.cell, paddingTop: 0 } }, d.activity),
          ),
        ]
      }),
    ),
  )

/** The flat fields of the emails queued before Recipient and Brand existed (queued payloads keep them). */
interface FlatAddress {
  to: string
  firstName: string
  language: Language
  organizationName: string
  logoUrl?: string | null
}
const readerOf = (p: FlatAddress) => ({ email: p.to, firstName: p.firstName, language: p.language })
const brandOf = (p: FlatAddress): Brand => ({ name: p.organizationName, logoUrl: p.logoUrl ?? null })

/** The employee's notice that a timesheet was declined, with the comments and a way back in. */
export const declinedEmail = (p: {
  to: string
  firstName: string
  language: Language
  organizationName: string
  logoUrl?: string | null
  weekStartDate: string
  comment: string
  signInUrl: string
}): EmailMessage => {
  const w = wordsFor(p.language)
  const subject = w.say('declined.subject', { week: w.week(p.weekStartDate) })
  // What a supervisor typed reaches the employee with its addresses as text, never links.
  const comment = p.comment ? linksAsText(p.comment) : w.say('declined.noComments')
  const body = w.say('declined.body', { range: w.range(p.weekStartDate), organization: p.organizationName })
  const text = [
    w.say('greeting', { name: p.firstName }),
    '',
    body,
    '',
    `${w.say('declined.comments')} ${comment}`,
    '',
    w.say('declined.actionText', { url: p.signInUrl }),
  ].join('\n')
  const html = renderEmail({
    language: p.language,
    brand: brandOf(p),
    preview: subject,
    content: [
      paragraph(w.say('greeting', { name: p.firstName })),
      paragraph(body),
      paragraph(strong(`${w.say('declined.comments')} `), comment),
      button(p.signInUrl, w.say('declined.action')),
    ],
  })
  return { to: p.to, fromName: p.organizationName, subject, text, html }
}

/**
 * A supervisor added under Employees with an email learns how to sign in: Supervisor
 * Login with that email joins the inviting organization (Staff Login with generated credentials
 * still works for someone with no identity-provider account).
 */
export const invitationEmail = (p: {
  to: string
  firstName: string
  language: Language
  organizationName: string
  logoUrl?: string | null
  inviter: string
  signInUrl: string
}): EmailMessage => {
  const w = wordsFor(p.language)
  const values = { inviter: p.inviter, organization: p.organizationName, email: p.to }
  return oneActionEmail(readerOf(p), brandOf(p), {
    subject: w.say('invitation.subject', values),
    body: [w.say('invitation.body', values), w.say('invitation.how', values), w.say('invitation.staff', values)],
    action: w.say('invitation.action'),
    actionText: w.say('invitation.actionText', { url: p.signInUrl }),
    url: p.signInUrl,
  })
}

/** The email each other supervisor gets for a submission, with one-click Approve and Decline buttons. */
export const reviewEmail = (
  to: Recipient,
  employee: Names,
  sheet: SheetDays,
  organization: Brand,
  approveUrl: string,
  declineUrl: string,
): EmailMessage => {
  const w = wordsFor(to.language)
  const week = w.week(sheet.weekStartDate)
  const days = daysOf(sheet, daysOfWeekStarting(sheet.weekStartDate))
  const total = w.hours(weekTotalHours(sheet))
  const name = fullName(employee)
  const facts = { organization: organization.name, range: w.range(sheet.weekStartDate) }
  const lines = days.flatMap((d) => [
    `${w.day(d.day)}: ${dayTimes(w, d, '-')}${d.start && d.end ? ` (${w.dayHours(d)})` : ''}`,
    ...(d.activity ? [`  ${d.activity}`] : []),
  ])
  const text = [
    w.say('greeting', { name: to.firstName }),
    '',
    w.say('review.body', { ...facts, name, total }),
    '',
    ...lines,
    '',
    `${w.say('approve')}: ${approveUrl}`,
    `${w.say('decline')}: ${declineUrl}`,
    '',
    w.say('linksNote'),
  ].join('\n')
  const subject = w.say('review.subject', { name, week })
  const html = renderEmail({
    language: to.language,
    brand: organization,
    preview: `${name}: ${total}, ${week}`,
    content: [
      paragraph(w.say('greeting', { name: to.firstName })),
      paragraph(w.rich('review.body', facts, { name: strong(name), total: strong(total) })),
      dayTable(w, sheet),
      decisionButtons(approveUrl, declineUrl, { approve: w.say('approve'), decline: w.say('decline') }),
      h('div', { style: { height: '16px' } }),
      note(w.say('linksNote')),
    ],
  })
  return { to: to.email!, fromName: organization.name, subject, text, html }
}

/**
 * The frame every reminder shares: the greeting, the RFC 8058 one-click unsubscribe (mail
 * clients show it beside the sender and POST to it), and the same way out in both parts.
 */
const reminderEmail = (
  w: Words,
  p: { to: Recipient; organization: Brand; unsubscribeUrl: string },
  email: { subject: string; preview: string; text: string[]; content: ReactNode[] },
): EmailMessage => {
  const greeting = w.say('greeting', { name: p.to.firstName })
  return {
    to: p.to.email!,
    fromName: p.organization.name,
    subject: email.subject,
    text: [greeting, '', ...email.text, '', '--', w.say('unsubscribe.text', { url: p.unsubscribeUrl })].join('\n'),
    html: renderEmail({
      language: w.language,
      brand: p.organization,
      preview: email.preview,
      content: [paragraph(greeting), ...email.content],
      footer: [` ${w.say('unsubscribe.why')} `, link(p.unsubscribeUrl, w.say('unsubscribe.link'))],
    }),
    headers: [
      { name: 'List-Unsubscribe', value: `<${p.unsubscribeUrl}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
  }
}

/** A staff member who has not submitted a week: one reminder, with a link to that week. */
export const weekReminderEmail = (p: {
  to: Recipient
  organization: Brand
  weekStartDate: string
  weekUrl: string
  unsubscribeUrl: string
}): EmailMessage => {
  const w = wordsFor(p.to.language)
  const range = w.range(p.weekStartDate)
  const subject = w.say('reminder.subject', { range })
  const body = w.say('reminder.body', { range, organization: p.organization.name })
  return reminderEmail(w, p, {
    subject,
    preview: subject,
    text: [body, '', w.say('reminder.actionText', { url: p.weekUrl })],
    content: [paragraph(body), button(p.weekUrl, w.say('openTimesheet'))],
  })
}

/** One pending timesheet in a supervisor's digest, with that supervisor's own one-click links. */
export interface DigestItem {
  employee?: Names | undefined
  sheet: SheetDays & { id: number }
  approveUrl: string
  declineUrl: string
}

/** A supervisor's weekly digest: every timesheet waiting for them, each with Approve and Decline. */
export const digestEmail = (p: {
  to: Recipient
  organization: Brand
  items: DigestItem[]
  dashboardUrl: string
  unsubscribeUrl: string
}): EmailMessage => {
  const w = wordsFor(p.to.language)
  const count = p.items.length
  const subject = w.say('digest.subject', { count })
  const body = w.say('digest.body', { count, organization: p.organization.name })
  const name = (i: DigestItem) => (i.employee ? fullName(i.employee) : w.say('removedMember'))
  const total = (i: DigestItem) => w.hours(weekTotalHours(i.sheet))
  const buttons = { approve: w.say('approve'), decline: w.say('decline') }
  return reminderEmail(w, p, {
    subject,
    preview: subject,
    text: [
      body,
      ...p.items.flatMap((i) => [
        '',
        `${name(i)}, ${w.week(i.sheet.weekStartDate)}: ${total(i)}`,
        `${buttons.approve}: ${i.approveUrl}`,
        `${buttons.decline}: ${i.declineUrl}`,
      ]),
      '',
      w.say('linksNote'),
      w.say('digest.actionText', { url: p.dashboardUrl }),
    ],
    content: [
      paragraph(body),
      ...p.items.map((i) =>
        h(
          'div',
          { key: i.sheet.id, style: { borderTop: '1px solid #e2e8f0', padding: '16px 0' } },
          paragraph(strong(name(i)), ` · ${w.week(i.sheet.weekStartDate)}: `, strong(total(i))),
          decisionButtons(i.approveUrl, i.declineUrl, buttons),
        ),
      ),
      note(w.say('linksNote')),
      button(p.dashboardUrl, w.say('openDashboard')),
    ],
  })
}

/** What a missing clock-out email says about the day. */
interface ClockOutDay {
  organization: Brand
  day: DayName
  date: string
  start: string
  /** The organization's limit in hours. */
  hours: number
  dashboardUrl: string
  unsubscribeUrl: string
}

/** A member whose clock has run past the organization's limit: one 'Still working?' for that day. */
export const stillWorkingEmail = (p: ClockOutDay & { to: Recipient }): EmailMessage => {
  const w = wordsFor(p.to.language)
  const when = `${w.day(p.day)}, ${w.date(p.date)}`
  const line = w.say('timer.body', { organization: p.organization.name, start: p.start, when, hours: p.hours })
  return reminderEmail(w, p, {
    subject: w.say('timer.subject'),
    preview: line,
    text: [line, '', w.say('timer.action'), w.say('timer.actionText', { url: p.dashboardUrl })],
    content: [paragraph(line), paragraph(w.say('timer.action')), button(p.dashboardUrl, w.say('openDashboard'))],
  })
}

/** The member's approver, an hour after the member was asked and the end is still missing. */
export const clockOutMissingEmail = (p: ClockOutDay & { to: Recipient; employee: Names }): EmailMessage => {
  const w = wordsFor(p.to.language)
  const when = `${w.day(p.day)}, ${w.date(p.date)}`
  const name = fullName(p.employee)
  const line = w.say('clockOut.body', {
    name,
    organization: p.organization.name,
    start: p.start,
    when,
    hours: p.hours,
  })
  return reminderEmail(w, p, {
    subject: w.say('clockOut.subject', { name }),
    preview: line,
    text: [line, '', w.say('clockOut.action'), w.say('clockOut.actionText', { url: p.dashboardUrl })],
    content: [paragraph(line), paragraph(w.say('clockOut.action')), button(p.dashboardUrl, w.say('openDashboard'))],
  })
}

/**
 * The only email an unconfirmed address gets: who added it, and one button that opens the
 * confirmation page (a GET confirms nothing). It says what to do if the reader does not know them.
 */
export const confirmAddressEmail = (p: {
  to: string
  firstName: string
  language: Language
  organizationName: string
  logoUrl?: string | null
  confirmUrl: string
}): EmailMessage => {
  const w = wordsFor(p.language)
  const values = { organization: p.organizationName, email: p.to }
  return oneActionEmail(readerOf(p), brandOf(p), {
    subject: w.say('confirmAddress.subject', values),
    body: [w.say('confirmAddress.body', values), w.say('confirmAddress.why', values)],
    action: w.say('confirmAddress.action'),
    actionText: w.say('confirmAddress.actionText', { url: p.confirmUrl }),
    url: p.confirmUrl,
    note: w.say('confirmAddress.ignore', values),
  })
}
