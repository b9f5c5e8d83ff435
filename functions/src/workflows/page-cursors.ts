import { invalidCursor } from '@app/data'
import { openText, signText } from './signed-tokens.ts'

/**
 * The cursor of a page as the API answers it and takes it back: the data layer's cursor (the last
 * key read, base64url JSON, checked there for shape and partition) followed by a dot and its HMAC
 * with the emailed links' secret, signed under a purpose of its own (signed-tokens.ts). So a cursor
 * edited by hand, even a well-formed one inside the caller's own organization, answers 400 instead
 * of an empty or wrong page; so does one made before cursors were signed (the client pages again
 * from the start). It stays opaque and URL-safe (base64url and a dot), at one HMAC each way.
 */
const PURPOSE = 'page-cursor:'

/** The cursor to answer with a page; null (no more pages) stays null. */
export const signCursor = async (cursor: string | null): Promise<string | null> =>
  cursor === null ? null : signText(PURPOSE, cursor)

/** The data layer's cursor inside one a client sent back (none for the first page); 400 when it is not one we signed. */
export const openCursor = async (cursor: string | undefined): Promise<string | undefined> => {
  if (!cursor) return undefined
  const opened = await openText(PURPOSE, cursor)
  if (opened === undefined) throw invalidCursor()
  return opened
}
