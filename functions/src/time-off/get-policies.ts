import { TimeOffPolicies } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** The time-off policies (a new organization has the three kinds, granted by a supervisor). Members read the names. */
export default defineRoute({
  method: 'GET',
  path: '/api/time-off/policies',
  auth: 'member',
  scope: 'time-off:read',
  response: TimeOffPolicies,
  uses: ['table:read'],
  handler: ({ db }) => db.timeOff.policies(),
})
