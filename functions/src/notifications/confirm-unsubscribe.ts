import { AppError } from '@app/core'
import { orgDb } from '@app/data'
import { signedLinkPage } from '../http/signed-link-route.ts'
import { unsubscribedPage, unsubscribeProblemPage } from '../views/unsubscribe-page.ts'
import { unsubscribeLink } from '../workflows/unsubscribe-link-check.ts'

/**
 * Unsubscribes: the page's button, or a mail client's one-click POST (RFC 8058, body
 * `List-Unsubscribe=One-Click`). The signed link is the credential, so no session or Origin is
 * needed, and it changes only its own member's own kind. Doing it twice changes nothing more.
 */
export default signedLinkPage(unsubscribeLink, {
  method: 'POST',
  uses: ['table', 'links'],
  page: async ({ link }, { browser: language }) => {
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
