import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb'
import { config } from './config.ts'

/**
 * What the AWS clients share: their options, the benchmark's probe, and making each once per
 * process. Each client lives in a module of its own (client-*.ts) that is imported only by the
 * code calling it, so a function's bundle holds only the SDK clients its route uses (the manifest's
 * `uses`; infra/test/bundle.test.ts checks it). Locally every endpoint points at an emulator and
 * explicit dummy credentials stop the SDK from probing the instance metadata address.
 */
type Service = 'dynamodb' | 's3' | 'ses' | 'cognito'

const localCredentials = (service: string) =>
  service === 's3'
    ? { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
    : { accessKeyId: 'local', secretAccessKey: 'local' }

/**
 * The SDK's default logger drops everything, yet its logger middleware first copies every answer
 * through the sensitive-data filter to hand it to `info` (a tenth of the payroll export's CPU: each
 * item of each page walked once more). The middleware calls `info` only when the logger has one,
 * so ours has none; the rest drop everything, as the default does.
 */
type Logger = NonNullable<DynamoDBClientConfig['logger']>
const quietLogger = { debug: () => {}, warn: () => {}, error: () => {} } as Omit<Logger, 'info'> as Logger

type ClientOptions = ReturnType<typeof options>
const options = (service: Service) => {
  const endpoint = config.endpoint(service)
  return endpoint
    ? { region: config.region, logger: quietLogger, endpoint, credentials: localCredentials(service), maxAttempts: 2 }
    : { region: config.region, logger: quietLogger }
}

/** One AWS call as the benchmark sees it; DynamoDB's capacity units are from its answer. */
export interface AwsCall {
  service: Service
  command: string
  readUnits: number
  writeUnits: number
  /** Bytes of a PutObject body (what S3 stores). */
  bytes: number
  /** When the call was sent and answered (performance.now()): a request's rounds and its time waiting on AWS. */
  sentAt: number
  answeredAt: number
}
let awsCallObserver: ((call: AwsCall) => void) | undefined
/** Bench mode only: receives every call of the clients made while BENCH_CONSUMED_CAPACITY or BENCH_OBSERVE_CALLS is 1. */
export const observeAwsCalls = (observer: ((call: AwsCall) => void) | undefined) => {
  awsCallObserver = observer
}

type Units = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number }
const isRead = (command: string) => /Get|Query|Scan/.test(command)
/** A call's read and write units; an answer that gives only CapacityUnits counts by the command's kind. */
const unitsOf = (command: string, consumed: Units | Units[] | undefined) => {
  const all = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed]
  const sum = (pick: (u: Units) => number) => all.reduce((n, u) => n + pick(u), 0)
  return {
    readUnits: sum((u) => u.ReadCapacityUnits ?? (isRead(command) ? (u.CapacityUnits ?? 0) : 0)),
    writeUnits: sum((u) => u.WriteCapacityUnits ?? (isRead(command) ? 0 : (u.CapacityUnits ?? 0))),
  }
}

/**
 * With BENCH_CONSUMED_CAPACITY=1 (the benchmark's cost run, never in production) every item call
 * to DynamoDB asks for `ReturnConsumedCapacity: 'TOTAL'`, and every call of the client is reported
 * to the observer. BENCH_OBSERVE_CALLS=1 (the API bench's count of round trips) reports the calls
 * and changes no request, so the timed runs beside it send what production sends. Without either
 * variable the client is returned untouched.
 */
const benchProbe = <C extends { middlewareStack: { add: (...args: any[]) => void } }>(
  service: AwsCall['service'],
  client: C,
) => {
  const capacity = process.env.BENCH_CONSUMED_CAPACITY === '1'
  if (!capacity && process.env.BENCH_OBSERVE_CALLS !== '1') return client
  const probe =
    (next: (args: any) => Promise<any>, context: { commandName?: string }) =>
    async (args: { input: Record<string, unknown> }) => {
      const command = context.commandName ?? 'unknown'
      const input = args.input
      const itemCall = 'TableName' in input || 'RequestItems' in input || 'TransactItems' in input
      if (capacity && service === 'dynamodb' && itemCall) args.input = { ...input, ReturnConsumedCapacity: 'TOTAL' }
      const sentAt = performance.now()
      const result = await next(args)
      if (!awsCallObserver) return result
      const answeredAt = performance.now()
      const body = input.Body
      awsCallObserver({
        service,
        command,
        ...unitsOf(command, result.output?.ConsumedCapacity as Units | Units[] | undefined),
        bytes: typeof body === 'string' || body instanceof Uint8Array ? Buffer.byteLength(body) : 0,
        sentAt,
        answeredAt,
      })
      return result
    }
  client.middlewareStack.add(probe, { step: 'initialize', name: 'benchProbe' })
  return client
}

const resets = new Set<() => void>()

/**
 * One service's client, made on first use with its options (`endpoint` set only locally) and the
 * benchmark's probe, then kept for the process.
 */
export const lazyClient = <C extends { middlewareStack: { add: (...args: any[]) => void } }>(
  service: Service,
  make: (clientOptions: ClientOptions) => C,
): (() => C) => {
  let client: C | undefined
  resets.add(() => (client = undefined))
  return () => (client ??= benchProbe(service, make(options(service))))
}

/** Drops the cached clients (tests that point the process at new emulators). */
export const resetClients = () => {
  for (const reset of resets) reset()
}
