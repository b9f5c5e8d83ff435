import {
  BatchGetItemCommand,
  DynamoDBClient,
  GetItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  type AttributeValue,
  type QueryCommandInput,
} from '@aws-sdk/client-dynamodb'
import { sessionHash } from '@app/data'
import { keys } from '@app/data/testing'
import { measured } from './api.ts'
import { emulatorClient, sdkRun, type LoadResult } from './load.ts'
import { FIGURES } from './report.ts'
import type { Seeded } from './seed.ts'

/**
 * Each API row's floor: the raw DynamoDB calls an ideal handler of that request would still make,
 * timed with the AWS SDK against the bench's DynamoDB at the same concurrency as the API run. What
 * every authenticated request reads first: the session (by its hashed id), its member (sessions
 * ended after it?) and the organization's closure in one consistent BatchGetItem, as the session
 * middleware reads them (the session id names the organization and the member); the organization's
 * item in the same read for a route that reads it first. The API's own work beyond these reads (HTTP, the event, parsing and validating,
 * JSON) is what the ratio to the floor shows.
 */

type Key = { pk: string; sk: string }
type Av = Record<string, AttributeValue>

const av = (k: Key): Av => ({ pk: { S: k.pk }, sk: { S: k.sk } })
const sidOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1)

export interface FloorContext {
  client: DynamoDBClient
  table: string
  seeded: Seeded
}

const get = async ({ client, table }: FloorContext, key: Key) => {
  const out = await client.send(new GetItemCommand({ TableName: table, Key: av(key), ConsistentRead: true }))
  if (!out.Item) throw new Error(`floor: no item ${key.pk} ${key.sk}`)
  return out.Item
}

/** Every page of a query, as the data layer's queryAll reads it; `limit` stops after one page. */
const query = async ({ client, table }: FloorContext, input: Omit<QueryCommandInput, 'TableName'>, onePage = false) => {
  let items = 0
  let start: Av | undefined
  do {
    const out = await client.send(new QueryCommand({ TableName: table, ...input, ExclusiveStartKey: start }))
    items += out.Count ?? 0
    start = onePage ? undefined : out.LastEvaluatedKey
  } while (start)
  return items
}

/** The items of `wanted` found, in one consistent BatchGetItem. */
const batchGet = async ({ client, table }: FloorContext, wanted: Key[]) => {
  const out = await client.send(
    new BatchGetItemCommand({ RequestItems: { [table]: { Keys: wanted.map(av), ConsistentRead: true } } }),
  )
  return out.Responses?.[table] ?? []
}

/**
 * The session, the member and the organization's closure (absent for an open one) in one
 * BatchGetItem, as the session id names the organization and the member; with `organization`, the
 * organization's item in the same read (a route that reads it first).
 */
const authenticate = async (c: FloorContext, { caller, organization }: Pick<Floor, 'caller' | 'organization'>) => {
  const { seeded } = c
  const [cookie, userId] =
    caller === 'staff' ? [seeded.staffCookie, seeded.staffId] : [seeded.supervisorCookie, seeded.supervisorId]
  const wanted = [
    keys.session(sessionHash(sidOf(cookie))),
    keys.user(seeded.orgId, userId),
    keys.closure(seeded.orgId),
    ...(organization ? [keys.organization(seeded.orgId)] : []),
  ]
  const found = await batchGet(c, wanted)
  if (found.length < wanted.length - 1)
    throw new Error(`floor: the session's read found ${found.length} of ${wanted.length} items`)
  return { member: found.find((item) => item.sk?.S === keys.user(seeded.orgId, userId).sk)! }
}

/** The aggregates' one consistent query: the member directory, each member's pending counts and the head. */
const summary = (c: FloorContext) =>
  query(c, {
    KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: {
      ':p': { S: keys.organization(c.seeded.orgId).pk },
      ':a': { S: keys.memberDirectory(c.seeded.orgId, 0).sk },
      ':b': { S: keys.timesheetStats(c.seeded.orgId).sk },
    },
    ConsistentRead: true,
  })

/** The organization's submissions (gsi2), newest week first. */
const submissions = (c: FloorContext, range: { from: string; to: string }, limit?: number) =>
  query(
    c,
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :p AND gsi2sk BETWEEN :a AND :b',
      ExpressionAttributeValues: {
        ':p': { S: keys.orgTimesheets(c.seeded.orgId) },
        ':a': { S: range.from },
        ':b': { S: range.to },
      },
      ScanIndexForward: false,
      ...(limit ? { Limit: limit } : {}),
    },
    limit !== undefined,
  )

/** The list's default page size (functions/src/timesheets/list-timesheets.ts). */
const PAGE = 50

