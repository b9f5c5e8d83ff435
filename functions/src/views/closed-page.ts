import type { Language } from '@app/core'
import { layout } from './decision-page.ts'
import { escapeHtml } from './html.ts'
import { wordsFor } from './words.ts'

/**
 * What every emailed link of a closed organization answers (decision, unsubscribe and address
 * confirmation links, GET and POST alike), in `language`: the organization is closed and nothing
 * was changed. 403, as the API answers a closed organization's requests.
 */
export const organizationClosedPage = (language: Language) => {
  const w = wordsFor(language)
  const title = w.say('closedPage.title')
  return layout(language, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(w.say('closedPage.text'))}</p>`, 403)
}
