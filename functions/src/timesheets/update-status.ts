import { z } from 'zod'
import { fullName, TimesheetId } from '@app/core'
import { config } from '@app/adapters'
import { outbox } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { declinedEmail } from '../support/emails.ts'
import { deliver } from '../support/mailer.ts'
import { publishTimesheetCsv } from '../support/timesheet-csv.ts'

/**
 * A supervisor approves or rejects a pending timesheet. Approval answers a CSV link; rejection
 * queues the employee's email in the same transaction, then tries to send it at once.
 */
export default defineRoute({
  method: 'PATCH',
  path: '/api/timesheets/{id}/status',
  auth: 'supervisor',
  params: z.object({ id: TimesheetId }),
  body: z.object({
    status: z.enum(['approved', 'rejected'], { error: "Status must be 'approved' or 'rejected'" }),
    comments: z.string().trim().max(2000, 'Comments must be 2000 characters or fewer').optional().default(''),
  }),
  uses: ['table', 'exportsBucket', 'email'],
  handler: async ({ params, body, session, db }) => {
    const by = { userId: session.userId, name: fullName(session.user) }
    if (body.status === 'approved') {
      const approved = await db.timesheets.decide(params.id, by, 'approved', body.comments)
      // The decision stands even if the file cannot be written now: download-csv makes it again.
      const csvDownloadUrl = await publishTimesheetCsv(db, approved).catch(() => null)
      return { ...approved, csvDownloadUrl }
    }
    const sheet = await db.timesheets.get(params.id)
    const employee = await db.users.findForRecords(sheet.employeeId)
    const org = await db.organization.get()
    const email = employee?.email
      ? outbox.entry(
          db.orgId,
          declinedEmail({
            to: employee.email,
            firstName: employee.firstName,
            organizationName: org.name,
            weekStartDate: sheet.weekStartDate,
            comment: body.comments,
            signInUrl: `${config.appOrigin}${employee.authType === 'local' ? '/staff-login' : '/api/login'}`,
          }),
        )
      : undefined
    const rejected = await db.timesheets.decide(params.id, by, 'rejected', body.comments, email ? [email.put] : [])
    if (email) await deliver(db.orgId, email.id, email.message)
    return rejected
  },
})
