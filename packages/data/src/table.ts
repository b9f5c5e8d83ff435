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
import { config, dynamoClient } from '@app/adapters'
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

  /** One item; only its `fields` when named (what the answer needs of it, not the whole item). */
  async get(key: Key, consistent = true, fields?: readonly string[]): Promise<Record<string, unknown> | undefined> {
    const out = await dynamoClient().send(
      new GetCommand({
        TableName: table.name,
        Key: key,
        ConsistentRead: consistent,
        ...(fields ? projectionOf(fields) : {}),
      }),
    )
    return out.Item
  },

  /**
   * Items by key in one BatchGetItem (at most 100 keys), read consistently, in the keys' order
   * (undefined where none); what DynamoDB leaves unprocessed is asked for again. With `fields`,
   * only those of each item (`pk` and `sk` are always read: they place the answers).
   */
  async getMany(keys: Key[], fields?: readonly string[]): Promise<(Record<string, unknown> | undefined)[]> {
    const id = (k: Record<string, unknown>) => `${String(k.pk)}\u0000${String(k.sk)}`
    const found = new Map<string, Record<string, unknown>>()
    let asked = [...new Map(keys.map((k) => [id(k), { pk: k.pk, sk: k.sk }])).values()]
    for (let attempt = 0; asked.length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)))
      const out = await dynamoClient().send(
        new BatchGetCommand({
          RequestItems: {
            [table.name]: {
              Keys: asked,
              ConsistentRead: true,
              ...(fields ? projectionOf([...new Set(['pk', 'sk', ...fields])]) : {}),
            },
          },
        }),
      )
      for (const item of out.Responses?.[table.name] ?? []) found.set(id(item), item)
      asked = (out.UnprocessedKeys?.[table.name]?.Keys ?? []) as Key[]
    }
    return keys.map((k) => found.get(id(k)))
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
