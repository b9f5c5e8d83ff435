import { ExportStarted } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Settings → Data → Export all data: starts the export job; its state is read at /api/organization/export/{id}. */
export default defineRoute({
  method: 'POST',
  path: '/api/organization/export',
  auth: 'supervisor',
  wholeChurch: true,
  response: ExportStarted,
  errors: [409],
  uses: ['table'],
  handler: async ({ session, db }) => {
    const started = await db.exports.start(session.user)
    return { id: started.id, status: 'running' as const }
  },
})
