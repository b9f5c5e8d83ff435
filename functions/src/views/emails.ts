import { createElement as h } from 'react'
import {
  dayLabel,
  daysOf,
  daysOfWeekStarting,
  formatDate,
  formatHours,
  formatWeekRange,
  fullName,
  weekTotalHours,
  type DayName,
  type Timesheet,
  type User,
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

export type { Brand } from './email-layout.ts'

const weekPhrase = (weekStartDate: string) => formatWeekRange(weekStartDate).replace(/^Week/, 'week')

/** The week's days as table rows: day, times or 'No hours logged', hours. */
const dayTable = (sheet: Timesheet) =>
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
      ...daysOf(sheet, daysOfWeekStarting(sheet.weekStartDate)).map((d) => {
        const worked = Boolean(d.start && d.end)
        return h(
          'tr',
          { key: d.day },
          h('td', { style: styles.cell }, dayLabel[d.day]),
          h('td', { style: styles.cell }, worked ? `${d.start}–${d.end}` : 'No hours logged'),
          h('td', { style: { ...styles.cell, textAlign: 'right' } }, worked ? formatHours(d.hours) : ''),
        )
      }),
    ),
  )

/** The one-click unsubscribe of RFC 8058: mail clients show it beside the sender and POST to it. */
const unsubscribeHeaders = (url: string) => [
  { name: 'List-Unsubscribe', value: `<${url}>` },
  { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
]
const unsubscribeFooter = (url: string) => [' You get this because reminders are on. ', link(url, 'Unsubscribe')]
const unsubscribeText = (url: string) => ['', '--', `Turn these emails off: ${url}`]

/** The employee's notice that a timesheet was declined, with the comments and a way back in. */
export const declinedEmail = (p: {
  to: string
  firstName: string
  organizationName: string
  logoUrl?: string | null
  weekStartDate: string
  comment: string
  signInUrl: string
}): EmailMessage => {
  const week = formatWeekRange(p.weekStartDate)
  const subject = `Your timesheet was declined: ${week}`
  const comment = p.comment || 'No comments were given.'
  const text = [
    `Hi ${p.firstName},`,
    '',
    `Your timesheet for the ${weekPhrase(p.weekStartDate)} at ${p.organizationName} was declined.`,
    '',
    `Comments: ${comment}`,
    '',
    `Sign in to correct it and submit it again: ${p.signInUrl}`,
  ].join('\n')
  const html = renderEmail({
    brand: { name: p.organizationName, logoUrl: p.logoUrl ?? null },
    preview: subject,
    content: [
      paragraph(`Hi ${p.firstName},`),
      paragraph(`Your timesheet for the ${weekPhrase(p.weekStartDate)} at ${p.organizationName} was declined.`),
      paragraph(strong('Comments: '), comment),
      button(p.signInUrl, 'Sign in to correct it and submit it again'),
    ],
  })
  return { to: p.to, fromName: p.organizationName, subject, text, html }
}

/** The email each other supervisor gets for a submission, with one-click Approve and Decline buttons. */
export const reviewEmail = (
  to: User,
  employee: User,
  sheet: Timesheet,
  organization: Brand,
  approveUrl: string,
  declineUrl: string,
): EmailMessage => {
  const week = formatWeekRange(sheet.weekStartDate)
  const days = daysOf(sheet, daysOfWeekStarting(sheet.weekStartDate))
  const total = formatHours(weekTotalHours(sheet))
  const lines = days.map(
    (d) =>
      `${dayLabel[d.day]}: ${d.start && d.end ? `${d.start}-${d.end} (${formatHours(d.hours)})` : 'No hours logged'}`,
  )
  const text = [
    `Hi ${to.firstName},`,
    '',
    `${fullName(employee)} submitted a timesheet at ${organization.name} for the ${weekPhrase(sheet.weekStartDate)}: ${total}.`,
    '',
    ...lines,
    '',
    `Approve: ${approveUrl}`,
    `Decline: ${declineUrl}`,
    '',
    'Each link asks you to confirm, and works once within 7 days.',
  ].join('\n')
  const subject = `Timesheet to review: ${fullName(employee)}, ${week}`
  const html = renderEmail({
    brand: organization,
    preview: `${fullName(employee)}: ${total}, ${week}`,
    content: [
      paragraph(`Hi ${to.firstName},`),
      paragraph(
        strong(fullName(employee)),
        ` submitted a timesheet at ${organization.name} for the ${weekPhrase(sheet.weekStartDate)}: `,
        strong(total),
        '.',
      ),
      dayTable(sheet),
      decisionButtons(approveUrl, declineUrl),
      h('div', { style: { height: '16px' } }),
      note('Each link asks you to confirm, and works once within 7 days.'),
    ],
  })
  return { to: to.email!, fromName: organization.name, subject, text, html }
}

/** A staff member who has not submitted a week: one reminder, with a link to that week. */
export const weekReminderEmail = (p: {
  to: User
  organization: Brand
  weekStartDate: string
  weekUrl: string
  unsubscribeUrl: string
}): EmailMessage => {
  const week = weekPhrase(p.weekStartDate)
  const subject = `Reminder: your timesheet for the ${week}`
  const text = [
    `Hi ${p.to.firstName},`,
    '',
    `Your timesheet at ${p.organization.name} for the ${week} has not been submitted yet.`,
    '',
    `Fill in your hours and submit it: ${p.weekUrl}`,
    ...unsubscribeText(p.unsubscribeUrl),
  ].join('\n')
  const html = renderEmail({
    brand: p.organization,
    preview: subject,
    content: [
      paragraph(`Hi ${p.to.firstName},`),
      paragraph(`Your timesheet at ${p.organization.name} for the ${week} has not been submitted yet.`),
      button(p.weekUrl, 'Open my timesheet'),
    ],
    footer: unsubscribeFooter(p.unsubscribeUrl),
  })
  return {
    to: p.to.email!,
    fromName: p.organization.name,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(p.unsubscribeUrl),
  }
}

/** One pending timesheet in a supervisor's digest, with that supervisor's own one-click links. */
export interface DigestItem {
  employee: User | undefined
  sheet: Timesheet
  approveUrl: string
  declineUrl: string
}

/** A supervisor's weekly digest: every timesheet waiting for them, each with Approve and Decline. */
export const digestEmail = (p: {
  to: User
  organization: Brand
  items: DigestItem[]
  dashboardUrl: string
  unsubscribeUrl: string
}): EmailMessage => {
  const n = p.items.length
  const subject = `${n} ${n === 1 ? 'timesheet waits' : 'timesheets wait'} for your approval`
  const name = (i: DigestItem) => (i.employee ? fullName(i.employee) : 'Removed member')
  const summary = (i: DigestItem) =>
    `${name(i)}, ${formatWeekRange(i.sheet.weekStartDate)}: ${formatHours(weekTotalHours(i.sheet))}`
  const text = [
    `Hi ${p.to.firstName},`,
    '',
    `${subject} at ${p.organization.name}.`,
    ...p.items.flatMap((i) => ['', summary(i), `Approve: ${i.approveUrl}`, `Decline: ${i.declineUrl}`]),
    '',
    'Each link asks you to confirm, and works once within 7 days.',
    `Review them in the dashboard: ${p.dashboardUrl}`,
    ...unsubscribeText(p.unsubscribeUrl),
  ].join('\n')
  const html = renderEmail({
    brand: p.organization,
    preview: subject,
    content: [
      paragraph(`Hi ${p.to.firstName},`),
      paragraph(`${subject} at ${p.organization.name}.`),
      ...p.items.flatMap((i) => [
        h(
          'div',
          { key: i.sheet.id, style: { borderTop: '1px solid #e2e8f0', padding: '16px 0' } },
          paragraph(
            strong(name(i)),
            ` · ${formatWeekRange(i.sheet.weekStartDate)}: `,
            strong(formatHours(weekTotalHours(i.sheet))),
          ),
          decisionButtons(i.approveUrl, i.declineUrl),
        ),
      ]),
      note('Each link asks you to confirm, and works once within 7 days.'),
      button(p.dashboardUrl, 'Open the dashboard'),
    ],
    footer: unsubscribeFooter(p.unsubscribeUrl),
  })
  return {
    to: p.to.email!,
    fromName: p.organization.name,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(p.unsubscribeUrl),
  }
}

/** A member whose clock has run past the organization's limit: one nudge for that day. */
export const timerNudgeEmail = (p: {
  to: User
  organization: Brand
  day: DayName
  date: string
  start: string
  hours: number
  weekUrl: string
  unsubscribeUrl: string
}): EmailMessage => {
  const when = `${dayLabel[p.day]}, ${formatDate(p.date)}`
  const subject = 'Is your timer still running?'
  const line = `Your clock at ${p.organization.name} has been running since ${p.start} on ${when}, more than ${p.hours} hours.`
  const text = [
    `Hi ${p.to.firstName},`,
    '',
    line,
    '',
    `If you forgot to clock out, open your timesheet and set the end time: ${p.weekUrl}`,
    ...unsubscribeText(p.unsubscribeUrl),
  ].join('\n')
  const html = renderEmail({
    brand: p.organization,
    preview: line,
    content: [
      paragraph(`Hi ${p.to.firstName},`),
      paragraph(line),
      paragraph('If you forgot to clock out, open your timesheet and set the end time.'),
      button(p.weekUrl, 'Open my timesheet'),
    ],
    footer: unsubscribeFooter(p.unsubscribeUrl),
  })
  return {
    to: p.to.email!,
    fromName: p.organization.name,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(p.unsubscribeUrl),
  }
}
