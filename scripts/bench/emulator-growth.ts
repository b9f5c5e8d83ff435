/**
 * npx tsx scripts/bench/emulator-growth.ts [--small 12000] [--large 64000] [--seconds 3]
 *
 * DynamoDB Local alone, as an organization's partition grows: the calls an approval makes, timed at
 * 20 in flight against a partition of `small` timesheet-shaped items, then again after it grew to
 * `large` (the API bench's two organizations hold about 12,000 and 64,000 items). Each item has the
 * timesheets' three index keys; a fifth are pending. What it prints says whether a call's time
 * depends on the partition's or an index's size in the emulator itself, apart from our code: on
 * DynamoDB a key's read or write does not.
 */
import { parseArgs } from 'node:util'
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb'
import { markdownTable } from './report.ts'
import { fmt, loadAverages, mapLimit, quantile } from './stats.ts'
import { onLoneEmulator } from './lone-emulator.ts'
import { runMain } from './run-main.ts'

const { values } = parseArgs({
  options: {
    small: { type: 'string', default: '12000' },
    large: { type: 'string', default: '64000' },
    seconds: { type: 'string', default: '3' },
  },
})
const [small, large, seconds] = [Number(values.small), Number(values.large), Number(values.seconds)]
const connections = 20
const TABLE = 'growth'
const ORG = 'ORG#growth'
const log = (message: string) => process.stderr.write(`emulator growth: ${message}\n`)

const week = (i: number) => new Date(Date.UTC(2026, 0, 5) + (i % 52) * 7 * 86_400_000).toISOString().slice(0, 10)
const status = (i: number) => (i % 5 === 0 ? 'pending' : 'approved')
/** A timesheet-shaped item: its keys, its three index keys, seven days of times (about 1 KB). */
const item = (i: number) => ({
  pk: ORG,
  sk: `TS#${String(i).padStart(8, '0')}`,
  gsi1pk: `${ORG}#EMP#${i % 1000}`,
  gsi1sk: `${week(i)}#${i}`,
  gsi2pk: `${ORG}#TIMESHEETS`,
  gsi2sk: `${week(i)}#${i}`,
  gsi3pk: `${ORG}#STATUS#${status(i)}`,
  gsi3sk: `${week(i)}#${i}`,
  status: status(i),
  version: 1,
  days: Array.from({ length: 7 }, (_, d) => ({ day: d, start: '09:00', end: '17:00', breakMinutes: 30, note: '' })),
})

const seed = async (db: DynamoDBDocumentClient, from: number, to: number) => {
  const batches: number[][] = []
  for (let i = from; i < to; i += 25) batches.push(Array.from({ length: Math.min(25, to - i) }, (_, k) => i + k))
  await mapLimit(batches, 8, async (ids) => {
    let requests = ids.map((i) => ({ PutRequest: { Item: item(i) } }))
    while (requests.length) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } }))
      requests = (out.UnprocessedItems?.[TABLE] ?? []) as typeof requests
    }
  })
}

/** `call` at `connections` in flight for `seconds`: its p50 and p99 in ms. */
const timed = async (call: (n: number) => Promise<unknown>) => {
  const latencies: number[] = []
  const end = performance.now() + seconds * 1000
  let n = 0
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now()
        await call(n++)
        latencies.push(performance.now() - started)
      }
    }),
  )
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), calls: latencies.length }
}

type Row = [string, () => Promise<{ p50: number; p99: number; calls: number }>]

/** The calls of an approval, each alone; `size` items in the partition, `next` the first pending id not yet decided. */
const measure = async (db: DynamoDBDocumentClient, size: number, next: { id: number }) => {
  const key = (i: number) => ({ pk: ORG, sk: `TS#${String(i).padStart(8, '0')}` })
  const pendingId = () => {
    while (next.id % 5 !== 0) next.id++
    const id = next.id
    next.id++
    return id
  }
  const at = (n: number) => (n * 7919) % size
  const rows: Row[] = [
    [
      'GetItem (consistent)',
      () => timed((n) => db.send(new GetCommand({ TableName: TABLE, Key: key(at(n)), ConsistentRead: true }))),
    ],
    [
      'BatchGetItem of 4 (consistent)',
      () =>
        timed((n) =>
          db.send(
            new BatchGetCommand({
              RequestItems: { [TABLE]: { Keys: [0, 1, 2, 3].map((k) => key(at(n + k * 13))), ConsistentRead: true } },
            }),
          ),
        ),
    ],
    ...['AUDIT#', 'WEBHOOK#'].map((prefix): Row => [
      `Query of an empty prefix sorting ${prefix < 'TS#' ? 'before' : 'after'} the items (${prefix})`,
      () =>
        timed(() =>
          db.send(
            new QueryCommand({
              TableName: TABLE,
              KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
              ExpressionAttributeValues: { ':p': ORG, ':s': prefix },
            }),
          ),
        ),
    ]),
    [
      'UpdateItem, no index key changed',
      () =>
        timed((n) =>
          db.send(
            new UpdateCommand({
              TableName: TABLE,
              Key: key(at(n)),
              UpdateExpression: 'SET version = version + :one',
              ExpressionAttributeValues: { ':one': 1 },
            }),
          ),
        ),
    ],
    [
      'TransactWriteItems: a pending week approved (an index key changed), a shared counter, a new record',
      () =>
        timed((n) => {
          const id = pendingId()
          return db.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName: TABLE,
                    Key: key(id),
                    UpdateExpression: 'SET #s = :a, gsi3pk = :k',
                    ConditionExpression: '#s = :p',
                    ExpressionAttributeNames: { '#s': 'status' },
                    ExpressionAttributeValues: { ':a': 'approved', ':k': `${ORG}#STATUS#approved`, ':p': 'pending' },
                  },
                },
                {
                  Update: {
                    TableName: TABLE,
                    Key: { pk: ORG, sk: `COUNT#${n % connections}` },
                    UpdateExpression: 'ADD approved :one',
                    ExpressionAttributeValues: { ':one': 1 },
                  },
                },
                { Put: { TableName: TABLE, Item: { pk: ORG, sk: `RECORD#${size}#${n}`, what: 'approved' } } },
              ],
            }),
          )
        }),
    ],
  ]
  const out: Record<string, { p50: number; p99: number; calls: number }> = {}
  for (const [name, run] of rows) {
    await run() // warm-up
    out[name] = await run()
    log(`${size} items: ${name} p50 ${fmt(out[name].p50)} ms`)
  }
  return out
}

const main = () =>
  onLoneEmulator('emulator-growth', TABLE, async (db) => {
    log(`seeding ${small} items`)
    await seed(db, 0, small)
    const smallRun = await measure(db, small, { id: 0 })
    log(`growing to ${large} items`)
    await seed(db, small, large)
    const largeRun = await measure(db, large, { id: small })
    console.log(
      markdownTable({
        title: `DynamoDB Local alone, ${connections} calls in flight, ${seconds} s each: one partition of ${small} and of ${large} items`,
        head: ['call', `p50 / p99 ms at ${small}`, `p50 / p99 ms at ${large}`, 'p50 growth'],
        numeric: [1, 2, 3],
        rows: Object.keys(smallRun).map((name) => [
          name,
          `${fmt(smallRun[name]!.p50)} / ${fmt(smallRun[name]!.p99)}`,
          `${fmt(largeRun[name]!.p50)} / ${fmt(largeRun[name]!.p99)}`,
          `${fmt(largeRun[name]!.p50 / smallRun[name]!.p50, 2)}×`,
        ]),
        notes: [`Load average ${loadAverages()} at the end.`],
      }),
    )
  })

void runMain(main, log)
