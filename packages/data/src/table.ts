import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb'
import { config, dynamoClient, invocationScope } from '@app/adapters'
import type { IndexName } from './table-definition.ts'

export type Key = { pk: string; sk: string }
export type Item = Key & Record<string, unknown>
type Without<T, K extends string> = Omit<T, K | 'TableName'>
export type QueryInput = Without<QueryCommandInput, 'IndexName'> & { index?: IndexName }

/**
 * A projection reading only `fields` of an item, each named by a placeholder (any attribute name
 * is safe, a member id as much as a reserved word). `names` are a query's own placeholders, kept.
 */
export const projectionOf = (fields: readonly string[], names: Record<string, string> = {}) => ({
  ProjectionExpression: fields.map((_, i) => `#p${i}`).join(', '),
  ExpressionAttributeNames: { ...names, ...Object.fromEntries(fields.map((field, i) => [`#p${i}`, field])) },
})

/** Thin wrappers that fill in the table name; every module goes through these. */
export const table = {
  get name() {
    return config.tableName
  },

  /**
   * One item; only its `fields` when named (what the answer needs of it, not the whole item). Reads
   * asked for in the same turn of the event loop go together (`readTogether`): the parallel reads
   * of one step of a request cost one round trip and one request, not one each.
   */
  get(key: Key, consistent = true, fields?: readonly string[]): Promise<Record<string, unknown> | undefined> {
    return readTogether(key, consistent, fields)
  },

  /**
   * Items by key, read consistently, in the keys' order (undefined where none), together with the
   * other reads of this turn. With `fields`, only those of each item and `pk` and `sk` (they place
   * the answers).
   */
  getMany(keys: Key[], fields?: readonly string[]): Promise<(Record<string, unknown> | undefined)[]> {
    const read = fields ? [...new Set(['pk', 'sk', ...fields])] : undefined
    return Promise.all(keys.map((k) => readTogether({ pk: k.pk, sk: k.sk }, true, read)))
  },

  async put(item: Item, extra: Without<PutCommandInput, 'Item'> = {}) {
    await dynamoClient().send(new PutCommand({ TableName: table.name, Item: item, ...extra }))
  },

  async update(key: Key, input: Without<UpdateCommandInput, 'Key'>) {
    const out = await dynamoClient().send(new UpdateCommand({ TableName: table.name, Key: key, ...input }))
    return out.Attributes
  },

  async delete(key: Key, extra: Without<DeleteCommandInput, 'Key'> = {}) {
    const out = await dynamoClient().send(new DeleteCommand({ TableName: table.name, Key: key, ...extra }))
    return out.Attributes
  },

  async query(input: QueryInput): Promise<{ items: Record<string, unknown>[]; cursor?: Record<string, unknown> }> {
    const { index, ...rest } = input
    const out = await dynamoClient().send(new QueryCommand({ TableName: table.name, IndexName: index, ...rest }))
    return { items: out.Items ?? [], cursor: out.LastEvaluatedKey }
  },

  /** The number of items a query matches, without reading them out. */
  async count(input: QueryInput): Promise<number> {
    let total = 0
    let cursor: Record<string, unknown> | undefined
    do {
      const { index, ...rest } = input
      const out = await dynamoClient().send(
        new QueryCommand({
          TableName: table.name,
          IndexName: index,
          ...rest,
          Select: 'COUNT',
          ExclusiveStartKey: cursor,
        }),
      )
      total += out.Count ?? 0
      cursor = out.LastEvaluatedKey
    } while (cursor)
    return total
  },

  /** Every page of a query; for bounded sets only (an organization's members, a user's sessions). */
  async queryAll(input: QueryInput): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = []
    let cursor: Record<string, unknown> | undefined
    do {
      const page = await table.query({ ...input, ExclusiveStartKey: cursor })
      items.push(...page.items)
      cursor = page.cursor
    } while (cursor)
    return items
  },

  /** Every item of partition `pk` whose sort key begins with `prefix` (all pages; bounded sets only). */
  queryPrefix(pk: string, prefix: string, options: Omit<QueryInput, 'KeyConditionExpression'> = {}) {
    return table.queryAll({
      ...options,
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ...options.ExpressionAttributeValues, ':p': pk, ':s': prefix },
    })
  },

  /** Puts many items, 25 to a request, retrying what DynamoDB leaves unprocessed (seeding). */
  async putMany(items: Item[], concurrency = 4) {
    await writeMany(
      items.map((Item) => ({ PutRequest: { Item } })),
      concurrency,
    )
  },

  /** Deletes many items by key, 25 to a request (an organization's erasure); absent ones are no error. */
  async deleteMany(keys: Key[], concurrency = 4) {
    const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, { pk: k.pk, sk: k.sk }])).values()]
    await writeMany(
      unique.map((Key) => ({ DeleteRequest: { Key } })),
      concurrency,
    )
  },

  /**
   * Deletes items one DeleteItem each, `concurrency` at a time; absent ones are no error. For an
   * organization's audit trail (its erasure): the erasure job's role may delete audit
   * records only this way, never in a batch, which could also put (infra, `auditEraseOnly`).
   */
  async deleteEach(keys: Key[], concurrency = 16) {
    const queue = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, { pk: k.pk, sk: k.sk }])).values()]
    const worker = async () => {
      for (let Key = queue.shift(); Key; Key = queue.shift())
        await dynamoClient().send(new DeleteCommand({ TableName: table.name, Key }))
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
  },

  /**
   * One transaction. A cancellation caused by a concurrent transaction on the same items (which the
   * SDK does not retry) is tried again a few times; our own conditions failing is never retried.
   */
  async transact(items: TransactInput[]) {
    const command = new TransactWriteCommand({ TransactItems: items.map((i) => withTable(i)) })
    for (let attempt = 1; ; attempt++) {
      try {
        await dynamoClient().send(command)
        return
      } catch (e) {
        if (attempt >= 4 || !isTransactionConflict(e)) throw e
        await new Promise((r) => setTimeout(r, 20 * 2 ** attempt + Math.random() * 20))
      }
    }
  },
}

