import type { Language } from '@app/core'
import { orgDb } from '@app/data'
import type { HttpResponse } from '../http/response.ts'
import { signedLink } from '../http/signed-link-route.ts'
import { organizationClosedPage } from '../views/closed-page.ts'
import { unsubscribeProblemPage } from '../views/unsubscribe-page.ts'
import { readUnsubscribeToken, type UnsubscribeLink } from './unsubscribe-links.ts'

export type CheckedUnsubscribeLink = { ok: true; link: UnsubscribeLink } | { ok: false; page: HttpResponse }

/**
 * What can make an unsubscribe link unusable, said in `language` and changing nothing: a token we
 * did not sign, or a closed organization (whose settings change only once it is reopened).
 */
export const checkUnsubscribeLink = async (token: string, language: Language): Promise<CheckedUnsubscribeLink> => {
  const link = await readUnsubscribeToken(token)
  if (!link) return { ok: false, page: unsubscribeProblemPage(language) }
  if (await orgDb(link.orgId).closure.state()) return { ok: false, page: organizationClosedPage(language) }
  return { ok: true, link }
}

/** A reminder's unsubscribe link; one we did not sign answers its page with 404. */
export const unsubscribeLink = signedLink({
  path: '/api/unsubscribe/{token}',
  maxToken: 1000,
  errors: [404],
  check: checkUnsubscribeLink,
})
