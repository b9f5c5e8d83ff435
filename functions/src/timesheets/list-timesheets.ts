import * as z from 'zod'
import { TimesheetPage, TimesheetStatus } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { listed } from '../workflows/timesheets.ts'

/** Staff see their own timesheets; supervisors their organization's. Newest week first, a page at a time. */
export default defineRoute({
  method: 'GET',
  path: '/api/timesheets',
  auth: 'member',
  scope: 'timesheets:read',
  query: z.object({
    status: TimesheetStatus.optional(),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
  response: TimesheetPage,
  uses: ['table:read'],
  handler: async ({ query, session, db }) => {
    const employeeId = session.role === 'supervisor' ? undefined : session.userId
    const [page, { directory }, org] = await Promise.all([
      db.timesheets.list({ ...query, employeeId }),
      db.aggregates.summary(),
      db.organization.get(),
    ])
    return { items: listed(page.items, directory, org), cursor: page.cursor }
  },
})
