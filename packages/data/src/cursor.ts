import { badRequest } from '@app/core'

/** Opaque page cursors: the last key, base64url JSON, checked to stay inside the caller's partition. */
export const encodeCursor = (key: Record<string, unknown> | undefined) =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null

export const invalidCursor = () => badRequest('Invalid page cursor', { cursor: 'Invalid page cursor' })
const invalid = invalidCursor

/**
 * A cursor must be exactly a key of the index being read (table keys plus the index's keys, all
 * strings) inside the caller's own partition; anything else is refused before DynamoDB sees it.
 */
export const decodeCursor = (
  cursor: string | undefined,
  partition: { attribute: string; value: string; sortAttribute: string; tablePartition: string },
) => {
  if (!cursor) return undefined
  let key: unknown
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw invalid()
  const record = key as Record<string, unknown>
  // A query of the table itself names pk and sk twice: its cursor is just those two.
  const expected = [...new Set(['pk', 'sk', partition.attribute, partition.sortAttribute])].sort()
  const valid =
    JSON.stringify(Object.keys(record).sort()) === JSON.stringify(expected) &&
    Object.values(record).every((v) => typeof v === 'string' && v.length > 0 && v.length < 512) &&
    record[partition.attribute] === partition.value &&
    record.pk === partition.tablePartition
  if (!valid) throw invalid()
  return record as Record<string, string>
}