/** One read waiting for this turn's batch: its item, the fields it wants (all when none), its answer to give. */
interface Asked {
  key: Key
  fields?: readonly string[]
  answer: (item: Record<string, unknown> | undefined) => void
  fail: (e: unknown) => void
}
/** This turn's reads of each invocation, by consistency (the local stack runs several invocations in one process; Lambda one). */
const waiting = new WeakMap<object, Map<boolean, Asked[]>>()
const LAMBDA = {}

const readTogether = (key: Key, consistent: boolean, fields?: readonly string[]) =>
  new Promise<Record<string, unknown> | undefined>((answer, fail) => {
    const scope = invocationScope() ?? LAMBDA
    let turn = waiting.get(scope)
    if (!turn) {
      const reads = (turn = new Map())
      waiting.set(scope, reads)
      setImmediate(() => {
        waiting.delete(scope)
        for (const [consistentRead, asked] of reads) void send(consistentRead, asked)
      })
    }
    const asked = turn.get(consistent) ?? []
    turn.set(consistent, asked)
    asked.push({ key, fields, answer, fail })
  })

const idOf = (k: Record<string, unknown>) => `${String(k.pk)}\u0000${String(k.sk)}`

/** Only `fields` of an item (all of it when none are named), as a projection would read it. */
const picked = (item: Record<string, unknown>, fields?: readonly string[]) =>
  fields ? Object.fromEntries(fields.filter((f) => f in item).map((f) => [f, item[f]])) : item

/**
 * A read alone is a GetItem; several, one BatchGetItem (100 keys to a request, what DynamoDB
 * leaves unprocessed asked for again) projected to the fields they want together (whole items when
 * one wants all: read capacity counts whole items either way), each answer left as its own
 * GetItem would give it. Should DynamoDB refuse a batch's request (a key it cannot take), each read
 * is sent alone, so one bad key fails its own read only, as a GetItem would.
 */
