import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { keys } from './keys.ts'
import { isConditionFailure, table } from './table.ts'
import { listChanges, readVersionedList, versionedPut, withIds } from './versioned-list.ts'

/** A list item of an organization of its own, so runs never meet. */
const listKey = () => keys.campuses(`versioned-${randomUUID()}`)
const parse = (e: unknown) => e as { id: string; name: string }

describe('a list kept whole in one versioned item', () => {
  it('reads as empty at version 0 before its first save, then as saved, its version moved by each save', async () => {
    const key = listKey()
    expect(await readVersionedList(key, 'entries', parse)).toEqual({ list: [], version: 0 })
    await table.transact([versionedPut({ ...key, entries: [{ id: 'a', name: 'North' }] }, 0)])
    expect(await readVersionedList(key, 'entries', parse)).toEqual({ list: [{ id: 'a', name: 'North' }], version: 1 })
    await table.transact([versionedPut({ ...key, entries: [{ id: 'a', name: 'South' }] }, 1)])
    expect(await readVersionedList(key, 'entries', parse)).toEqual({ list: [{ id: 'a', name: 'South' }], version: 2 })
    expect((await table.get(key))?.updatedAt).toEqual(expect.any(String))
  })

  it('refuses a save over a version another save moved, and a first save over one already made', async () => {
    const key = listKey()
    await table.transact([versionedPut({ ...key, entries: [{ id: 'a', name: 'North' }] }, 0)])
    for (const stale of [0, 2]) {
      const refused = await table
        .transact([versionedPut({ ...key, entries: [{ id: 'b', name: 'Late' }] }, stale)])
        .then(
          () => undefined,
          (e: unknown) => e,
        )
      expect(isConditionFailure(refused, 0), `over version ${stale}`).toBe(true)
    }
    expect(await readVersionedList(key, 'entries', parse)).toEqual({ list: [{ id: 'a', name: 'North' }], version: 1 })
  })

  it('gives each new entry an id of its own and keeps the ids it was given', () => {
    const [kept, made, other] = withIds([{ id: 'a1', name: 'North' }, { name: 'South' }, { name: 'East' }])
    expect(kept).toEqual({ id: 'a1', name: 'North' })
    expect(made).toEqual({ id: expect.stringMatching(/^[0-9a-f]{8}$/), name: 'South' })
    expect(other!.id).not.toBe(made!.id)
  })

  it('names each entry added or changed in the audit changes, by id, and none unchanged or only moved', () => {
    const name = (e: { name: string }) => e.name
    const current = [
      { id: 'a', name: 'North' },
      { id: 'b', name: 'South' },
    ]
    expect(listChanges(current, [...current].reverse(), 'campus', name)).toEqual([])
    expect(
      listChanges(
        current,
        [
          { id: 'b', name: 'South Side' },
          { id: 'a', name: 'North' },
          { id: 'c', name: 'East' },
        ],
        'campus',
        name,
      ),
    ).toEqual([
      { field: 'campus b', before: 'South', after: 'South Side' },
      { field: 'campus c', before: null, after: 'East' },
    ])
  })
})
