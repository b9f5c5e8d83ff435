import * as z from 'zod'
import { DEFAULT_LANGUAGE, Page } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { browserLanguageOf } from '../http/language.ts'
import { unsubscribeConfirmPage, unsubscribeProblemPage } from '../views/unsubscribe-page.ts'
import { readUnsubscribeToken } from '../workflows/unsubscribe-links.ts'

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
    const link = await readUnsubscribeToken(params.token)
    return link ? unsubscribeConfirmPage(language, link.kind, event.rawPath) : unsubscribeProblemPage(language)
  },
})
