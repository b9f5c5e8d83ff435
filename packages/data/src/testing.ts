import { randomUUID } from 'node:crypto'
import { ScanCommand } from '@aws-sdk/lib-dynamodb'
import { dynamoClient, type EmailMessage } from '@app/adapters'
import { keys } from './keys.ts'
import { orgDb } from './org-db.ts'
import { outbox, outboxItem, type TemplatedEmail } from './outbox.ts'
import { system, type NewSupervisor } from './system.ts'
import { table } from './table.ts'

/**
 * For tests only (a lint rule keeps it out of functions/src): the raw table and its keys, to set
 * up states no route makes and to look at what was stored.
 */
export { table, isConditionFailure, type Item, type Key } from './table.ts'
export { keys } from './keys.ts'
/** A member as first stored, for fixtures that need a whole one without the table. */
export { newUser } from './users.ts'
/** The outbox item of a queued email, as a change's `emails` effect writes it. */
export { outboxItem } from './outbox.ts'
/** The delivery item a change's `webhooks` effect writes. */
export { webhookDeliveryItem } from './webhooks.ts'

/** A command sent to DynamoDB, and its round: requests sent together (as by `Promise.all`) share one. */
export interface SentCommand {
  name: string
  round: number
  input: Record<string, unknown>
}

/** The sort keys a command reads: a GetItem's one, a BatchGetItem's every one; none for any other. */
export const keysReadBy = (c: SentCommand): string[] => {
  const batch = c.input.RequestItems as Record<string, { Keys?: { sk: string }[] }> | undefined
  if (batch) return Object.values(batch).flatMap((b) => (b.Keys ?? []).map((k) => k.sk))
  const key = c.input.Key as { sk?: string } | undefined
  return c.name === 'GetCommand' && key?.sk ? [key.sk] : []
}

/**
 * The commands sent to DynamoDB while `run` runs, each with its round: one more than the highest
 * round among the commands already answered when it was sent. A route's reads in one round wait
 * for one round trip together; each further round is one more round trip.
 */
export const commandsDuring = async (run: () => Promise<unknown>): Promise<SentCommand[]> => {
  const client = dynamoClient()
  const sent: SentCommand[] = []
  let answered = 0
  const original = client.send.bind(client) as (command: unknown) => Promise<unknown>
  client.send = (async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
    const round = answered + 1
    sent.push({ name: command.constructor.name, round, input: command.input })
    try {
      return await original(command)
    } finally {
      answered = Math.max(answered, round)
    }
  }) as typeof client.send
  try {
    await run()
  } finally {
    client.send = original as typeof client.send
  }
  return sent
}

/** Makes a queued email due for a try now, as time passing would. */
export const makeEmailDue = (orgId: string, id: string) =>
  table.update(keys.outbox(orgId, id), {
    UpdateExpression: 'SET gsi1sk = :due',
    ExpressionAttributeValues: { ':due': keys.outboxDueAt('2000-01-01T00:00:00.000Z', orgId, id) },
  })

/** Queues an email on its own, as a change's `emails` effect would. */
export const queueEmail = async (orgId: string, templated: TemplatedEmail) => {
  const email = outbox.email(templated)
  await table.put(outboxItem(orgId, email))
  return email
}

/**
 * Queues an email as an older deploy did: rendered whole (`message`) rather than as a
 * template and its values. Such items stay deliverable.
 */
export const queueRenderedEmail = async (orgId: string, message: EmailMessage) => {
  const id = randomUUID()
  const now = new Date().toISOString()
  await table.put({
    ...keys.outbox(orgId, id),
    orgId,
    id,
    message,
    attempts: 0,
    createdAt: now,
    gsi1pk: keys.outboxDue,
    gsi1sk: keys.outboxDueAt(now, orgId, id),
  })
  return { id }
}

/**
 * A new organization and its supervisor, made directly in the table as a first sign-in would
 * (fresh identity and email, UTC unless the test says otherwise), with its data layer.
 */
export const createTestOrganization = async (
  supervisor: Pick<NewSupervisor, 'firstName' | 'lastName'> & Partial<NewSupervisor>,
) => {
  const made = await system.createSupervisorWithOrganization({
    issuer: 'https://test-issuer',
    subject: randomUUID(),
    email: `${randomUUID().slice(0, 8)}@example.org`,
    profileImageUrl: null,
    timeZone: 'UTC',
    ...supervisor,
  })
  return { ...made, db: orgDb(made.organization.id) }
}

/** A member's address as its owner leaves it by following the confirmation link (tests that are not about it). */
export const confirmAddressOf = (orgId: string, userId: string) =>
  table.update(keys.user(orgId, userId), {
    UpdateExpression: 'SET emailConfirmed = :yes',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':yes': true },
  })

/**
 * Every item of the whole table that mentions `needle` anywhere (a key, an index key, a value):
 * a Scan, for tests only (an organization's erasure leaves nothing of it but its tombstone).
 */
export const itemsMentioning = async (needle: string): Promise<Record<string, unknown>[]> => {
  const found: Record<string, unknown>[] = []
  let cursor: Record<string, unknown> | undefined
  do {
    const out = await dynamoClient().send(new ScanCommand({ TableName: table.name, ExclusiveStartKey: cursor }))
    for (const item of out.Items ?? []) if (JSON.stringify(item).includes(needle)) found.push(item)
    cursor = out.LastEvaluatedKey
  } while (cursor)
  return found
}
