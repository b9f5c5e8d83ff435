import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { S3Client } from '@aws-sdk/client-s3'
import { SESv2Client } from '@aws-sdk/client-sesv2'
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { config } from './config.ts'

/**
 * The AWS clients, made once per process. Locally every endpoint points at an emulator and
 * explicit dummy credentials stop the SDK from probing the instance metadata address.
 */
const localCredentials = (service: string) =>
  service === 's3'
    ? { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
    : { accessKeyId: 'local', secretAccessKey: 'local' }

const options = (service: 'dynamodb' | 's3' | 'ses' | 'cognito') => {
  const endpoint = config.endpoint(service)
  return endpoint
    ? { region: config.region, endpoint, credentials: localCredentials(service), maxAttempts: 2 }
    : { region: config.region }
}

/** One AWS call as the benchmark sees it; DynamoDB's capacity units are from its answer. */
export interface AwsCall {
  service: 'dynamodb' | 's3' | 'ses' | 'cognito'
  command: string
  readUnits: number
  writeUnits: number
  /** Bytes of a PutObject body (what S3 stores). */
  bytes: number
}
let awsCallObserver: ((call: AwsCall) => void) | undefined
/** Bench mode only: receives every call of the clients made while BENCH_CONSUMED_CAPACITY=1. */
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
 * to the observer. Without the variable the client is returned untouched.
 */
const benchProbe = <C extends { middlewareStack: { add: (...args: any[]) => void } }>(
  service: AwsCall['service'],
  client: C,
) => {
  if (process.env.BENCH_CONSUMED_CAPACITY !== '1') return client
  const probe =
    (next: (args: any) => Promise<any>, context: { commandName?: string }) =>
    async (args: { input: Record<string, unknown> }) => {
      const command = context.commandName ?? 'unknown'
      const input = args.input
      const itemCall = 'TableName' in input || 'RequestItems' in input || 'TransactItems' in input
      if (service === 'dynamodb' && itemCall) args.input = { ...input, ReturnConsumedCapacity: 'TOTAL' }
      const result = await next(args)
      const body = input.Body
      awsCallObserver?.({
        service,
        command,
        ...unitsOf(command, result.output?.ConsumedCapacity as Units | Units[] | undefined),
        bytes: typeof body === 'string' || body instanceof Uint8Array ? Buffer.byteLength(body) : 0,
      })
      return result
    }
  client.middlewareStack.add(probe, { step: 'initialize', name: 'benchProbe' })
  return client
}

let dynamo: DynamoDBDocumentClient | undefined
let s3: S3Client | undefined
let ses: SESv2Client | undefined
let cognito: CognitoIdentityProviderClient | undefined

export const clients = {
  get dynamo() {
    return (dynamo ??= DynamoDBDocumentClient.from(benchProbe('dynamodb', new DynamoDBClient(options('dynamodb'))), {
      marshallOptions: { removeUndefinedValues: true },
    }))
  },
  get s3() {
    return (s3 ??= benchProbe('s3', new S3Client({ ...options('s3'), forcePathStyle: Boolean(config.endpoint('s3')) })))
  },
  get ses() {
    return (ses ??= benchProbe('ses', new SESv2Client(options('ses'))))
  },
  get cognito() {
    return (cognito ??= benchProbe('cognito', new CognitoIdentityProviderClient(options('cognito'))))
  },
}

/** Drops the cached clients (tests that point the process at new emulators). */
export const resetClients = () => {
  dynamo = s3 = ses = cognito = undefined
}
