import { describe, expect, it } from 'vitest'
import { brand, links, reader, timeOffRequest as request } from '../../test/support/email-fixtures.ts'
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

describe("issue 32's time-off emails", () => {
  it('asks the approver with one-click Approve and Decline buttons, in both parts, and the note as text', () => {
    const mail = asked('en')
    expect(mail.subject).toBe('Time off to review: Ana Silva, Dec 21, 2026 – Dec 22, 2026')
    expect(mail.fromName).toBe('Grace <Church> & Co')
    expect(mail.html).toMatch(/^<!DOCTYPE html><html[^>]* lang="en"/)
    expect(mail.html).toContain('Grace &lt;Church&gt; &amp; Co')
    expect(mail.html).toMatch(/<a href="https:\/\/a\/approve"[^>]*background-color:#15803d[^>]*>[\s\S]*?Approve/)
    expect(mail.html).toMatch(/<a href="https:\/\/a\/decline"[^>]*background-color:#b91c1c[^>]*>[\s\S]*?Decline/)
    expect(mail.text).toContain('Ana Silva asks for 16 hours of Vacation (Dec 21, 2026 – Dec 22, 2026).')
    expect(mail.text).toContain('Approve: https://a/approve')
    expect(mail.text).toContain('Decline: https://a/decline')
    expect(mail.text).toContain('Each link asks you to confirm, and works once within 7 days.')
    expect(mail.text).toContain('Approve or decline it in Ministry Timesheets: https://a/time-off')
    // What the member typed never becomes a link.
    expect(mail.text).toContain('Note: Family visit, see www[.]example[.]org/trip')
    expect(mail.html).not.toContain('www.example.org')
  })

  it('speaks Spanish to a Spanish reader', () => {
    const mail = asked('es')
    expect(mail.subject).toMatch(/^Tiempo libre por revisar: Ana Silva, 21 dic\.? 2026 – 22 dic\.? 2026$/)
    expect(mail.html).toMatch(/^<!DOCTYPE html><html[^>]* lang="es"/)
    expect(mail.html).toMatch(/<a href="https:\/\/a\/approve"[^>]*>[\s\S]*?Aprobar/)
    expect(mail.html).toMatch(/<a href="https:\/\/a\/decline"[^>]*>[\s\S]*?Rechazar/)
    expect(mail.text).toContain('Hola, Sam:')
    expect(mail.text).toContain('Aprobar: https://a/approve')
    expect(mail.text).toContain('Rechazar: https://a/decline')
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
    const mail = timeOffDecidedEmail({
      to: { ...reader('en'), email: 'ana@example.org', firstName: 'Ana' },
      organization: brand,
      request,
      status: 'rejected',
      comment: 'Sign up at https://evil.example/x first',
      url: 'https://a/time-off',
    })
    expect(mail.subject).toBe('Your Vacation was declined (Dec 21, 2026 – Dec 22, 2026)')
    expect(mail.text).toContain(
      'Your request for 16 hours of Vacation (Dec 21, 2026 – Dec 22, 2026) was declined. Comment: Sign up at https[:]//evil[.]example/x first',
    )
    expect(mail.html).not.toContain('https://evil.example')
    const spanish = timeOffDecidedEmail({
      to: { ...reader('es'), email: 'ana@example.org', firstName: 'Ana' },
      organization: brand,
      request,
      status: 'approved',
      comment: '',
      url: 'https://a/time-off',
    })
    expect(spanish.text).toContain('fue aprobada.')
    expect(spanish.html).toMatch(/lang="es"/)
  })
})
