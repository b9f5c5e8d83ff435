import { TimeOffId, TimeOffRequestView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { cancelTimeOff } from '../workflows/time-off-accruals.ts'

/** Cancels a pending request, or an approved one whose first day is still ahead; its hours go back. */
export default defineRoute({
  method: 'DELETE',
  path: '/api/time-off/{id}',
  auth: 'member',
  params: TimeOffId,
  response: TimeOffRequestView,
  errors: [404, 409],
  uses: ['table', 'secretsKey'],
  handler: ({ params, session, db }) => cancelTimeOff(db, session.user, params.id),
})
