import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { withEnvironment } from '@app/adapters'
import { table, type Key } from './table.ts'
import { commandsDuring } from './testing.ts'

/** Items of a partition of their own, each with a few fields. */
const stored = async (n: number) => {
  const pk = `READTEST#${randomUUID()}`
  const items = Array.from({ length: n }, (_, i) => ({
    pk,
    sk: `ITEM#${String(i).padStart(4, '0')}`,
    n: i,
    name: `item ${i}`,
    nested: { list: [i] },
  }))
  await table.putMany(items)
  return { pk, items, key: (i: number): Key => ({ pk, sk: items[i]!.sk }) }
}

const alone = async <T>(read: () => Promise<T>) => {
  let answer: T | undefined
  const sent = await commandsDuring(async () => {
    answer = await read()
  })
  return { answer: answer!, sent: sent.map((c) => c.name) }
}

describe('reads asked for in the same turn', () => {
  it('go as one BatchGetItem, projected or not, and answer each read as its own GetItem would', async () => {
    const { key, items } = await stored(3)
    const missing = { pk: key(0).pk, sk: 'ITEM#none' }
    const together = await alone(() =>
      Promise.all([
        table.get(key(0)),
        table.get(key(1)),
        table.get(missing),
        table.get(key(2), true, ['name']),
        table.get(key(1), true, ['name']),
      ]),
    )
    expect(together.sent).toEqual(['BatchGetCommand'])
    const each = [
      await table.get(key(0)),
      await table.get(key(1)),
      await table.get(missing),
      await table.get(key(2), true, ['name']),
      await table.get(key(1), true, ['name']),
    ]
    expect(together.answer).toEqual(each)
    expect(together.answer[0]).toEqual(items[0])
    // A projected read answers only its fields, batched or not.
    expect(together.answer[3]).toEqual({ name: 'item 2' })
  })

  it('reads projected items alone together, by the fields they want between them', async () => {
    const { key } = await stored(2)
    const { answer, sent } = await alone(() =>
      Promise.all([table.get(key(0), true, ['name']), table.get(key(1), true, ['n', 'pk'])]),
    )
    expect(sent).toEqual(['BatchGetCommand'])
    expect(answer).toEqual([{ name: 'item 0' }, { n: 1, pk: key(1).pk }])
  })

  it('answers a read alone with a GetItem', async () => {
    const { key, items } = await stored(1)
    expect(await alone(() => table.get(key(0)))).toEqual({ answer: items[0], sent: ['GetCommand'] })
  })

  it('gives two reads of one item their own copies', async () => {
    const { key } = await stored(2)
    const [a, b] = await Promise.all([table.get(key(0)), table.get(key(0)), table.get(key(1))])
    expect(a).toEqual(b)
    ;(a!.nested as { list: number[] }).list.push(99)
    expect(b!.nested).toEqual({ list: [0] })
  })

  it('sends 100 keys to a request, and reads of another consistency apart', async () => {
    const { key, items } = await stored(230)
    const { answer, sent } = await alone(() =>
      Promise.all([...items.map((_, i) => table.get(key(i))), table.get(key(0), false), table.get(key(1), false)]),
    )
    expect(sent).toEqual(['BatchGetCommand', 'BatchGetCommand', 'BatchGetCommand', 'BatchGetCommand'])
    expect(answer.slice(0, 230)).toEqual(items)
    expect(answer.slice(230)).toEqual([items[0], items[1]])
  })

  it('keeps getMany’s order and its keys on projected items', async () => {
    const { key } = await stored(3)
    const { answer, sent } = await alone(() =>
      table.getMany([key(2), { pk: key(0).pk, sk: 'ITEM#none' }, key(0)], ['n']),
    )
    expect(sent).toEqual(['BatchGetCommand'])
    expect(answer).toEqual([{ pk: key(2).pk, sk: key(2).sk, n: 2 }, undefined, { pk: key(0).pk, sk: key(0).sk, n: 0 }])
  })

  it('fails only the read whose key DynamoDB refuses', async () => {
    const { key, items } = await stored(2)
    const bad = { pk: key(0).pk, sk: '' }
    const [a, refused, b] = await Promise.allSettled([table.get(key(0)), table.get(bad), table.get(key(1))])
    expect(a).toEqual({ status: 'fulfilled', value: items[0] })
    expect(b).toEqual({ status: 'fulfilled', value: items[1] })
    expect(refused).toMatchObject({ status: 'rejected', reason: { name: 'ValidationException' } })
  })

  it("never joins two invocations' reads (the local stack runs them in one process)", async () => {
    const { key } = await stored(2)
    const env = { ...process.env }
    const { sent } = await alone(() =>
      Promise.all([
        withEnvironment(env, () => Promise.all([table.get(key(0)), table.get(key(1))])),
        withEnvironment(env, () => Promise.all([table.get(key(0)), table.get(key(1))])),
      ]),
    )
    expect(sent).toEqual(['BatchGetCommand', 'BatchGetCommand'])
  })
})
