import { signedLinkPage } from '../http/signed-link-route.ts'
import { unsubscribeConfirmPage } from '../views/unsubscribe-page.ts'
import { unsubscribeLink } from '../workflows/unsubscribe-link-check.ts'

/** Opening a reminder's unsubscribe link: a page with one button; a GET changes nothing. */
export default signedLinkPage(unsubscribeLink, {
  method: 'GET',
  uses: ['table:read', 'links'],
  page: ({ link }, { event, browser }) => unsubscribeConfirmPage(browser, link.kind, event.rawPath),
})
