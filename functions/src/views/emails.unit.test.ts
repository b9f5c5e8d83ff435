import { describe, expect, it } from 'vitest'
import type { Timesheet, User } from '@app/core'
import { fromHeader } from '@app/adapters'
import {
  ana,
  brand,
  expectDecisionButtons,
  links,
  plainBrand,
  sam,
  splitSunday,
  week,
} from '../../test/support/email-fixtures.ts'
import {
  clockOutMissingEmail,
  declinedEmail,
  digestEmail,
  reviewEmail,
  stillWorkingEmail,
  weekReminderEmail,
} from './emails.ts'
import { dayRowsHtml } from './html.ts'
import { sheetDaysOf } from './queued-email.ts'
import { wordsFor } from './words.ts'

const sheet = week()
/** The review request of `timesheet` from Ana to `to`, with the fixtures' links. */
const review = (timesheet: Timesheet, to: User = sam()) =>
  reviewEmail(to, ana(), timesheet, brand, links.approveUrl, links.declineUrl)
/** Grace's decline of Ana's week of Nov 16, 2026, in `language`, with `comment`. */
const decline = (language: 'en' | 'es', comment: string) =>
  declinedEmail({
    to: 'ana@example.org',
    firstName: 'Ana',
    language,
    organizationName: 'Grace',
    weekStartDate: '2026-11-16',
    comment,
    signInUrl: 'https://a/staff-login',
  })

