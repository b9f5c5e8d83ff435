import { fullName, type User } from '@app/core'
import { config } from '@app/adapters'
import { outbox, type OrgDb, type TransactInput } from '@app/data'
import { declinedEmail } from './emails.ts'
import { countQueued, deliver } from './mailer.ts'
import { publishTimesheetCsv } from './timesheet-csv.ts'

/**
 * A supervisor's decision, the same from the dashboard and from an emailed link: only from
 * pending, exactly one decision wins, and a rejection queues the employee's email in the same
 * transaction. `extra` joins that transaction (an emailed link's single use).
 */
export const decideTimesheet = async (
  db: OrgDb,
  supervisor: User,
  id: number,
  status: 'approved' | 'rejected',
  comments: string,
  extra: TransactInput[] = [],
) => {
  const by = { userId: supervisor.id, name: fullName(supervisor) }
  if (status === 'approved') {
    const approved = await db.timesheets.decide(id, by, 'approved', comments, extra)
    // The decision stands even if the file cannot be written now: download-csv makes it again.
    const csvDownloadUrl = await publishTimesheetCsv(db, approved).catch(() => null)
    return { ...approved, csvDownloadUrl }
  }
  const sheet = await db.timesheets.get(id)
  const [employee, org] = await Promise.all([db.users.findForRecords(sheet.employeeId), db.organization.get()])
  if (employee?.email) await outbox.assertQuota(db.orgId, 1)
  const email = employee?.email
    ? outbox.entry(
        db.orgId,
        declinedEmail({
          to: employee.email,
          firstName: employee.firstName,
          organizationName: org.name,
          weekStartDate: sheet.weekStartDate,
          comment: comments,
          signInUrl: `${config.appOrigin}${employee.authType === 'local' ? '/staff-login' : '/api/login'}`,
        }),
      )
    : undefined
  const rejected = await db.timesheets.decide(id, by, 'rejected', comments, [...(email ? [email.put] : []), ...extra])
  if (email) {
    await countQueued(db.orgId, 1)
    await deliver(db.orgId, email.id, email.message)
  }
  return rejected
}
