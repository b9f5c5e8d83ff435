import autocannon from 'autocannon'
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb'
import { quantile } from './stats.ts'

export interface LoadResult {
  p50: number
  p99: number
  rps: number
  requests: number
  /** Answers other than the expected status, plus connection errors and timeouts. */
  errors: number
  statuses: Record<string, number>
}

const summarize = (latencies: number[], seconds: number, statuses: Record<string, number>, expected: number[]) => {
  const wrong = Object.entries(statuses).reduce((n, [s, c]) => n + (expected.includes(Number(s)) ? 0 : c), 0)
  return { latencies, seconds, statuses, wrong }
}

export interface LoadOptions {
  url: string
  connections: number
  /** Seconds to run; or `paths` (one request each, in order) when every request must differ. */
  duration?: number
  amount?: number
  paths?: string[]
  method?: 'GET' | 'PATCH'
  headers: Record<string, string>
  body?: string
  expect: number[]
}

/**
 * One autocannon run. Latency and status are taken from every response (autocannon's own
 * histogram keeps whole milliseconds of 2xx answers only); requests per second is the count of
 * responses over the time from the start to the last response.
 */
export const loadRun = (o: LoadOptions): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const latencies: number[] = []
    const statuses: Record<string, number> = {}
    let next = 0
    const started = performance.now()
    let last = started
    const paths = o.paths
    const instance = autocannon(
      {
        url: o.url,
        // autocannon refuses more connections than requests (a short warm-up).
        connections: Math.min(o.connections, paths?.length ?? o.amount ?? o.connections),
        ...(paths ? { amount: paths.length } : o.amount ? { amount: o.amount } : { duration: o.duration ?? 1 }),
        method: o.method ?? 'GET',
        headers: o.headers,
        body: o.body,
        timeout: 30,
        ...(paths
          ? { requests: [{ setupRequest: (req: any) => ({ ...req, path: paths[next++ % paths.length] }) }] }
          : {}),
      },
      (err, result) => {
        if (err) return reject(err)
        if (paths && next > paths.length) return reject(new Error('autocannon asked for more paths than it was given'))
        const s = summarize(latencies, (last - started) / 1000, statuses, o.expect)
        resolve({
          p50: quantile(latencies, 0.5),
          p99: quantile(latencies, 0.99),
          rps: latencies.length / s.seconds,
          requests: latencies.length,
          errors: s.wrong + result.errors + result.timeouts,
          statuses,
        })
      },
    )
    instance.on('response', (_client, status: number, _bytes, ms: number) => {
      latencies.push(ms)
      statuses[status] = (statuses[status] ?? 0) + 1
      last = performance.now()
    })
  })

/**
 * SDK calls in a loop, `concurrency` at once: `warmupSeconds` unmeasured, then `seconds` measured
 * (every call started in that time is counted; a call that throws is an error). `call` gets a
 * running count, so each call may pick a different item.
 */
export const sdkRun = async (o: {
  concurrency: number
  seconds: number
  warmupSeconds: number
  call: (i: number) => Promise<void>
}): Promise<LoadResult> => {
  let n = 0
  const warm = performance.now() + o.warmupSeconds * 1000
  const warmer = async () => {
    while (performance.now() < warm) await o.call(n++)
  }
  await Promise.all(Array.from({ length: o.concurrency }, warmer))
  const latencies: number[] = []
  let errors = 0
  const started = performance.now()
  const end = started + o.seconds * 1000
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now()
      await o.call(n++).catch(() => errors++)
      latencies.push(performance.now() - t)
    }
  }
  await Promise.all(Array.from({ length: o.concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  return {
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    rps: latencies.length / seconds,
    requests: latencies.length,
    errors,
    statuses: {},
  }
}

/** A plain SDK client of the stack's DynamoDB emulator (none of the app's middleware), as the floors use it. */
export const emulatorClient = (env: Record<string, string | undefined>) =>
  new DynamoDBClient({
    region: env.AWS_REGION,
    endpoint: env.DYNAMODB_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 2,
  })

/**
 * The floor the API is compared with: a raw GetItem of one timesheet (consistent read, as the
 * data layer reads) with the AWS SDK against the same emulator, `concurrency` calls in flight.
 */
export const getItemRun = async (o: {
  env: Record<string, string>
  key: { pk: string; sk: string }
  concurrency: number
  seconds: number
  warmupSeconds: number
}): Promise<LoadResult> => {
  const client = emulatorClient(o.env)
  const input = {
    TableName: o.env.TABLE_NAME,
    Key: { pk: { S: o.key.pk }, sk: { S: o.key.sk } },
    ConsistentRead: true,
  }
  try {
    return await sdkRun({
      ...o,
      call: async () => {
        const out = await client.send(new GetItemCommand(input))
        if (!out.Item) throw new Error('GetItem found no item')
      },
    })
  } finally {
    client.destroy()
  }
}
