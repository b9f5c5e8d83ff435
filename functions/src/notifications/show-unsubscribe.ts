import { signedLinkPage } from '../http/signed-link-route.ts'
import { unsubscribeConfirmPage } from '../views/unsubscribe-page.ts'
import { checkUnsubscribeLink } from '../workflows/unsubscribe-link-check.ts'

/** Opening a reminder's unsubscribe link: a page with one button; a GET changes nothing. */
export default signedLinkPage({
  method: 'GET',
  path: '/api/unsubscribe/{token}',
  maxToken: 1000,
  // A link we did not sign answers its page with 404.
  errors: [404],
  uses: ['table:read', 'links'],
  check: checkUnsubscribeLink,
  page: ({ link }, { event, browser }) => unsubscribeConfirmPage(browser, link.kind, event.rawPath),
})