const send = async (consistent: boolean, asked: Asked[]) => {
  const alone = ({ key, fields, answer, fail }: Asked) => void getItem(key, consistent, fields).then(answer, fail)
  if (asked.length === 1) return alone(asked[0]!)
  const fields = asked.every((a) => a.fields)
    ? [...new Set(['pk', 'sk', ...asked.flatMap((a) => a.fields!)])]
    : undefined
  try {
    const found = await batchGet(
      asked.map((a) => a.key),
      consistent,
      fields,
    )
    const given = new Set<string>()
    for (const { key, fields: own, answer } of asked) {
      const id = idOf(key)
      const item = found.get(id)
      const mine = item && picked(item, own)
      // Two reads of one item each get their own copy.
      answer(mine && given.has(id) ? structuredClone(mine) : mine)
      given.add(id)
    }
  } catch (e) {
    if ((e as { name?: string }).name === 'ValidationException') asked.forEach(alone)
    else for (const a of asked) a.fail(e)
  }
}

const getItem = async (key: Key, consistent: boolean, fields?: readonly string[]) =>
  (
    await dynamoClient().send(
      new GetCommand({
        TableName: table.name,
        Key: key,
        ConsistentRead: consistent,
        ...(fields ? projectionOf(fields) : {}),
      }),
    )
  ).Item

/** The items found of `keys` (with `fields`, only those: `pk` and `sk` among them), by `idOf`. */
const batchGet = async (keys: Key[], consistent: boolean, fields?: readonly string[]) => {
  const found = new Map<string, Record<string, unknown>>()
  const unique = [...new Map(keys.map((k) => [idOf(k), { pk: k.pk, sk: k.sk }])).values()]
  const chunks: Key[][] = []
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100))
  await Promise.all(
    chunks.map(async (chunk) => {
      let asked = chunk
      for (let attempt = 0; asked.length; attempt++) {
        if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)))
        const out = await dynamoClient().send(
          new BatchGetCommand({
            RequestItems: {
              [table.name]: { Keys: asked, ConsistentRead: consistent, ...(fields ? projectionOf(fields) : {}) },
            },
          }),
        )
        for (const item of out.Responses?.[table.name] ?? []) found.set(idOf(item), item)
        asked = (out.UnprocessedKeys?.[table.name]?.Keys ?? []) as Key[]
      }
    }),
  )
  return found
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } }
/** Batch writes, 25 to a request, `concurrency` at a time, retrying what DynamoDB leaves unprocessed. */
const writeMany = async (all: WriteRequest[], concurrency: number) => {
  const batches: WriteRequest[][] = []
  for (let i = 0; i < all.length; i += 25) batches.push(all.slice(i, i + 25))
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let requests = batch
      for (let attempt = 0; requests.length; attempt++) {
        if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)))
        const out = await dynamoClient().send(new BatchWriteCommand({ RequestItems: { [table.name]: requests } }))
        requests = (out.UnprocessedItems?.[table.name] ?? []) as WriteRequest[]
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number]
/** A transaction entry without the table name, which `transact` fills in. */
export type TransactInput = { [K in keyof TransactItem]?: Omit<NonNullable<TransactItem[K]>, 'TableName'> }
const withTable = (item: TransactInput): TransactItem => {
  const [kind, body] = Object.entries(item)[0] as [keyof TransactItem, Record<string, unknown>]
  return { [kind]: { TableName: table.name, ...body } } as TransactItem
}

const isTransactionConflict = (e: unknown) =>
  e instanceof Error &&
  e.name === 'TransactionCanceledException' &&
  !isConditionFailure(e) &&
  ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some(
    (r) => r.Code === 'TransactionConflict',
  )

/** True when a conditional write (alone or inside a transaction) failed its condition. */
export const isConditionFailure = (e: unknown, reasonIndex?: number): boolean => {
  if (!(e instanceof Error)) return false
  if (e.name === 'ConditionalCheckFailedException') return true
  if (e.name !== 'TransactionCanceledException') return false
  const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []
  return reasonIndex === undefined
    ? reasons.some((r) => r.Code === 'ConditionalCheckFailed')
    : reasons[reasonIndex]?.Code === 'ConditionalCheckFailed'
}

export const nowIso = () => new Date().toISOString()
export const epochSeconds = (ms = Date.now()) => Math.floor(ms / 1000)
