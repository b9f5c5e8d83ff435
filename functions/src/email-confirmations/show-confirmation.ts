import * as z from 'zod'
import { DEFAULT_LANGUAGE, Page } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { browserLanguageOf } from '../http/language.ts'
import { checkAddressLink } from '../workflows/address-link-check.ts'
import { confirmAddressPage } from '../views/address-page.ts'

/** Opening the emailed Confirm link shows a page with a button; a GET never confirms (mail scanners follow links). */
export default defineRoute({
  method: 'GET',
  path: '/api/email-confirmations/{token}',
  auth: 'public',
  params: z.object({ token: z.string().max(2000) }),
  response: Page,
  uses: ['table:read', 'links'],
  handler: async ({ params, event }) => {
    const checked = await checkAddressLink(params.token, browserLanguageOf(event) ?? DEFAULT_LANGUAGE)
    if (!checked.ok) return checked.page
    const org = await checked.db.organization.get()
    return confirmAddressPage(checked.member.language, checked.link.email, org.name, event.rawPath)
  },
})
