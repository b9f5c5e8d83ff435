import * as z from 'zod'
import { SubmittedTimesheet, TimesheetParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { withPayroll } from '../workflows/payroll.ts'
import { submitWithReviewEmails } from '../workflows/submission.ts'

/** Draft or rejected becomes pending (anything else answers 409); other supervisors get a review email. */
export default defineRoute({
  method: 'POST',
  path: '/api/timesheets/{id}/submit',
  auth: 'member',
  params: TimesheetParams,
  body: z.object({ version: z.number().int().nonnegative().optional() }),
  response: SubmittedTimesheet,
  errors: [404, 409],
  uses: ['table', 'email', 'secretsKey'],
  handler: async ({ params, body, session, db }) => {
    const org = await db.organization.get()
    const { submitted, reviewEmailsHeldFor } = await submitWithReviewEmails(db, session.user, params.id, {
      expectedVersion: body.version,
      org,
    })
    return { ...withPayroll(submitted, org, session.user), reviewEmailsHeldFor }
  },
})
