import { decodeCursor, encodeCursor, invalidCursor } from './cursor.ts'
import { table, type QueryInput } from './table.ts'
import type { IndexName } from './table-definition.ts'

/** The key attributes of the table itself (no index) or of one of its indexes. */
export const keyAttributes = (index: IndexName | undefined) =>
  index ? { partition: `${index}pk`, sort: `${index}sk` } : { partition: 'pk', sort: 'sk' }

/**
 * One page of a query, newest first, behind an opaque cursor. A filter drops items after
 * DynamoDB's `Limit`, so reads go on until the page is full or the partition ends (a short page
 * is the end); a read that went past the page ends it at the last item kept, so the next page
 * starts right after it. `partition` is the value the query's partition key must have and
 * `tablePartition` the `pk` its items sit in: a cursor from anywhere else is refused.
 */
export async function queryPage(
  query: Omit<QueryInput, 'Limit' | 'ExclusiveStartKey' | 'ScanIndexForward'>,
  page: { partition: string; tablePartition: string; cursor?: string; limit?: number },
): Promise<{ items: Record<string, unknown>[]; cursor: string | null }> {
  const limit = page.limit ?? 50
  const { partition: attribute, sort: sortAttribute } = keyAttributes(query.index)
  const items: Record<string, unknown>[] = []
  let cursor: Record<string, unknown> | undefined = decodeCursor(page.cursor, {
    attribute,
    value: page.partition,
    sortAttribute,
    tablePartition: page.tablePartition,
  })
  let first = true
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
    items.push(...read.items)
    cursor = read.cursor
  } while (cursor && items.length < limit)
  if (items.length > limit) {
    items.length = limit
    const last = items[limit - 1]!
    cursor = { pk: last.pk, sk: last.sk, [attribute]: last[attribute], [sortAttribute]: last[sortAttribute] }
  }
  return { items, cursor: encodeCursor(cursor) }
}
