import * as z from 'zod'
import { Timesheet, TimesheetId } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { submitWithReviewEmails } from '../workflows/submission.ts'

/** Draft or rejected becomes pending (anything else answers 409); other supervisors get a review email. */
export default defineRoute({
  method: 'POST',
  path: '/api/timesheets/{id}/submit',
  auth: 'member',
  params: z.object({ id: TimesheetId }),
  body: z.object({ version: z.number().int().nonnegative().optional() }),
  response: Timesheet,
  uses: ['table', 'email'],
  handler: ({ params, body, session, db }) =>
    submitWithReviewEmails(db, session.user, params.id, { expectedVersion: body.version }),
})
