import { ExportId, ExportStatus } from '@app/core'
import { filesFor } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'

/** An export's progress, and once done a 15-minute link to its zip (a fresh one at each call). */
export default defineRoute({
  method: 'GET',
  path: '/api/organization/export/{id}',
  auth: 'supervisor',
  wholeChurch: true,
  params: ExportId,
  response: ExportStatus,
  errors: [404],
  uses: ['table:read', 'exportsBucket'],
  files: filesFor,
  handler: async ({ params, db, files }) => {
    // The whole church's data: a campus admin's is not theirs to take.
    const job = await db.exports.get(params.id)
    const url = job.status === 'done' ? await files.dataExport(job.id).url() : null
    return { status: job.status, progress: job.progress, url }
  },
})
