import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clients, observeAwsCalls, resetClients, type AwsCall } from '@app/adapters'

/**
 * The adapters' bench probe (packages/adapters/src/aws.ts): only with BENCH_CONSUMED_CAPACITY=1
 * does a DynamoDB call ask for consumed capacity. Each request is stopped after it is built (a
 * middleware answers in place of the network), so what the SDK would send can be read.
 */
type Sent = { body: string; output: Record<string, unknown> }
const timed = { sentAt: expect.any(Number), answeredAt: expect.any(Number) }
const answer = (client: { middlewareStack: { add: (...a: any[]) => void } }, sent: Sent[], output = {}) =>
  client.middlewareStack.add(
    () => async (args: { request: { body?: unknown } }) => {
      const body = args.request.body
      sent.push({ body: body instanceof Uint8Array ? new TextDecoder().decode(body) : String(body ?? ''), output })
      return { output: { $metadata: {}, ...output }, response: {} }
    },
    { step: 'build', priority: 'low', name: 'answerInPlaceOfAws' },
  )

describe('bench probe of the AWS clients', () => {
  const saved = { ...process.env }
  beforeEach(() => {
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
      S3_ENDPOINT: 'http://127.0.0.1:9',
    })
    resetClients()
  })
  afterEach(() => {
    process.env = { ...saved }
    observeAwsCalls(undefined)
    resetClients()
  })

  it('sends no ReturnConsumedCapacity and reports nothing without BENCH_CONSUMED_CAPACITY', async () => {
    delete process.env.BENCH_CONSUMED_CAPACITY
    const calls: AwsCall[] = []
    observeAwsCalls((c) => calls.push(c))
    const sent: Sent[] = []
    answer(clients.dynamo, sent)
    await clients.dynamo.send(new GetCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } }))
    expect(sent).toHaveLength(1)
    expect(JSON.parse(sent[0]!.body)).toEqual({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } })
    expect(calls).toEqual([])
  })

  it('asks for TOTAL consumed capacity in bench mode and reports read and write units', async () => {
    process.env.BENCH_CONSUMED_CAPACITY = '1'
    const calls: AwsCall[] = []
    observeAwsCalls((c) => calls.push(c))
    const sent: Sent[] = []
    answer(clients.dynamo, sent, { ConsumedCapacity: { TableName: 't', CapacityUnits: 0.5 } })
    await clients.dynamo.send(new GetCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } }))
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ TableName: 't', ReturnConsumedCapacity: 'TOTAL' })
    expect(calls).toEqual([
      { service: 'dynamodb', command: 'GetItemCommand', readUnits: 0.5, writeUnits: 0, bytes: 0, ...timed },
    ])
    expect(calls[0]!.answeredAt).toBeGreaterThanOrEqual(calls[0]!.sentAt)

    resetClients()
    const tx: Sent[] = []
    answer(clients.dynamo, tx, { ConsumedCapacity: [{ TableName: 't', CapacityUnits: 4, WriteCapacityUnits: 4 }] })
    await clients.dynamo.send(
      new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'a', sk: 'b' } } }] }),
    )
    expect(JSON.parse(tx[0]!.body)).toMatchObject({ ReturnConsumedCapacity: 'TOTAL' })
    expect(calls[1]).toMatchObject({ command: 'TransactWriteItemsCommand', readUnits: 0, writeUnits: 4 })
  })

  it('counts the bytes of an S3 PutObject in bench mode', async () => {
    process.env.BENCH_CONSUMED_CAPACITY = '1'
    const calls: AwsCall[] = []
    observeAwsCalls((c) => calls.push(c))
    answer(clients.s3, [])
    await clients.s3.send(new PutObjectCommand({ Bucket: 'b', Key: 'k.csv', Body: 'a,b\n1,2\n' }))
    expect(calls).toEqual([
      { service: 's3', command: 'PutObjectCommand', readUnits: 0, writeUnits: 0, bytes: 8, ...timed },
    ])
  })

  it('reports every call, and changes no request, with BENCH_OBSERVE_CALLS alone', async () => {
    delete process.env.BENCH_CONSUMED_CAPACITY
    process.env.BENCH_OBSERVE_CALLS = '1'
    const calls: AwsCall[] = []
    observeAwsCalls((c) => calls.push(c))
    const sent: Sent[] = []
    answer(clients.dynamo, sent)
    await clients.dynamo.send(new GetCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } }))
    expect(JSON.parse(sent[0]!.body)).toEqual({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } })
    expect(calls).toEqual([
      { service: 'dynamodb', command: 'GetItemCommand', readUnits: 0, writeUnits: 0, bytes: 0, ...timed },
    ])
  })
})
