import type { EmailMessage } from '@app/adapters'
import type { User } from '@app/core'
import { button, note, paragraph, renderEmail, type Brand } from './email-layout.ts'
import { wordsFor } from './words.ts'

export type Reader = Pick<User, 'firstName' | 'language'> & { email: string }

/**
 * A greeting, its paragraphs and one button (with its address spelled out in the text part), and
 * a note after it when there is one: the frame of every email that asks for one thing.
 */
export const oneActionEmail = (
  to: Reader,
  organization: Brand,
  said: { subject: string; body: string | string[]; action: string; actionText: string; url: string; note?: string },
): EmailMessage => {
  const greeting = wordsFor(to.language).say('greeting', { name: to.firstName })
  const body = typeof said.body === 'string' ? [said.body] : said.body
  const html = renderEmail({
    language: to.language,
    brand: organization,
    preview: said.subject,
    content: [
      paragraph(greeting),
      ...body.map((l) => paragraph(l)),
      button(said.url, said.action),
      ...(said.note ? [note(said.note)] : []),
    ],
  })
  const text = [greeting, '', ...body.flatMap((l) => [l, '']), said.actionText, ...(said.note ? ['', said.note] : [])]
  return { to: to.email, fromName: organization.name, subject: said.subject, text: text.join('\n'), html }
}

/**
 * A one-action email in the words of one section of the emails catalogue: its `subject` and `body`
 * (with `values`), its `action` button to `url`, and its `actionText` for the text part.
 */
export const sectionEmail = (
  to: Reader,
  organization: Brand,
  section: string,
  values: Record<string, unknown>,
  url: string,
): EmailMessage => {
  const w = wordsFor(to.language)
  return oneActionEmail(to, organization, {
    subject: w.say(`${section}.subject`, values),
    body: w.say(`${section}.body`, values),
    action: w.say(`${section}.action`),
    actionText: w.say(`${section}.actionText`, { ...values, url }),
    url,
  })
}
