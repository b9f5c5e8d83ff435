import type { Language } from '@app/core'
import { pages as englishPages } from '@app/i18n/locales/en/emails.json'
import { pages as spanishPages } from '@app/i18n/locales/es/emails.json'
import { confirmToken } from '../http/navigation.ts'
import { HttpResponse } from '../http/response.ts'
import { escapeHtml } from './html.ts'

/**
 * The `pages` texts of the `emails` catalogue as they are written: these have nothing to fill in,
 * so the routes that show this page (the demo, signing out) need not carry i18next and the
 * catalogues' other texts (a named import of a JSON file keeps only that part in a bundle): 87 KB
 * less of the demo's bundle, to compile and run at every cold start.
 */
const PAGES: Record<Language, typeof englishPages> = { en: englishPages, es: spanishPages }

/**
 * The page that asks, in the member's language; `page` names its texts (`pages.{page}` of the
 * `emails` catalogue) and `path` is the route's own path and query, to which the confirmation token is added.
 */
export const confirmationPage = (
  p: { language: Language; page: 'signOut' | 'demo'; path: string; query: Record<string, string | undefined> },
  sid: string,
  purpose: string,
) => {
  const texts = PAGES[p.language]
  const words = texts[p.page]
  const query = new URLSearchParams(
    Object.entries({ ...p.query, confirm: confirmToken(sid, purpose) }).filter(
      (e): e is [string, string] => e[1] !== undefined,
    ),
  )
  const href = `${p.path}?${query}`
  const title = escapeHtml(words.title)
  return HttpResponse.html(`<!doctype html><html lang="${p.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>${title}</h1><p>${escapeHtml(words.text)}</p>
<p><a href="${escapeHtml(href)}">${escapeHtml(words.action)}</a> &middot; <a href="/">${escapeHtml(texts.cancel)}</a></p></body></html>`)
}