export interface Floor {
  /** The API row (FIGURES.api) this is the floor of. */
  name: string
  reads: string
  /** Whose session the request carries: it is read first (`authenticate`). */
  caller: 'staff' | 'supervisor'
  /** Whether the route reads the organization's item with the session. */
  organization: boolean
  /**
   * One request's reads after its session's; `i` numbers the requests (approve takes a different
   * timesheet each time); `member` is the caller's item as the session's read found it.
   */
  run: (c: FloorContext, i: number, member: Av) => Promise<unknown>
}

/** One request's reads: its session's, then the route's own. */
const request = async (c: FloorContext, floor: Floor, i: number) => {
  const { member } = await authenticate(c, floor)
  await floor.run(c, i, member)
}

export const FLOORS: Floor[] = [
  {
    name: FIGURES.api.currentWeek,
    reads:
      "session ∥ member ∥ closure ∥ organization (one BatchGetItem); the timesheet the member's item names (`latestWeek`) ∥ the week's lock (one BatchGetItem)",
    caller: 'staff',
    organization: true,
    run: async (c, _i, member) => {
      const s = c.seeded
      const latest = member.latestWeek?.M
      if (latest?.weekStartDate?.S !== s.thisWeek) throw new Error("floor: the staff member's item names another week")
      await batchGet(c, [keys.timesheet(s.orgId, Number(latest.timesheetId?.N)), keys.weekLock(s.orgId, s.thisWeek)])
    },
  },
  {
    name: FIGURES.api.list,
    reads:
      'session ∥ member ∥ closure ∥ organization; the first 50 submissions by week (gsi2) ∥ the aggregates query (names)',
    caller: 'supervisor',
    organization: true,
    run: (c) => Promise.all([submissions(c, { from: 'WEEK#', to: 'WEEK#~' }, PAGE), summary(c)]),
  },
  {
    name: FIGURES.api.stats,
    reads:
      "session ∥ member ∥ closure ∥ organization; the head ∥ the routing item ∥ this week's figures (one BatchGetItem)",
    caller: 'supervisor',
    organization: true,
    run: async (c) => {
      const s = c.seeded
      await batchGet(c, [keys.timesheetStats(s.orgId), keys.routing(s.orgId), keys.weekStats(s.orgId, s.thisWeek)])
    },
  },
  {
    name: FIGURES.api.reports,
    reads:
      "session ∥ member ∥ closure ∥ organization; every page of the four weeks' submissions (gsi2) ∥ the aggregates query",
    caller: 'supervisor',
    organization: true,
    run: (c) => Promise.all([submissions(c, keys.weekRange(c.seeded.reportStart, c.seeded.reportEnd)), summary(c)]),
  },
  {
    name: FIGURES.api.approve,
    reads:
      'session ∥ member ∥ closure; the timesheet; one TransactWriteItems of four items (the timesheet, the head, its week, the pending counts) written to a partition of their own so no timesheet is decided',
    caller: 'supervisor',
    organization: false,
    run: async (c, i) => {
      const s = c.seeded
      const id = s.approveIds[i % s.approveIds.length]!
      const sheet = await get(c, keys.timesheet(s.orgId, id))
      const pk = `BENCHFLOOR#${s.orgId}`
      const add = (sk: string) => ({
        Update: {
          TableName: c.table,
          Key: av({ pk, sk }),
          UpdateExpression: 'ADD writes :one',
          ExpressionAttributeValues: { ':one': { N: '1' } },
        },
      })
      await c.client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              Put: {
                TableName: c.table,
                Item: { ...sheet, pk: { S: pk }, sk: { S: `TS#${i}` }, status: { S: 'approved' } },
                ConditionExpression: 'attribute_not_exists(pk) OR #s = :pending',
                ExpressionAttributeNames: { '#s': 'status' },
                ExpressionAttributeValues: { ':pending': { S: 'pending' } },
              },
            },
            add('STATS#timesheets'),
            add(`STATS#week#${sheet.weekStartDate?.S ?? ''}`),
            add('STATS#pending'),
          ],
        }),
      )
    },
  },
]

export interface FloorFigure {
  name: string
  reads: string
  result: LoadResult
}

/** Times every floor against `seeded`'s organization, `concurrency` requests in flight. */
export const measureFloors = async (o: {
  env: Record<string, string | undefined>
  seeded: Seeded
  concurrency: number
  timing: { seconds: number; warmupSeconds: number }
  log: (message: string) => void
  only?: ReadonlySet<string>
}): Promise<FloorFigure[]> => {
  const client = emulatorClient(o.env)
  const c: FloorContext = { client, table: o.env.TABLE_NAME!, seeded: o.seeded }
  try {
    const figures: FloorFigure[] = []
    for (const f of FLOORS.filter((f) => measured(o.only, f.name))) {
      o.log(`floor of ${f.name}: ${o.timing.warmupSeconds} s warm-up, then ${o.timing.seconds} s`)
      const result = await sdkRun({ ...o.timing, concurrency: o.concurrency, call: (i) => request(c, f, i) })
      figures.push({ name: f.name, reads: f.reads, result })
    }
    return figures
  } finally {
    client.destroy()
  }
}
