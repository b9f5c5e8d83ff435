import { RequestedTimeOff, TimeOffRequestInput } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { requestTimeOff } from '../workflows/time-off.ts'

/** A member asks for time off; refused with a 400 on a blackout date, over the balance, or overlapping. */
export default defineRoute({
  method: 'POST',
  path: '/api/time-off',
  auth: 'member',
  body: TimeOffRequestInput,
  response: RequestedTimeOff,
  errors: [404, 409],
  uses: ['table', 'email', 'secretsKey'],
  handler: ({ body, session, db }) => requestTimeOff(db, session.user, body),
})
