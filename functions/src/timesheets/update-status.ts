import * as z from 'zod'
import { DecidedTimesheet, TimesheetId } from '@app/core'
import { filesFor } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { decideTimesheet } from '../workflows/decisions.ts'

/** A supervisor approves (answering a CSV link) or rejects (emailing the employee) a pending timesheet. */
export default defineRoute({
  method: 'PATCH',
  path: '/api/timesheets/{id}/status',
  auth: 'supervisor',
  params: z.object({ id: TimesheetId }),
  body: z.object({
    status: z.enum(['approved', 'rejected'], { error: "Status must be 'approved' or 'rejected'" }),
    comments: z.string().trim().max(2000, 'Comments must be 2000 characters or fewer').optional().default(''),
  }),
  response: DecidedTimesheet,
  uses: ['table', 'exportsBucket', 'email'],
  files: filesFor,
  handler: ({ params, body, session, db, files }) =>
    decideTimesheet(db, files, session.user, params.id, body.status, body.comments),
})
