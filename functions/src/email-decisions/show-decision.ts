import * as z from 'zod'
import { DEFAULT_LANGUAGE, Page } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { browserLanguageOf } from '../http/language.ts'
import { checkDecisionLink } from '../workflows/decision-link-check.ts'
import { confirmPage, timeOffConfirmPage } from '../views/decision-page.ts'

/** Opening an emailed Approve or Decline link (a timesheet's or a time-off request's): a confirmation page; a GET never decides. */
export default defineRoute({
  method: 'GET',
  path: '/api/email-decisions/{token}',
  auth: 'public',
  params: z.object({ token: z.string().max(2000) }),
  response: Page,
  uses: ['table:read', 'links'],
  handler: async ({ params, event }) => {
    const checked = await checkDecisionLink(params.token, browserLanguageOf(event) ?? DEFAULT_LANGUAGE)
    if (!checked.ok) return checked.page
    const { supervisor, link } = checked
    return checked.kind === 'timeOff'
      ? timeOffConfirmPage(supervisor.language, checked, link.decision, event.rawPath)
      : confirmPage(supervisor.language, checked.sheet, checked.employee, link.decision, event.rawPath)
  },
})
