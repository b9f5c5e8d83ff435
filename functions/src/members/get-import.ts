import { ImportId, ImportStatus } from '@app/core'
import { filesFor } from '@app/adapters'
import { countsOf } from '@app/data'
import { defineRoute } from '../http/define-route.ts'

/**
 * An import's progress and counts. Once it is done, the first read answers `credentialsUrl`, a
 * 15-minute link to the new members' usernames and temporary passwords; every later read answers
 * null (with `credentialsIssued` true), so the passwords are never on a page that stays open.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/employees/imports/{id}',
  auth: 'supervisor',
  wholeChurch: true,
  params: ImportId,
  response: ImportStatus,
  errors: [404],
  uses: ['table', 'exportsBucket'],
  files: filesFor,
  handler: async ({ params, db, files }) => {
    const job = await db.memberImports.get(params.id)
    const issue = job.status === 'done' && (await db.memberImports.issueCredentials(job.id))
    return {
      status: job.status,
      done: job.done,
      total: job.total,
      counts: countsOf(job),
      credentialsUrl: issue ? await files.importCredentials(job.id).url('credentials.csv') : null,
      credentialsIssued: issue || Boolean(job.credentialsIssuedAt),
      // Rows are applied side by side, so they are kept in the order they finished: read them by line.
      refused: job.refused.toSorted((a, b) => a.line - b.line),
      fileName: job.fileName,
    }
  },
})
