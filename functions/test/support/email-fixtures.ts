import { expect } from 'vitest'
import type { Language, Timesheet, User } from '@app/core'
import { DAYS } from '@app/core'
import { newUser } from '@app/data/testing'

/**
 * What the email tests read (views/*.unit.test.ts, workflows/review-requests.unit.test.ts): one
 * organization, its people, a week and the links, made once here instead of in each file.
 */

/** A brand whose name must be escaped in HTML and kept as it is in the sender's name. */
export const brand = { name: 'Grace <Church> & Co', logoUrl: 'https://cdn.example.org/logo.png' }

/** A brand with nothing to escape and no logo. */
export const plainBrand = { name: 'Grace', logoUrl: null }

/** A member of organization 'o' with an email (`{id}@example.org`), in `language`. */
export const person = (id: string, firstName: string, lastName: string, language: Language = 'en'): User =>
  newUser(
    'o',
    {
      id,
      email: `${id}@example.org`,
      firstName,
      lastName,
      department: null,
      role: 'employee',
      username: null,
      authType: 'local',
      language,
    },
    '2026-01-01T00:00:00.000Z',
  )

/** Sam, the supervisor the emails go to, and Ana, whose week they are about. */
export const sam = (language: Language = 'en') => person('s', 'Sam', 'Boss', language)
export const ana = (language: Language = 'en') => person('e', 'Ana', 'Silva', language)

/** An email's reader as a template keeps them, with their language. */
export const reader = (language: Language = 'en') => ({ email: 'sam@example.org', firstName: 'Sam', language })

/**
 * Ana's week of Nov 16, 2026 (id 7): Monday 09:00-13:00 'Visits', every other day empty, and
 * whatever `fields` change.
 */
export const week = (fields: Record<string, unknown> = {}): Timesheet =>
  ({
    id: 7,
    version: 1,
    employeeId: 'e',
    weekStartDate: '2026-11-16',
    ...Object.fromEntries(DAYS.flatMap((d) => [`${d}Start`, `${d}End`, `${d}Activity`].map((f) => [f, '']))),
    mondayStart: '09:00',
    mondayEnd: '13:00',
    mondayActivity: 'Visits',
    notes: '',
    approvals: [],
    ...fields,
  }) as unknown as Timesheet

/** Sunday worked 08:00-12:00 and 18:00-21:00: 7 paid hours, not the 13 from its first start to its last end. */
export const splitSunday = {
  sundayStart: '08:00',
  sundayEnd: '21:00',
  sundaySpans: [
    { start: '08:00', end: '12:00' },
    { start: '18:00', end: '21:00' },
  ],
}

/** One-click links as the emails carry them. */
export const links = { approveUrl: 'https://a/approve', declineUrl: 'https://a/decline' }

/**
 * A review email (a week's or a time-off request's) in `language`, with the links above: Approve
 * and Decline as buttons (green and red) and as addresses in the text part.
 */
export const expectDecisionButtons = (mail: { html: string; text: string }, language: Language) => {
  const [approve, decline] = language === 'es' ? ['Aprobar', 'Rechazar'] : ['Approve', 'Decline']
  expect(mail.html).toMatch(new RegExp(`^<!DOCTYPE html><html[^>]* lang="${language}"`))
  expect(mail.html).toMatch(
    new RegExp(`<a href="https://a/approve"[^>]*background-color:#15803d[^>]*>[\\s\\S]*?${approve}`),
  )
  expect(mail.html).toMatch(
    new RegExp(`<a href="https://a/decline"[^>]*background-color:#b91c1c[^>]*>[\\s\\S]*?${decline}`),
  )
  expect(mail.text).toContain(`${approve}: https://a/approve`)
  expect(mail.text).toContain(`${decline}: https://a/decline`)
}

/** A time-off request as its emails show it. */
export const timeOffRequest = {
  employee: 'Ana Silva',
  kind: 'Vacation',
  from: '2026-12-21',
  to: '2026-12-22',
  hours: 16,
}
