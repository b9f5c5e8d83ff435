import { ExportId, ExportStatus } from '@app/core'
import { filesFor } from '@app/adapters'
import { assertWholeChurch } from '../workflows/campuses.ts'
import { defineRoute } from '../http/define-route.ts'

/** An export's progress, and once done a 15-minute link to its zip (a fresh one at each call). */
export default defineRoute({
  method: 'GET',
  path: '/api/organization/export/{id}',
  auth: 'supervisor',
  params: ExportId,
  response: ExportStatus,
  uses: ['table:read', 'exportsBucket'],
  files: filesFor,
  handler: async ({ params, session, db, files }) => {
    // The whole church's data: a campus admin's is not theirs to take.
    assertWholeChurch(session.user)
    const job = await db.exports.get(params.id)
    const url = job.status === 'done' ? await files.dataExport(job.id).url() : null
    return { status: job.status, progress: job.progress, url }
  },
})
