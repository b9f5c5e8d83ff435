import * as z from 'zod'
import { DEFAULT_LANGUAGE, Page } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { browserLanguageOf } from '../http/language.ts'
import { unsubscribeConfirmPage } from '../views/unsubscribe-page.ts'
import { checkUnsubscribeLink } from '../workflows/unsubscribe-link-check.ts'

/** Opening a reminder's unsubscribe link: a page with one button; a GET changes nothing. */
export default defineRoute({
  method: 'GET',
  path: '/api/unsubscribe/{token}',
  auth: 'public',
  params: z.object({ token: z.string().max(1000) }),
  response: Page,
  uses: ['table:read', 'links'],
  handler: async ({ params, event }) => {
    const language = browserLanguageOf(event) ?? DEFAULT_LANGUAGE
    const checked = await checkUnsubscribeLink(params.token, language)
    return checked.ok ? unsubscribeConfirmPage(language, checked.link.kind, event.rawPath) : checked.page
  },
})
