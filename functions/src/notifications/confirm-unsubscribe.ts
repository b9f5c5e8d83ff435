import * as z from 'zod'
import { AppError, DEFAULT_LANGUAGE, Page } from '@app/core'
import { orgDb } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { browserLanguageOf } from '../http/language.ts'
import { unsubscribedPage, unsubscribeProblemPage } from '../views/unsubscribe-page.ts'
import { checkUnsubscribeLink } from '../workflows/unsubscribe-link-check.ts'

/**
 * Unsubscribes: the page's button, or a mail client's one-click POST (RFC 8058, body
 * `List-Unsubscribe=One-Click`). The signed link is the credential, so no session or Origin is
 * needed, and it changes only its own member's own kind. Doing it twice changes nothing more.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/unsubscribe/{token}',
  auth: 'public',
  skipCsrf: true,
  params: z.object({ token: z.string().max(1000) }),
  response: Page,
  uses: ['table', 'links'],
  handler: async ({ params, event }) => {
    const language = browserLanguageOf(event) ?? DEFAULT_LANGUAGE
    const checked = await checkUnsubscribeLink(params.token, language)
    if (!checked.ok) return checked.page
    const { link } = checked
    try {
      await orgDb(link.orgId).notifications.setOptOut(link.userId, link.kind, true)
    } catch (e) {
      // A member removed since the email was sent gets no more email anyway.
      if (e instanceof AppError && e.status === 404) return unsubscribeProblemPage(language)
      throw e
    }
    return unsubscribedPage(language, link.kind)
  },
})