describe('the HTML emails', () => {
  it('review request: a whole HTML document with the brand, the week, and Approve and Decline as buttons', () => {
    const mail = review(sheet)
    // The plain-text part keeps every link and day for clients that show no HTML.
    expectDecisionButtons(mail, 'en')
    expect(mail.html).toContain('Grace &lt;Church&gt; &amp; Co')
    expect(mail.html).toContain('src="https://cdn.example.org/logo.png"')
    expect(mail.html).toContain('No hours logged')
    expect(mail.html).not.toContain('<Church>')
    expect(mail.text).toContain('Monday: 09:00-13:00 (4.0 hours)')
    expect(mail.fromName).toBe('Grace <Church> & Co')
    expect(fromHeader('no-reply@example.org', mail.fromName)).toBe('"Grace <Church> & Co" <no-reply@example.org>')
  })

  it('review request: a day with a start and no end shows its start and its activity, never "No hours logged"', () => {
    const half = { ...sheet, fridayStart: '14:50', fridayActivity: 'Set up <chairs>' } as Timesheet
    const mail = review(half)
    expect(mail.text).toContain('Friday: 14:50---:--\n  Set up <chairs>')
    expect(mail.text).toContain('Monday: 09:00-13:00 (4.0 hours)\n  Visits')
    expect(mail.html).toContain('14:50–--:--')
    expect(mail.html).toContain('Set up &lt;chairs&gt;')
    expect(mail.html).toContain('Visits')
    const rows = dayRowsHtml(wordsFor('en'), half)
    expect(rows).toContain('<td>14:50–--:--</td>')
    expect(rows).toContain('<td colspan="3">Set up &#60;chairs&#62;</td>')
    expect(rows).toContain('<td colspan="3">Visits</td>')
  })

  it('review request: a split day shows each of its spans and the hours they add up to', () => {
    const split = week(splitSunday)
    const mail = review(split)
    expect(mail.text).toContain('Sunday: 08:00-12:00, 18:00-21:00 (7.0 hours)')
    expect(mail.html).toContain('08:00–12:00, 18:00–21:00')
    expect(dayRowsHtml(wordsFor('en'), split)).toContain('<td>08:00–12:00, 18:00–21:00</td><td>7.0 hours</td>')
  })

  it('review request and decision page: a day with an unpaid break says why its hours are fewer than its times', () => {
    const lunch = { ...week(), mondayStart: '09:00', mondayEnd: '17:00', mondayBreakMinutes: 30 } as Timesheet
    const mail = review(lunch)
    expect(mail.text).toContain('Monday: 09:00-17:00 (7.5 hours, 30 min break)')
    expect(mail.html).toContain('7.5 hours, 30 min break')
    expect(dayRowsHtml(wordsFor('en'), lunch)).toContain('<td>09:00–17:00</td><td>7.5 hours, 30 min break</td>')
    expect(dayRowsHtml(wordsFor('es'), lunch)).toContain('<td>7,5 horas, 30 min de descanso</td>')
    // A day without a break keeps the spec's words.
    expect(mail.text).not.toMatch(/Tuesday: [^\n]*break/)
  })

  it('reminders carry the one-click unsubscribe headers and link, in both parts', () => {
    const mail = weekReminderEmail({
      to: ana(),
      organization: plainBrand,
      weekStartDate: '2026-11-16',
      weekUrl: 'https://a/submit-timesheet?week=2026-11-16',
      unsubscribeUrl: 'https://a/api/unsubscribe/tok',
    })
    expect(mail.subject).toBe('Reminder: your timesheet for the week of Nov 16, 2026 - Nov 22, 2026')
    expect(mail.headers).toEqual([
      { name: 'List-Unsubscribe', value: '<https://a/api/unsubscribe/tok>' },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ])
    expect(mail.html).toContain('href="https://a/submit-timesheet?week=2026-11-16"')
    expect(mail.html).toContain('href="https://a/api/unsubscribe/tok"')
    expect(mail.text).toContain('https://a/submit-timesheet?week=2026-11-16')
    expect(mail.text).toContain('Turn these emails off: https://a/api/unsubscribe/tok')
  })

  it("digest: each pending timesheet with that supervisor's own Approve and Decline", () => {
    const mail = digestEmail({
      to: sam(),
      organization: plainBrand,
      items: [
        { employee: ana(), sheet, approveUrl: 'https://a/ap1', declineUrl: 'https://a/de1' },
        { employee: undefined, sheet: { ...sheet, id: 8 }, approveUrl: 'https://a/ap2', declineUrl: 'https://a/de2' },
      ],
      dashboardUrl: 'https://a/',
      unsubscribeUrl: 'https://a/api/unsubscribe/tok',
    })
    expect(mail.subject).toBe('2 timesheets wait for your approval')
    for (const url of ['https://a/ap1', 'https://a/de1', 'https://a/ap2', 'https://a/de2']) {
      expect(mail.html).toContain(`href="${url}"`)
      expect(mail.text).toContain(url)
    }
    expect(mail.text).toContain('Ana Silva, Week of Nov 16, 2026 - Nov 22, 2026: 4.0 hours')
  })

  it("digest: a week with a split day totals the ranges' paid hours, as its template keeps them", () => {
    const mail = digestEmail({
      to: sam(),
      organization: plainBrand,
      items: [{ employee: ana(), sheet: { id: 7, ...sheetDaysOf(week(splitSunday)) }, ...links }],
      dashboardUrl: 'https://a/',
      unsubscribeUrl: 'https://a/api/unsubscribe/tok',
    })
    // Monday's 4 hours and Sunday's 7, not 13 from 08:00 to 21:00.
    expect(mail.text).toContain('Ana Silva, Week of Nov 16, 2026 - Nov 22, 2026: 11.0 hours')
  })
})

