import type { Language, Timesheet, User } from '@app/core'
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

/**
 * Everything that can make an emailed decision link unusable, each said plainly: in the language
 * of the supervisor the link was sent to, or `browser`'s while the link names no one we can find.
 */
export const checkDecisionLink = async (token: string, browser: Language): Promise<CheckedLink> => {
  const read = await readDecisionLink(token)
  if (!read.ok) {
    return read.reason === 'expired'
      ? {
          ok: false,
          page: linkProblemPage(browser, 'expired', 410),
        }
      : {
          ok: false,
          page: linkProblemPage(browser, 'invalid', 400),
        }
  }
  const { link } = read
  const db = orgDb(link.orgId)
  if (await db.decisionLinks.isSpent(link.linkId)) {
    return {
      ok: false,
      page: linkProblemPage(browser, 'used', 409),
    }
  }
  const [sheet, supervisor] = await Promise.all([
    db.timesheets.find(link.timesheetId),
    db.users.find(link.supervisorId),
  ])
  if (!sheet || !supervisor || supervisor.role !== 'supervisor') {
    return {
      ok: false,
      page: linkProblemPage(supervisor?.language ?? browser, 'gone', 404),
    }
  }
  if (sheet.status !== 'pending') {
    return {
      ok: false,
      page: linkProblemPage(supervisor.language, { decided: sheet.status }, 409),
    }
  }
  if (sheet.version !== link.version) {
    return {
      ok: false,
      page: linkProblemPage(supervisor.language, 'outOfDate', 409),
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
