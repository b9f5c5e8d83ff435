import * as z from 'zod'
import { ImportCounts, ImportMapping, ImportReasonKey } from '../member-import.ts'
import { namedText } from '../text-schemas.ts'

/**
 * The largest file an import takes: 3 MB (about 20,000 rows of a directory export), 4 MB as
 * base64 in the request; well within API Gateway's 10 MB and Lambda's 6 MB request payloads.
 */
export const IMPORT_MAX_BYTES = 3 * 1024 * 1024
/** The most rows one import takes. */
export const IMPORT_MAX_ROWS = 10_000

export const importMessages = {
  notBase64: 'The file must be sent as base64',
  tooLarge: 'The file is larger than 3 MB',
  notCsvOrXlsx: 'The file must be a CSV or an Excel (.xlsx) file',
  empty: 'The file has no rows under its title row',
  tooManyRows: 'The file has more than 10,000 rows',
  unknownColumn: 'The mapping names a column the file does not have: {{column}}',
  fieldTwice: 'Two columns are mapped to the same field: {{field}}',
  fullNameAndParts: 'Map either one column to the full name or columns to the first and last name, not both',
  noEmailColumn: 'Map a column to email: members are matched by their email',
} as const

/** POST /api/employees/imports. */
export const MemberImportRequest = z.object({
  fileName: namedText('fileName', 255),
  content: z
    .string({ error: importMessages.notBase64 })
    .max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 4, importMessages.tooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, importMessages.notBase64),
  /** Column title to our field; absent: the remembered mapping, then the first guess. */
  mapping: ImportMapping.optional(),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(true),
})
export type MemberImportRequest = z.infer<typeof MemberImportRequest>

export const ImportRowStatus = z.enum(['new', 'unchanged', 'updated', 'refused'])

/**
 * A row's outcome: its reason in English words, and its key and parameters for the reader's language.
 * A new or updated row also gives the names it sets (split from a full name column, they show the
 * supervisor what will be made before the import starts).
 */
export const ImportRowResult = z.object({
  line: z.number().int(),
  status: ImportRowStatus,
  reason: z.string().nullable(),
  key: ImportReasonKey.nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
})
export type ImportRowResult = z.infer<typeof ImportRowResult>

/** The preview (dryRun): each row's outcome and the counts, with the file's columns and the mapping used. */
export const ImportPreview = z.object({
  rows: z.array(ImportRowResult),
  counts: ImportCounts,
  columns: z.array(z.string()),
  mapping: ImportMapping,
})
export type ImportPreview = z.infer<typeof ImportPreview>

export const ImportStarted = z.object({ id: z.string(), status: z.literal('running') })
export type ImportStarted = z.infer<typeof ImportStarted>

export const ImportState = z.enum(['running', 'done', 'failed'])
export type ImportState = z.infer<typeof ImportState>

/**
 * GET /api/employees/imports/{id}. `credentialsUrl`: the new members' usernames and temporary
 * passwords, a 15-minute link given by the first read after the import is done and never again
 * (null before, and after); `credentialsIssued` says it was given.
 */
export const ImportStatus = z.object({
  status: ImportState,
  done: z.number().int(),
  total: z.number().int(),
  counts: ImportCounts,
  credentialsUrl: z.string().nullable(),
  credentialsIssued: z.boolean(),
  refused: z.array(ImportRowResult),
  fileName: z.string(),
})
export type ImportStatus = z.infer<typeof ImportStatus>

export const ImportId = z.object({ id: z.uuid({ error: 'Invalid import id' }) })
