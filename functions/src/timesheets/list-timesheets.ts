import * as z from 'zod'
import { CampusId, campusFilter, TimesheetPage, TimesheetStatus } from '@app/core'
import { directoryEntryOf } from '@app/data'
import { defineRoute } from '../http/define-route.ts'
import { weeksAtCampus } from '../workflows/campuses.ts'
import { openCursor, signCursor } from '../workflows/page-cursors.ts'
import { listed } from '../workflows/timesheets.ts'

/**
 * Staff see their own timesheets; supervisors their organization's. Newest week first, a page at a
 * time. Staff's items carry the member who asked (the session's), not the organization's member
 * directory: reading the directory on every staff visit made each member's cost grow with the
 * size of the church (cost bench: this route ×3.3 per member from 10 to 1,000 members). A
 * supervisor's page reads the directory entries of its own employees only, after the page. Its
 * cursor is signed (page-cursors.ts): one edited by hand is a 400.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets',
  auth: 'member',
  scope: 'timesheets:read',
  query: z.object({
    status: TimesheetStatus.optional(),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    // A supervisor's campus filter: the weeks worked at that campus (staff's own list ignores it).
    campusId: CampusId.optional(),
  }),
  response: TimesheetPage,
  errors: [404],
  uses: ['table:read', 'links'],
  readsOrganization: true,
  handler: async ({ query: { campusId, cursor: sent, ...rest }, session, db }) => {
    const query = { ...rest, cursor: await openCursor(sent) }
    const employeeId = session.role === 'supervisor' ? undefined : session.userId
    if (employeeId || campusFilter(session.user, campusId) === undefined) {
      const [page, org] = await Promise.all([db.timesheets.list({ ...query, employeeId }), db.organization.get()])
      const directory = employeeId
        ? new Map([[employeeId, directoryEntryOf(session.user)]])
        : await db.aggregates.entries(page.items.map((t) => t.employeeId))
      return { items: listed(page.items, directory, org), cursor: await signCursor(page.cursor) }
    }
    // A campus admin's pages (their own campuses whether they ask or not), and a campus's, are full
    // of the weeks worked there: the directory (read first) places a week made before campuses,
    // and the read goes on past other campuses' weeks.
    const [{ directory }, org] = await Promise.all([db.aggregates.summary(), db.organization.get()])
    const keep = weeksAtCampus(session.user, campusId, (id) => directory.get(id))
    const page = await db.timesheets.list({ ...query, keep })
    return { items: listed(page.items, directory, org), cursor: await signCursor(page.cursor) }
  },
})
