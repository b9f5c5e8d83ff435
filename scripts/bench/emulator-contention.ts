/**
 * npx tsx scripts/bench/emulator-contention.ts [--seconds 5]
 *
 * DynamoDB Local alone: does a read wait for the transactions writing the items it reads? An
 * approval's first batch reads the organization's head and routing item, which every concurrent
 * approval's transaction writes. Times a consistent BatchGetItem of five items, 10 in flight: first
 * alone, then beside 10 transactions in flight that write two of those five items (as approvals
 * write the head and the routing item), then beside 10 that write two other items. On DynamoDB a
 * read does not wait for another request's transaction.
 */
import { parseArgs } from 'node:util'
import { BatchGetCommand, BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb'
import { markdownTable } from './report.ts'
import { fmt, loadAverages, quantile } from './stats.ts'
import { onLoneEmulator } from './lone-emulator.ts'
import { runMain } from './run-main.ts'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } })
const seconds = Number(values.seconds)
const inFlight = 10
const TABLE = 'contention'
const ORG = 'ORG#contention'
const log = (message: string) => process.stderr.write(`emulator contention: ${message}\n`)
const key = (sk: string) => ({ pk: ORG, sk })

/** What the batch reads: two items the approvals write (head, routing), three they do not. */
const READ = ['STATS#timesheets', 'STATS#routing', 'TIMEOFF#POLICIES', 'WEBHOOKCOUNT', 'TS#00000001']

/** `call` with `inFlight` in flight until `until` resolves; p50 and p99 in ms. */
const loop = async (call: (n: number) => Promise<unknown>, until: () => boolean) => {
  const latencies: number[] = []
  let n = 0
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (!until()) {
        const started = performance.now()
        await call(n++)
        latencies.push(performance.now() - started)
      }
    }),
  )
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), calls: latencies.length }
}

const main = () =>
  onLoneEmulator('emulator-contention', TABLE, async (db) => {
    const items = [...READ, 'STATS#other', 'STATS#another'].map((sk) => ({ ...key(sk), n: 0, pad: 'x'.repeat(800) }))
    await db.send(new BatchWriteCommand({ RequestItems: { [TABLE]: items.map((Item) => ({ PutRequest: { Item } })) } }))

    const read = () =>
      db.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: READ.map(key), ConsistentRead: true } } }))
    /** A transaction adding to two shared items and writing a record of its own. */
    const write = (shared: [string, string]) => (n: number) =>
      db
        .send(
          new TransactWriteCommand({
            TransactItems: [
              ...shared.map((sk) => ({
                Update: {
                  TableName: TABLE,
                  Key: key(sk),
                  UpdateExpression: 'ADD n :one',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              })),
              { Put: { TableName: TABLE, Item: { ...key(`RECORD#${n}#${Math.random()}`), what: 'approved' } } },
            ],
          }),
        )
        .catch(() => undefined) // a conflict between two writers is theirs, not the read's
    const readBeside = async (writer?: (n: number) => Promise<unknown>) => {
      const end = performance.now() + seconds * 1000
      const done = () => performance.now() >= end
      const [reads, writes] = await Promise.all([loop(read, done), writer ? loop(writer, done) : undefined])
      return { reads, writes }
    }

    await readBeside() // warm-up
    const runs = [
      ['alone', await readBeside()],
      [
        'beside transactions writing two of the items read',
        await readBeside(write(['STATS#timesheets', 'STATS#routing'])),
      ],
      ['beside transactions writing two other items', await readBeside(write(['STATS#other', 'STATS#another']))],
    ] as const
    for (const [name, r] of runs) log(`${name}: p50 ${fmt(r.reads.p50)} ms`)
    console.log(
      markdownTable({
        title: `DynamoDB Local alone: a consistent BatchGetItem of 5 items, ${inFlight} in flight, ${seconds} s each`,
        head: ['the reads run', 'read p50 / p99 ms', 'reads', 'transaction p50 / p99 ms', 'transactions'],
        numeric: [1, 2, 3, 4],
        rows: runs.map(([name, r]) => [
          name,
          `${fmt(r.reads.p50)} / ${fmt(r.reads.p99)}`,
          String(r.reads.calls),
          r.writes ? `${fmt(r.writes.p50)} / ${fmt(r.writes.p99)}` : '',
          r.writes ? String(r.writes.calls) : '',
        ]),
        notes: [`Load average ${loadAverages()} at the end.`],
      }),
    )
  })

void runMain(main, log)
