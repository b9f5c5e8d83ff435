import { notFound, weekInScope, type DecidedTimesheet, type User } from '@app/core'
import type { OrgDb } from '@app/data'
import { declinedEmail, sendNow } from './decisions.ts'
import { withPayroll } from './payroll.ts'
import { weekAccrualChanges } from './time-off-accruals.ts'
import { timesheetEventData } from './webhook-events.ts'
import { deliverNow } from './webhook-sender.ts'

/**
 * A supervisor sends an approved week back for correction (whoever may decide it: the whole
 * church, or a campus admin for a member of their campus; another's is not found). It becomes
 * rejected, in one transaction under the period lock: the comment, the counts, the approval's
 * payroll figures removed and its per-hours-worked accruals taken back (the later weeks' worked out
 * again without it, from the member's ledger), the record, the member's decline email (the one a
 * decline sends) and the `timesheet.rejected` webhook a decline sends. The member corrects and
 * submits it again; the next approval writes its figures and accruals afresh.
 */
export const sendBackTimesheet = async (
  db: OrgDb,
  supervisor: User,
  id: number,
  comments: string,
): Promise<DecidedTimesheet> => {
  const [sheet, org, subscriptions, policies] = await Promise.all([
    db.timesheets.get(id),
    db.organization.get(),
    db.webhooks.subscriptions(),
    db.timeOff.policies(),
  ])
  const [employee, ledger] = await Promise.all([
    db.users.findForRecords(sheet.employeeId),
    // Read consistently: an approval's accruals are taken back however recently it was given.
    db.timeOff.ledger(sheet.employeeId, { consistent: true }),
  ])
  // The week is its campus's, as for a decision (`weekInScope`).
  if (!weekInScope(supervisor, sheet, employee)) throw notFound('timesheet')
  const email = declinedEmail(org, employee, sheet, comments)
  const emails = email ? [email] : []
  const webhooks = subscriptions('timesheet.rejected', timesheetEventData(sheet, 'rejected', supervisor))
  // The week's accruals go, and the member's later weeks' are worked out again without it: hours a
  // cap held back because of this week are given back.
  const accruals = weekAccrualChanges(employee, policies, ledger, { removed: sheet })
  const sent = await db.timesheets.sendBack(sheet, supervisor, comments, { emails, webhooks, ...accruals })
  await Promise.all([sendNow(db, emails, org), deliverNow(webhooks)])
  return withPayroll(sent, org, employee)
}
