import * as z from 'zod'
import { AppError } from '@app/core'
import { isConditionFailure, keys } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { checkDecisionLink } from '../support/decision-link-check.ts'
import { decideTimesheet } from '../support/decisions.ts'
import { donePage, linkProblemPage } from '../support/decision-page.ts'

/**
 * The confirmation page's button (a plain form post: the signed link is the credential, so no
 * session or Origin is needed). Same decision and rules as the dashboard; the link is spent in
 * the same transaction.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/email-decisions/{token}',
  auth: 'public',
  skipCsrf: true,
  params: z.object({ token: z.string().max(2000) }),
  uses: ['table', 'exportsBucket', 'email'],
  handler: async ({ params, event }) => {
    const checked = await checkDecisionLink(params.token)
    if (!checked.ok) return checked.page
    const { link, db, sheet, supervisor, employee } = checked
    const form = new URLSearchParams(
      event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString() : (event.body ?? ''),
    )
    const comments = link.decision === 'rejected' ? (form.get('comments') ?? '').trim().slice(0, 2000) : ''
    const spend = {
      Put: {
        Item: { ...keys.decisionLinkUse(link.orgId, link.linkId), usedAt: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }
    try {
      await decideTimesheet(db, supervisor, sheet.id, link.decision, comments, [spend])
    } catch (e) {
      if ((e instanceof AppError && e.status === 409) || isConditionFailure(e)) {
        return linkProblemPage(
          'This timesheet was already decided',
          'Another decision was made first. Nothing was changed.',
          409,
        )
      }
      throw e
    }
    return donePage(sheet, employee, link.decision)
  },
})
