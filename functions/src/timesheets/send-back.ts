import { DecidedTimesheet, SendBackBody, TimesheetParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { sendBackTimesheet } from '../workflows/send-back.ts'

/**
 * A supervisor sends an approved week (in no closed pay period) back to its member for correction,
 * with what to correct: it becomes rejected, its payroll figures wait for the next approval, and
 * the member gets the decline email with the comment.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/timesheets/{id}/send-back',
  auth: 'supervisor',
  scope: 'timesheets:decide',
  params: TimesheetParams,
  body: SendBackBody,
  response: DecidedTimesheet,
  errors: [404, 409],
  uses: ['table', 'email', 'secretsKey'],
  handler: ({ params, body, session, db }) => sendBackTimesheet(db, session.user, params.id, body.comments),
})
