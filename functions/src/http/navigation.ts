import { createHash, timingSafeEqual } from 'node:crypto'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'

/**
 * Browser navigations that change state (signing out, opening the demo over a real session).
 * Another site can start a top-level navigation here, and SameSite=Lax cookies travel with it,
 * so such a route acts only when the browser says the navigation began on our own site or with
 * the person (address bar, bookmark). Otherwise, or when the browser does not say
 * (no Sec-Fetch-Site), it answers a page of ours asking to confirm (views/confirmation-page.ts); its link carries a token
 * made from the session id, which another site cannot know.
 */
export const confirmToken = (sid: string, purpose: string) =>
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
