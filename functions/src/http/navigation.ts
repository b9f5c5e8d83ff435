import { createHash, timingSafeEqual } from 'node:crypto'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { escapeHtml } from '../support/html.ts'
import { HttpResponse } from './response.ts'

/**
 * Browser navigations that change state (signing out, opening the demo over a real session).
 * Another site can start a top-level navigation here, and SameSite=Lax cookies travel with it,
 * so such a route acts only when the browser says the navigation began on our own site or with
 * the person (address bar, bookmark). Otherwise, or when the browser does not say
 * (no Sec-Fetch-Site), it answers a page of ours asking to confirm; its link carries a token
 * made from the session id, which another site cannot know.
 */
const confirmToken = (sid: string, purpose: string) =>
  createHash('sha256').update(`confirm:${purpose}:${sid}`).digest('base64url').slice(0, 32)

export const mayActOnNavigation = (
  event: APIGatewayProxyEventV2,
  sid: string,
  purpose: string,
  confirm: string | undefined,
) => {
  const site = event.headers?.['sec-fetch-site']
  if (site === 'same-origin' || site === 'none') return true
  if (!confirm) return false
  const expected = Buffer.from(confirmToken(sid, purpose))
  const given = Buffer.from(confirm)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

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
