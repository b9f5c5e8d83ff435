import type { Language, ReminderKind } from '@app/core'
import { layout } from './decision-page.ts'
import { escapeHtml } from './html.ts'
import { wordsFor } from './words.ts'

/** The unsubscribe pages speak the browser's language: whoever follows the link reads them. */
const wordsOf = (language: Language) => {
  const w = wordsFor(language)
  return (key: string) => escapeHtml(w.say(`unsubscribePage.${key}`))
}

/** The GET of an unsubscribe link: asks first (mail scanners follow links), one button does it. */
export const unsubscribeConfirmPage = (language: Language, kind: ReminderKind, action: string) => {
  const say = wordsOf(language)
  return layout(
    language,
    say('title'),
    `<h1>${say('heading')}</h1>
<p>${say('kindLabel')} <strong>${say(`kinds.${kind}`)}</strong>.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" class="decline">${say('button')}</button></form>
<p>${say('backOn')}</p>`,
  )
}

export const unsubscribedPage = (language: Language, kind: ReminderKind) => {
  const say = wordsOf(language)
  return layout(
    language,
    say('doneTitle'),
    `<h1>${say('doneHeading')}</h1>
<p>${say('kindLabel')} <strong>${say(`kinds.${kind}`)}</strong>.</p>
<p><a href="/profile">${say('backOnLink')}</a></p>`,
  )
}

export const unsubscribeProblemPage = (language: Language) => {
  const say = wordsOf(language)
  return layout(language, say('invalidTitle'), `<h1>${say('invalidHeading')}</h1><p>${say('invalidText')}</p>`, 404)
}
