import { TimeOffList, TimeOffQuery } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { withWaiting } from '../workflows/time-off-accruals.ts'

/** The caller's requests; a supervisor's list holds everyone's, each marked when it waits for them. */
export default defineRoute({
  method: 'GET',
  path: '/api/time-off',
  auth: 'member',
  scope: 'time-off:read',
  query: TimeOffQuery,
  response: TimeOffList,
  uses: ['table:read'],
  handler: async ({ query, session, db }) => {
    if (session.user.role !== 'supervisor')
      return { items: await db.timeOff.list({ ...query, employeeId: session.userId }) }
    const [org, items] = await Promise.all([db.organization.get(), db.timeOff.list(query)])
    return { items: await withWaiting(db, org, session.userId, items) }
  },
})
