import { CampusChoice, PendingTimesheets, waitsFor } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { weeksAtCampus } from '../workflows/campuses.ts'
import { listed } from '../workflows/timesheets.ts'
import { routingOf } from '../workflows/routing.ts'

/** Every timesheet waiting for a decision, newest week first, each marked when it waits for the caller. */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets/pending',
  auth: 'supervisor',
  scope: 'timesheets:read',
  query: CampusChoice,
  response: PendingTimesheets,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ query, db, session }) => {
    const org = await db.organization.get()
    const [pending, { roster, today, directory }] = await Promise.all([
      db.timesheets.all('pending'),
      routingOf(db, org),
    ])
    // A campus admin's (their own campuses whether they ask or not) and a campus's: the weeks worked there.
    const atCampus = weeksAtCampus(session.user, query.campusId, (id) => directory.get(id))
    const reached = pending.reverse().filter((t) => atCampus?.(t) ?? true)
    return listed(reached, directory, org).map((item) => ({
      ...item,
      waitingForMe: waitsFor(session.userId, item, org.approvals, roster, today),
    }))
  },
})
