import type { Language } from '@app/core'
import { confirmToken } from '../http/navigation.ts'
import { HttpResponse } from '../http/response.ts'
import { escapeHtml } from './html.ts'
import { wordsFor } from './words.ts'

/**
 * The page that asks, in the member's language; `page` names its texts (`pages.{page}` of the
 * `emails` catalogue) and `path` is the route's own path and query, to which the confirmation token is added.
 */
export const confirmationPage = (
  p: { language: Language; page: 'signOut' | 'demo'; path: string; query: Record<string, string | undefined> },
  sid: string,
  purpose: string,
) => {
  const w = wordsFor(p.language)
  const say = (key: string) => escapeHtml(w.say(`pages.${key}`))
  const query = new URLSearchParams(
    Object.entries({ ...p.query, confirm: confirmToken(sid, purpose) }).filter(
      (e): e is [string, string] => e[1] !== undefined,
    ),
  )
  const href = `${p.path}?${query}`
  return HttpResponse.html(`<!doctype html><html lang="${p.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${say(`${p.page}.title`)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>${say(`${p.page}.title`)}</h1><p>${say(`${p.page}.text`)}</p>
<p><a href="${escapeHtml(href)}">${say(`${p.page}.action`)}</a> &middot; <a href="/">${say('cancel')}</a></p></body></html>`)
}
