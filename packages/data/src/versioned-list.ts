import { randomUUID } from 'node:crypto'
import { nowIso, table, type Key } from './table.ts'

/**
 * An organization's list kept whole in one item (its ministries and funds, its campuses), with a
 * `version` each save moves: a save is conditioned on the version it read, so of two saves at the
 * same moment the second fails its condition instead of overwriting the first. An entry is never
 * keyed by position: each has an `id`, which the audit trail names.
 */

/** The list stored under `field` (none before the first save), parsed entry by entry, and its version (0 before). */
export const readVersionedList = async <T>(key: Key, field: string, parse: (entry: unknown) => T) => {
  const item = await table.get(key)
  return {
    list: ((item?.[field] as unknown[] | undefined) ?? []).map(parse),
    version: Number(item?.version ?? 0),
  }
}

/** The entries of a save, each new one (without an id) given its id: 8 hexadecimal characters. */
export const withIds = <T extends { id?: string }>(entries: readonly T[]) =>
  entries.map((e) => ({ ...e, id: e.id ?? randomUUID().slice(0, 8) }))

/**
 * The audit changes of saving `next` over `current`: one per entry added or changed, named
 * `${label} ${id}`, with each side as `describe` reads it (null for an entry that was not there).
 */
export const listChanges = <T extends { id: string }>(
  current: readonly T[],
  next: readonly T[],
  label: string,
  describe: (entry: T) => string,
) => {
  const before = new Map(current.map((e) => [e.id, e]))
  return next.flatMap((e) => {
    const was = before.get(e.id)
    return was && describe(was) === describe(e)
      ? []
      : [{ field: `${label} ${e.id}`, before: was ? describe(was) : null, after: describe(e) }]
  })
}

/** The transaction's Put of the list's item over `version`, the one read: it fails its condition when another save came first. */
export const versionedPut = (item: Key & Record<string, unknown>, version: number) => ({
  Put: {
    Item: { ...item, version: version + 1, updatedAt: nowIso() },
    ConditionExpression: version ? 'version = :v' : 'attribute_not_exists(pk)',
    ...(version ? { ExpressionAttributeValues: { ':v': version } } : {}),
  },
})