describe('the emails in Spanish', () => {
  it('review request: Spanish words, days and dates, with the buttons in Spanish', () => {
    const mail = review(sheet, sam('es'))
    expect(mail.subject).toMatch(/^Hoja de horas por revisar: Ana Silva, Semana del 16 nov\.? 2026 - 22 nov\.? 2026$/)
    expectDecisionButtons(mail, 'es')
    expect(mail.html).toContain('<strong>Ana Silva</strong>')
    expect(mail.html).toContain('Enviado por Ministry Timesheets para Grace &lt;Church&gt; &amp; Co.')
    for (const line of ['Hola, Sam:', 'Lunes: 09:00-13:00 (4,0 horas)', 'Martes: Sin horas registradas'])
      expect(mail.text).toContain(line)
  })

  it('decline: subject, comments and the way back in, in Spanish; English reads as before', () => {
    const es = decline('es', '')
    expect(es.subject).toMatch(/^Su hoja de horas fue rechazada: Semana del 16 nov/)
    expect(es.text).toContain('Comentarios: No se dejaron comentarios.')
    expect(es.html).toContain('<strong>Comentarios: </strong>')
    const en = decline('en', 'Add Friday')
    expect(en.subject).toBe('Your timesheet was declined: Week of Nov 16, 2026 - Nov 22, 2026')
    expect(en.text).toBe(
      [
        'Hi Ana,',
        '',
        'Your timesheet for the week of Nov 16, 2026 - Nov 22, 2026 at Grace was declined.',
        '',
        'Comments: Add Friday',
        '',
        'Sign in to correct it and submit it again: https://a/staff-login',
      ].join('\n'),
    )
  })

  it('decline: links in the comment are shown as text, never links', () => {
    const mail = decline('en', 'Your account is locked: verify at https://evil.example/login or www.evil.example')
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('verify at https[:]//evil[.]example/login or www[.]evil[.]example')
      expect(body).not.toContain('evil.example')
    }
    expect(mail.html).not.toMatch(/href="[^"]*evil/)
  })

  it('digest, reminder and timer nudge share one frame: greeting, unsubscribe link and headers in Spanish', () => {
    const frame = {
      to: sam('es'),
      organization: plainBrand,
      unsubscribeUrl: 'https://a/u',
    }
    const digest = digestEmail({
      ...frame,
      items: [{ employee: undefined, sheet, approveUrl: 'https://a/ap', declineUrl: 'https://a/de' }],
      dashboardUrl: 'https://a/',
    })
    expect(digest.subject).toBe('1 hoja de horas espera su aprobación')
    expect(digest.text).toContain('Miembro eliminado, Semana del 16 nov')
    const day = {
      ...frame,
      day: 'monday',
      date: '2026-11-16',
      start: '08:00',
      hours: 10,
      dashboardUrl: 'https://a/',
    } as const
    const timer = stillWorkingEmail(day)
    expect(timer.subject).toBe('¿Sigue trabajando?')
    expect(timer.text).toMatch(/desde las 08:00 del Lunes, 16 nov\.? 2026, más de 10 horas\./)
    expect(timer.text).toContain('«Terminé a las …»')
    const alert = clockOutMissingEmail({ ...day, employee: { firstName: 'Ana', lastName: 'Silva' } })
    expect(alert.subject).toBe('Falta la salida: Ana Silva')
    expect(alert.text).toMatch(/El reloj de Ana Silva en .* desde las 08:00 del Lunes, 16 nov\.? 2026, más de 10 horas/)
    expect(alert.text).toContain('Nada se recorta automáticamente')
    for (const mail of [digest, timer, alert]) {
      expect(mail.text).toMatch(/^Hola, Sam:\n/)
      expect(mail.text).toContain('Para dejar de recibir estos correos: https://a/u')
      expect(mail.html).toContain('Cancelar suscripción')
      expect(mail.headers).toContainEqual({ name: 'List-Unsubscribe', value: '<https://a/u>' })
    }
  })
})

describe('the sender', () => {
  it("shows the organization's name, quoted, at our address", () => {
    expect(fromHeader('no-reply@example.org', 'Grace Church')).toBe('"Grace Church" <no-reply@example.org>')
    expect(fromHeader('Timesheets <no-reply@timesheets.local>', 'Grace Church')).toBe(
      '"Grace Church" <no-reply@timesheets.local>',
    )
    expect(fromHeader('Timesheets <no-reply@timesheets.local>')).toBe('Timesheets <no-reply@timesheets.local>')
  })

  it('cannot be broken out of: quotes, backslashes, line breaks and accents are encoded', () => {
    expect(fromHeader('a@b.org', 'St. "Mark\'s" \\ Co')).toBe('"St. \\"Mark\'s\\" \\\\ Co" <a@b.org>')
    expect(fromHeader('a@b.org', 'Evil\r\nBcc: x@y.org')).toBe('"Evil Bcc: x@y.org" <a@b.org>')
    const encoded = fromHeader('a@b.org', 'Iglesia San José de Peñalolén, comunidad de la misión')
    expect(encoded).toMatch(/^(=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?= ?)+ <a@b\.org>$/)
    const words = encoded.split(' <')[0]!.split(' ')
    expect(words.every((w) => w.length <= 75)).toBe(true)
    const decoded = words.map((w) => Buffer.from(w.slice(10, -2), 'base64').toString('utf8')).join('')
    expect(decoded).toBe('Iglesia San José de Peñalolén, comunidad de la misión')
  })
})
