import { randomUUID } from 'node:crypto'
import {
  badRequest,
  conflictingField,
  decideRows,
  guessMapping,
  IMPORT_MAX_BYTES,
  ImportPreview,
  ImportStarted,
  importMessages,
  MemberImportRequest,
  type ImportMapping,
} from '@app/core'
import { filesFor } from '@app/adapters'
import { defineRoute } from '../http/define-route.ts'
import { readImportFile } from '../workflows/member-import-file.ts'
import { importContext, rowResult } from '../workflows/member-import-rows.ts'

const fill = (message: string, name: string, value: string) => message.replace(`{{${name}}}`, value)

/** The mapping given, checked against the file's columns (absent: the remembered one, then the first guess). */
const mappingFor = (columns: string[], given: ImportMapping | undefined, remembered: ImportMapping) => {
  if (!given) return guessMapping(columns, remembered)
  const fields = new Set<string>()
  for (const [column, field] of Object.entries(given)) {
    if (!columns.includes(column)) throw badRequest(fill(importMessages.unknownColumn, 'column', column))
    if (fields.has(field)) throw badRequest(fill(importMessages.fieldTwice, 'field', field))
    fields.add(field)
  }
  if (conflictingField(given)) throw badRequest(importMessages.fullNameAndParts)
  return given
}

/**
 * Employees → Import: with `dryRun` (the default) each row's outcome, nothing written; without,
 * the import starts (the import job applies it) and its progress is read at /api/employees/imports/{id}.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/employees/imports',
  auth: 'supervisor',
  wholeChurch: true,
  body: MemberImportRequest,
  response: ImportPreview.or(ImportStarted),
  errors: [404],
  uses: ['table', 'exportsBucket'],
  files: filesFor,
  handler: async ({ body, session, db, files }) => {
    // An import may add members at any campus: the whole church's supervisors run it.
    const bytes = Buffer.from(body.content, 'base64')
    if (bytes.length > IMPORT_MAX_BYTES) throw badRequest(importMessages.tooLarge)
    const file = await readImportFile(bytes)
    const mapping = mappingFor(file.columns, body.mapping, await db.memberImports.rememberedMapping())
    if (body.dryRun) {
      const org = await db.organization.get()
      const { decisions, counts } = decideRows(file.rows, mapping, await importContext(db, org, session.userId))
      return { rows: decisions.map(rowResult), counts, columns: file.columns, mapping }
    }
    if (!Object.values(mapping).includes('email')) throw badRequest(importMessages.noEmailColumn)
    const id = randomUUID()
    const fileKey = `${id}.json`
    await files.importRows(id).put(JSON.stringify(file.rows))
    await db.memberImports.start(session.user, {
      id,
      fileName: body.fileName,
      fileKey,
      mapping,
      total: file.rows.length,
    })
    return { id, status: 'running' as const }
  },
})
