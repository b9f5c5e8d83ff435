import { ExportStarted } from '@app/core'
import { assertWholeChurch } from '../workflows/campuses.ts'
import { defineRoute } from '../http/define-route.ts'

/** Settings → Data → Export all data: starts the export job; its state is read at /api/organization/export/{id}. */
export default defineRoute({
  method: 'POST',
  path: '/api/organization/export',
  auth: 'supervisor',
  response: ExportStarted,
  uses: ['table'],
  handler: async ({ session, db }) => {
    assertWholeChurch(session.user)
    const started = await db.exports.start(session.user)
    return { id: started.id, status: 'running' as const }
  },
})
