import { signedLinkPage } from '../http/signed-link-route.ts'
import { decisionLink } from '../workflows/decision-link-check.ts'
import { confirmPage, timeOffConfirmPage } from '../views/decision-page.ts'

/** Opening an emailed Approve or Decline link (a timesheet's or a time-off request's): a confirmation page; a GET never decides. */
export default signedLinkPage(decisionLink, {
  method: 'GET',
  uses: ['table:read', 'links'],
  page: (checked, { event }) => {
    const { supervisor, link } = checked
    return checked.kind === 'timeOff'
      ? timeOffConfirmPage(supervisor.language, checked, link.decision, event.rawPath)
      : confirmPage(supervisor.language, checked.sheet, checked.employee, link.decision, event.rawPath)
  },
})
