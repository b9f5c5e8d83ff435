import { DEFAULT_PAY_TYPE, memberWeek, type Timesheet, type User } from '@app/core'
import { config } from '@app/adapters'
import { emailLinkOf, outbox, type OrgDb } from '@app/data'
import { declinedEmail } from '../views/emails.ts'
import { countQueued, deliver } from './mailer.ts'
import { rulesOf, withPayroll } from './payroll.ts'

/** The download route of an approved timesheet's CSV (download-csv): it makes the file on first use and redirects. */
export const timesheetCsvUrl = (id: number) => `${config.appOrigin}/api/timesheets/${id}/download-csv`

/**
 * A supervisor's decision, the same from the dashboard and from an emailed link: only from
 * pending, exactly one decision wins, and a rejection queues the employee's email in the same
 * transaction. `spendLink` (an emailed link's id) is spent in that transaction too, and the record
 * says the decision came from the supervisor's email link. An approval stores the member-week's
 * payroll figures (with the member's pay type at that moment) in the same transaction, for
 * summaries, periods and payroll files. Approving writes no file: the answer's `csvDownloadUrl`
 * (spec section 7) is the download route, which makes the CSV on its first use and redirects to it.
 */
export const decideTimesheet = async (
  db: OrgDb,
  supervisor: User,
  sheetOrId: Timesheet | number,
  status: 'approved' | 'rejected',
  comments: string,
  spendLink?: string,
) => {
  const by = spendLink ? emailLinkOf(supervisor) : supervisor
  const sheet = typeof sheetOrId === 'number' ? await db.timesheets.get(sheetOrId) : sheetOrId
  const [employee, org] = await Promise.all([db.users.findForRecords(sheet.employeeId), db.organization.get()])
  if (status === 'approved') {
    const figures = memberWeek(sheet, rulesOf(org), employee?.payType ?? DEFAULT_PAY_TYPE, employee?.role ?? 'employee')
    const approved = await db.timesheets.decide(sheet, by, 'approved', comments, { spendLink, figures })
    return { ...withPayroll(approved, org, employee), csvDownloadUrl: timesheetCsvUrl(approved.id) }
  }
  if (employee?.email) await outbox.assertQuota(db.orgId, 1)
  const email = employee?.email
    ? outbox.email(
        declinedEmail({
          to: employee.email,
          firstName: employee.firstName,
          language: employee.language,
          organizationName: org.name,
          logoUrl: org.logoUrl,
          weekStartDate: sheet.weekStartDate,
          comment: comments,
          signInUrl: `${config.appOrigin}${employee.authType === 'local' ? '/staff-login' : '/api/login'}`,
        }),
      )
    : undefined
  const rejected = await db.timesheets.decide(sheet, by, 'rejected', comments, {
    emails: email ? [email] : [],
    spendLink,
  })
  if (email) {
    await countQueued(db.orgId, 1)
    await deliver(db.orgId, email.id, email.message)
  }
  return withPayroll(rejected, org, employee)
}
