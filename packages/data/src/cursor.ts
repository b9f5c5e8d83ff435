import { badRequest } from '@app/core'

/** Opaque page cursors: the last key, base64url JSON, checked to stay inside the caller's partition. */
export const encodeCursor = (key: Record<string, unknown> | undefined) =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null

export const decodeCursor = (cursor: string | undefined, partition: { attribute: string; value: string }) => {
  if (!cursor) return undefined
  let key: unknown
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw badRequest('Invalid page cursor', { cursor: 'Invalid page cursor' })
  }
  const valid =
    typeof key === 'object' &&
    key !== null &&
    !Array.isArray(key) &&
    Object.values(key).every((v) => typeof v === 'string') &&
    (key as Record<string, string>)[partition.attribute] === partition.value
  if (!valid) throw badRequest('Invalid page cursor', { cursor: 'Invalid page cursor' })
  return key as Record<string, string>
}
