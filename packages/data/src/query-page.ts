import { decodeCursor, encodeCursor, invalidCursor } from './cursor.ts'
import { table, type QueryInput } from './table.ts'
import type { IndexName } from './table-definition.ts'

/** The key attributes of the table itself (no index) or of one of its indexes. */
export const keyAttributes = (index: IndexName | undefined) =>
  index ? { partition: `${index}pk`, sort: `${index}sk` } : { partition: 'pk', sort: 'sk' }

/**
 * How many reads one page may cost when `keep` drops items (a campus admin's page in a church
 * whose other campuses hold most of the list): past it the page ends short, at the last item
 * read, and its cursor goes on from there, so a request's time stays bounded and nothing is skipped.
 */
export const MAX_KEPT_READS = 10

/** What a caller asks of a page: where it starts (the last page's cursor), how long it is, and which items it keeps. */
export interface PageOptions<T> {
  cursor?: string
  limit?: number
  keep?: (item: T) => boolean
}

/**
 * One page of a query, newest first, behind an opaque cursor. A filter (DynamoDB's, or `keep`,
 * ours, for what a key cannot say, such as a member's campus) drops items after DynamoDB's
 * `Limit`, so reads go on until the page is full or the partition ends; a read that went past the
 * page ends it at the last item kept, so the next page starts right after it. `partition` is the
 * value the query's partition key must have and `tablePartition` the `pk` its items sit in: a
 * cursor from anywhere else is refused. Items are answered as `parse` reads them, and `keep` sees
 * them so (the cursor is made of the stored item's keys, which `parse` may drop).
 */
export async function queryPage<T>(
  query: Omit<QueryInput, 'Limit' | 'ExclusiveStartKey' | 'ScanIndexForward'>,
  page: PageOptions<T> & {
    partition: string
    tablePartition: string
    parse: (item: Record<string, unknown>) => T
  },
): Promise<{ items: T[]; cursor: string | null }> {
  const limit = page.limit ?? 50
  const { parse, keep } = page
  const { partition: attribute, sort: sortAttribute } = keyAttributes(query.index)
  const items: Record<string, unknown>[] = []
  let cursor: Record<string, unknown> | undefined = decodeCursor(page.cursor, {
    attribute,
    value: page.partition,
    sortAttribute,
    tablePartition: page.tablePartition,
  })
  let first = true
  let reads = 0
  do {
    const read = await table
      .query({ ...query, ScanIndexForward: false, Limit: limit, ExclusiveStartKey: cursor })
      .catch((e: unknown) => {
        // The caller's own cursor outside the query's range (a page of other dates): DynamoDB
        // refuses the start key, which is a bad request, not our failure.
        if (first && cursor && e instanceof Error && e.name === 'ValidationException') throw invalidCursor()
        throw e
      })
    first = false
    reads += 1
    items.push(...(keep ? read.items.filter((i) => keep(parse(i))) : read.items))
    cursor = read.cursor
  } while (cursor && items.length < limit && (!keep || reads < MAX_KEPT_READS))
  if (items.length > limit) {
    items.length = limit
    const last = items[limit - 1]!
    cursor = { pk: last.pk, sk: last.sk, [attribute]: last[attribute], [sortAttribute]: last[sortAttribute] }
  }
  return { items: items.map(parse), cursor: encodeCursor(cursor) }
}
