import { TimeOffDecision, TimeOffId, TimeOffRequestView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { decideTimeOff } from '../workflows/time-off.ts'

/** A supervisor approves or declines a pending request (only from pending; one decision wins). */
export default defineRoute({
  method: 'PATCH',
  path: '/api/time-off/{id}/status',
  auth: 'supervisor',
  scope: 'time-off:decide',
  params: TimeOffId,
  body: TimeOffDecision,
  response: TimeOffRequestView,
  errors: [404, 409],
  uses: ['table', 'email', 'secretsKey'],
  handler: ({ params, body, session, db }) => decideTimeOff(db, session.user, params.id, body.status, body.comments),
})
