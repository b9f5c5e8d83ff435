import { AppError, TEXT_LIMITS } from '@app/core'
import { signedLinkPage } from '../http/signed-link-route.ts'
import { decisionLink } from '../workflows/decision-link-check.ts'
import { decideTimesheet } from '../workflows/decisions.ts'
import { firstApprovalOf } from '../workflows/review-requests.ts'
import { decideTimeOff } from '../workflows/time-off.ts'
import { donePage, linkProblemPage, timeOffDonePage } from '../views/decision-page.ts'

/**
 * The confirmation page's button (a plain form post: the signed link is the credential, so no
 * session or Origin is needed). Same decision and rules as the dashboard (or, for a time-off
 * request, as `PATCH /api/time-off/{id}/status`); the link is spent in the same transaction.
 */
export default signedLinkPage(decisionLink, {
  method: 'POST',
  uses: ['table', 'email', 'secretsKey'],
  page: async (checked, { event }) => {
    const { link, db, supervisor, employee } = checked
    const form = new URLSearchParams(
      event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString() : (event.body ?? ''),
    )
    const comments =
      link.decision === 'rejected' ? (form.get('comments') ?? '').trim().slice(0, TEXT_LIMITS.comments) : ''
    try {
      if (checked.kind === 'timeOff') {
        await decideTimeOff(db, supervisor, checked.request, link.decision, comments, link.linkId)
        return timeOffDonePage(supervisor.language, checked, link.decision, Boolean(employee?.email))
      }
      const decided = await decideTimesheet(db, supervisor, checked.sheet, link.decision, comments, link.linkId)
      // Still pending after an approval: the first of two, so the page says who is asked next.
      const first =
        decided.status === 'pending'
          ? { ...(await firstApprovalOf(db, decided, employee)), waiting: decided.reviewEmailsHeldFor }
          : undefined
      return donePage(supervisor.language, checked.sheet, employee, link.decision, first)
    } catch (e) {
      // Decided first elsewhere, or this link spent by a concurrent post: both changed nothing.
      if (e instanceof AppError && e.status === 409) {
        return linkProblemPage(
          supervisor.language,
          checked.kind === 'timeOff' ? { timeOffDecidedFirst: true } : 'decidedFirst',
          409,
        )
      }
      throw e
    }
  },
})
