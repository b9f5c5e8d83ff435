import { statusLabel, type Timesheet, type User } from '@app/core'
import { orgDb, type OrgDb } from '@app/data'
import type { HttpResponse } from '../http/response.ts'
import { linkProblemPage } from '../views/decision-page.ts'
import { readDecisionLink, type DecisionLink } from './decision-links.ts'

export type CheckedLink =
  | {
      ok: true
      link: DecisionLink
      /** The link's organization: the signed link is the credential, there is no session. */
      db: OrgDb
      sheet: Timesheet
      supervisor: User
      employee: User | undefined
    }
  | { ok: false; page: HttpResponse }

/** Everything that can make an emailed decision link unusable, each said plainly. */
export const checkDecisionLink = async (token: string): Promise<CheckedLink> => {
  const read = await readDecisionLink(token)
  if (!read.ok) {
    return read.reason === 'expired'
      ? {
          ok: false,
          page: linkProblemPage(
            'This link has expired',
            'Links in review emails work for 7 days. Open the dashboard to review this timesheet.',
            410,
          ),
        }
      : {
          ok: false,
          page: linkProblemPage(
            'This link is not valid',
            'The link may have been changed or cut off. Open the dashboard to review timesheets.',
            400,
          ),
        }
  }
  const { link } = read
  const db = orgDb(link.orgId)
  if (await db.decisionLinks.isSpent(link.linkId)) {
    return {
      ok: false,
      page: linkProblemPage(
        'This link was already used',
        'Each link in a review email works once. Nothing was changed.',
        409,
      ),
    }
  }
  const [sheet, supervisor] = await Promise.all([
    db.timesheets.find(link.timesheetId),
    db.users.find(link.supervisorId),
  ])
  if (!sheet || !supervisor || supervisor.role !== 'supervisor') {
    return {
      ok: false,
      page: linkProblemPage(
        'This link is not valid',
        'The timesheet or your supervisor account no longer exists.',
        404,
      ),
    }
  }
  if (sheet.status !== 'pending') {
    return {
      ok: false,
      page: linkProblemPage(
        'This timesheet was already decided',
        `It is ${statusLabel[sheet.status]}. Nothing was changed.`,
        409,
      ),
    }
  }
  if (sheet.version !== link.version) {
    return {
      ok: false,
      page: linkProblemPage(
        'This link is out of date',
        'The timesheet was submitted again since this email. Use the link in the newest email, or the dashboard.',
        409,
      ),
    }
  }
  return {
    ok: true,
    link,
    db,
    sheet,
    supervisor,
    employee: await db.users.findForRecords(sheet.employeeId),
  }
}
