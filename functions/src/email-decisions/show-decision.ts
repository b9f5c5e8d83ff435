import { signedLinkPage } from '../http/signed-link-route.ts'
import { checkDecisionLink } from '../workflows/decision-link-check.ts'
import { confirmPage, timeOffConfirmPage } from '../views/decision-page.ts'

/** Opening an emailed Approve or Decline link (a timesheet's or a time-off request's): a confirmation page; a GET never decides. */
export default signedLinkPage({
  method: 'GET',
  path: '/api/email-decisions/{token}',
  maxToken: 2000,
  errors: [404, 409, 410],
  uses: ['table:read', 'links'],
  check: checkDecisionLink,
  page: (checked, { event }) => {
    const { supervisor, link } = checked
    return checked.kind === 'timeOff'
      ? timeOffConfirmPage(supervisor.language, checked, link.decision, event.rawPath)
      : confirmPage(supervisor.language, checked.sheet, checked.employee, link.decision, event.rawPath)
  },
})
