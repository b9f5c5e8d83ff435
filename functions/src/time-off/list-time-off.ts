import { TimeOffList, TimeOffQuery, wholeChurch } from '@app/core'
import { inScopeOnly } from '@app/data'
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
  errors: [404],
  uses: ['table:read'],
  handler: async ({ query, session, db }) => {
    if (session.user.role !== 'supervisor')
      return { items: await db.timeOff.list({ ...query, employeeId: session.userId }) }
    const [org, all, directory] = await Promise.all([
      db.organization.get(),
      db.timeOff.list(query),
      // A campus admin lists their campuses' requests only (the directory says whose).
      wholeChurch(session.user) ? new Map() : db.aggregates.summary().then((s) => s.directory),
    ])
    const items = inScopeOnly(session.user, directory, all, (r) => r.employeeId)
    return { items: await withWaiting(db, org, session.userId, items) }
  },
})
