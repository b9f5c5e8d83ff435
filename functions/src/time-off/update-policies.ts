import { TimeOffPolicies } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Settings → Time off saves every kind's policy at once, recorded in the audit trail. */
export default defineRoute({
  method: 'PUT',
  path: '/api/time-off/policies',
  auth: 'supervisor',
  // The church's own settings, every campus's alike: its whole-church supervisors change them.
  wholeChurch: true,
  body: TimeOffPolicies,
  response: TimeOffPolicies,
  uses: ['table'],
  handler: ({ body, session, db }) => db.timeOff.setPolicies(body, session.user),
})
