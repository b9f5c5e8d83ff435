import { policyOf, type Language, type Timesheet, type User } from '@app/core'
import { orgDb, type OrgDb, type StoredTimeOff } from '@app/data'
import type { HttpResponse } from '../http/response.ts'
import { signedLink } from '../http/signed-link-route.ts'
import { organizationClosedPage } from '../views/closed-page.ts'
import { linkProblemPage } from '../views/decision-page.ts'
import { isTimeOffLink, readDecisionLink, type DecisionLink } from './decision-links.ts'

/** What a usable link decides, loaded: a pending timesheet, or a pending time-off request. */
export type LinkedSubject =
  | { kind: 'timesheet'; sheet: Timesheet }
  | {
      kind: 'timeOff'
      request: StoredTimeOff
      /** The request's kind as the organization names it (its policy's name). */
      kindName: string
    }

export type CheckedLink =
  | ({
      ok: true
      link: DecisionLink
      /** The link's organization: the signed link is the credential, there is no session. */
      db: OrgDb
      supervisor: User
      employee: User | undefined
    } & LinkedSubject)
  | { ok: false; page: HttpResponse }

const problem = (page: HttpResponse): CheckedLink => ({ ok: false, page })

/**
 * Everything that can make an emailed decision link unusable, each said plainly: in the language
 * of the supervisor the link was sent to, or `browser`'s while the link names no one we can find
 * (and for a closed organization, whose members are not read).
 */
export const checkDecisionLink = async (token: string, browser: Language): Promise<CheckedLink> => {
  const read = await readDecisionLink(token)
  if (!read.ok) {
    return read.reason === 'expired'
      ? problem(linkProblemPage(browser, 'expired', 410))
      : problem(linkProblemPage(browser, 'invalid', 400))
  }
  const { link } = read
  const db = orgDb(link.orgId)
  // A closed organization decides nothing, by link either, until it is reopened.
  if (await db.closure.state()) return problem(organizationClosedPage(browser))
  if (await db.decisionLinks.isSpent(link.linkId)) return problem(linkProblemPage(browser, 'used', 409))
  if (isTimeOffLink(link)) return checkTimeOffLink(link, db, browser)
  const [sheet, supervisor] = await Promise.all([
    db.timesheets.find(link.timesheetId),
    db.users.find(link.supervisorId),
  ])
  if (!sheet || !supervisor || supervisor.role !== 'supervisor') {
    return problem(linkProblemPage(supervisor?.language ?? browser, 'gone', 404))
  }
  if (sheet.status !== 'pending') {
    return problem(linkProblemPage(supervisor.language, { decided: sheet.status }, 409))
  }
  if (sheet.version !== link.version) {
    return problem(linkProblemPage(supervisor.language, 'outOfDate', 409))
  }
  return {
    ok: true,
    kind: 'timesheet',
    link,
    db,
    sheet,
    supervisor,
    employee: await db.users.findForRecords(sheet.employeeId),
  }
}

/** A time-off request's link; a request decided (or cancelled) since says so, and by whom. */
const checkTimeOffLink = async (
  link: DecisionLink & { timeOffId: string },
  db: OrgDb,
  browser: Language,
): Promise<CheckedLink> => {
  const [request, supervisor] = await Promise.all([db.timeOff.find(link.timeOffId), db.users.find(link.supervisorId)])
  if (!request || !supervisor || supervisor.role !== 'supervisor') {
    return problem(linkProblemPage(supervisor?.language ?? browser, { gone: 'timeOff' }, 404))
  }
  if (request.status !== 'pending') {
    return problem(linkProblemPage(supervisor.language, { timeOffDecided: request.status, by: request.decidedBy }, 409))
  }
  const [employee, policies] = await Promise.all([db.users.findForRecords(request.employeeId), db.timeOff.policies()])
  return {
    ok: true,
    kind: 'timeOff',
    link,
    db,
    request,
    kindName: policyOf(policies, request.kind).name,
    supervisor,
    employee,
  }
}

/** An Approve or Decline link, a timesheet's or a time-off request's. */
export const decisionLink = signedLink({
  path: '/api/email-decisions/{token}',
  maxToken: 2000,
  errors: [404, 409, 410],
  check: checkDecisionLink,
})
