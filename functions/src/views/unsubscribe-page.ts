import type { Language, ReminderKind } from '@app/core'
import { layout } from './decision-page.ts'
import { escapeHtml } from './html.ts'
import { wordsFor } from './words.ts'

/** The unsubscribe pages speak the browser's language: whoever follows the link reads them. */
const wordsOf = (language: Language) => {
  const w = wordsFor(language)
  return (key: string) => escapeHtml(w.say(`unsubscribePage.${key}`))
}

/** A page about one kind of reminder: its heading, the kind, then `rest` (a button or a link). */
const reminderKindPage = (
  language: Language,
  kind: ReminderKind,
  page: { title: string; heading: string },
  rest: (say: ReturnType<typeof wordsOf>) => string,
) => {
  const say = wordsOf(language)
  return layout(
    language,
    say(page.title),
    `<h1>${say(page.heading)}</h1>
<p>${say('kindLabel')} <strong>${say(`kinds.${kind}`)}</strong>.</p>
${rest(say)}`,
  )
}

/** The GET of an unsubscribe link: asks first (mail scanners follow links), one button does it. */
export const unsubscribeConfirmPage = (language: Language, kind: ReminderKind, action: string) =>
  reminderKindPage(language, kind, { title: 'title', heading: 'heading' }, (say) => {
    const button = `<button type="submit" class="decline">${say('button')}</button>`
    return `<form method="post" action="${escapeHtml(action)}">${button}</form>\n<p>${say('backOn')}</p>`
  })

export const unsubscribedPage = (language: Language, kind: ReminderKind) =>
  reminderKindPage(
    language,
    kind,
    { title: 'doneTitle', heading: 'doneHeading' },
    (say) => `<p><a href="/profile">${say('backOnLink')}</a></p>`,
  )

export const unsubscribeProblemPage = (language: Language) => {
  const say = wordsOf(language)
  return layout(language, say('invalidTitle'), `<h1>${say('invalidHeading')}</h1><p>${say('invalidText')}</p>`, 404)
}
