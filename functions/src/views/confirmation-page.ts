import { confirmToken } from '../http/navigation.ts'
import { HttpResponse } from '../http/response.ts'
import { escapeHtml } from './html.ts'

/** The page that asks; `path` is the route's own path and query, to which the confirmation token is added. */
export const confirmationPage = (
  p: { title: string; text: string; action: string; path: string; query: Record<string, string | undefined> },
  sid: string,
  purpose: string,
) => {
  const query = new URLSearchParams(
    Object.entries({ ...p.query, confirm: confirmToken(sid, purpose) }).filter(
      (e): e is [string, string] => e[1] !== undefined,
    ),
  )
  const href = `${p.path}?${query}`
  return HttpResponse.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(p.title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>${escapeHtml(p.title)}</h1><p>${escapeHtml(p.text)}</p>
<p><a href="${escapeHtml(href)}">${escapeHtml(p.action)}</a> &middot; <a href="/">Cancel</a></p></body></html>`)
}
