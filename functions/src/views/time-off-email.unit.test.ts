import { describe, expect, it } from 'vitest'
import {
  brand,
  expectDecisionButtons,
  links,
  reader,
  timeOffRequest as request,
} from '../../test/support/email-fixtures.ts'
import { timeOffDecidedEmail, timeOffRequestedEmail } from './time-off-email.ts'

const asked = (language: 'en' | 'es', withLinks = true) =>
  timeOffRequestedEmail({
    to: reader(language),
    organization: brand,
    request,
    note: 'Family visit, see www.example.org/trip',
    reviewUrl: 'https://a/time-off',
    ...(withLinks ? links : {}),
  })

describe('the time-off emails', () => {
  it('asks the approver with one-click Approve and Decline buttons, in both parts, and the note as text', () => {
    const mail = asked('en')
    expect(mail.subject).toBe('Time off to review: Ana Silva, Dec 21, 2026 – Dec 22, 2026')
    expect(mail.fromName).toBe('Grace <Church> & Co')
    expectDecisionButtons(mail, 'en')
    expect(mail.html).toContain('Grace &lt;Church&gt; &amp; Co')
    expect(mail.text).toContain('Ana Silva asks for 16 hours of Vacation (Dec 21, 2026 – Dec 22, 2026).')
    expect(mail.text).toContain('Each link asks you to confirm, and works once within 7 days.')
    expect(mail.text).toContain('Approve or decline it in Ministry Timesheets: https://a/time-off')
    // What the member typed never becomes a link.
    expect(mail.text).toContain('Note: Family visit, see www[.]example[.]org/trip')
    expect(mail.html).not.toContain('www.example.org')
  })

  it('speaks Spanish to a Spanish reader', () => {
    const mail = asked('es')
    expect(mail.subject).toMatch(/^Tiempo libre por revisar: Ana Silva, 21 dic\.? 2026 – 22 dic\.? 2026$/)
    expectDecisionButtons(mail, 'es')
    expect(mail.text).toContain('Hola, Sam:')
    expect(mail.text).toContain('Nota: Family visit')
    expect(mail.text).toContain('Cada enlace le pide confirmar y funciona una sola vez durante 7 días.')
  })

  it('renders an email queued before the links existed as it was: one button to the app', () => {
    const mail = asked('en', false)
    expect(mail.text).not.toContain('Approve:')
    expect(mail.text).toContain('Approve or decline it in Ministry Timesheets: https://a/time-off')
    expect(mail.html).not.toContain('#15803d')
  })

  it("tells the member the decision with the supervisor's comment, its addresses as text", () => {
    const decided = (language: 'en' | 'es', status: 'approved' | 'rejected', comment: string) =>
      timeOffDecidedEmail({
        to: { ...reader(language), email: 'ana@example.org', firstName: 'Ana' },
        organization: brand,
        request,
        status,
        comment,
        url: 'https://a/time-off',
      })
    const mail = decided('en', 'rejected', 'Sign up at https://evil.example/x first')
    expect(mail.subject).toBe('Your Vacation was declined (Dec 21, 2026 – Dec 22, 2026)')
    expect(mail.text).toContain(
      'Your request for 16 hours of Vacation (Dec 21, 2026 – Dec 22, 2026) was declined. Comment: Sign up at https[:]//evil[.]example/x first',
    )
    expect(mail.html).not.toContain('https://evil.example')
    const spanish = decided('es', 'approved', '')
    expect(spanish.text).toContain('fue aprobada.')
    expect(spanish.html).toMatch(/lang="es"/)
  })
})
