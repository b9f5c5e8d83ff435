import { PendingTimesheets } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { withEmployees } from '../workflows/timesheets.ts'

/** Every timesheet waiting for a decision, newest week first. */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets/pending',
  auth: 'supervisor',
  scope: 'timesheets:read',
  response: PendingTimesheets,
  uses: ['table:read'],
  handler: async ({ db }) => withEmployees(db, (await db.timesheets.all('pending')).reverse()),
})
