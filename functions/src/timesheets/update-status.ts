import * as z from 'zod'
import { DecidedTimesheet, DecisionComment, TimesheetParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { decideTimesheet } from '../workflows/decisions.ts'

/** A supervisor approves or rejects (emailing the employee) a pending timesheet; the approval's CSV is made on its first download. */
export default defineRoute({
  method: 'PATCH',
  path: '/api/timesheets/{id}/status',
  auth: 'supervisor',
  scope: 'timesheets:decide',
  params: TimesheetParams,
  body: z.object({
    status: z.enum(['approved', 'rejected'], { error: "Status must be 'approved' or 'rejected'" }),
    // A client that sends no comment as null means none, as one that leaves it out.
    comments: DecisionComment.nullish().transform((c) => c ?? ''),
  }),
  response: DecidedTimesheet,
  errors: [404, 409],
  uses: ['table', 'email', 'secretsKey'],
  readsOrganization: true,
  handler: ({ params, body, session, db }) => decideTimesheet(db, session.user, params.id, body.status, body.comments),
})
