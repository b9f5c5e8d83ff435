import { randomBytes, randomUUID } from 'node:crypto'
import * as z from 'zod'
import {
  conflict,
  nextWebhookAttemptAt,
  notFound,
  WEBHOOK_LIMIT,
  WEBHOOK_SECRET_PREFIX,
  WebhookEvent,
  webhookMessages,
  type WebhookCreated,
  type WebhookDeliveryView,
  type WebhookInput,
  type WebhookView,
  webhookPayloadOf,
  type WebhookEventData,
} from '@app/core'
import { decryptSecret, encryptSecret } from '@app/adapters'
import { auditRecord, type Actor } from './audit.ts'
import { keys } from './keys.ts'
import { epochSeconds, isConditionFailure, nowIso, table } from './table.ts'

/**
 * Webhooks. A change that happens (a submission, a decision, a closed period, a member
 * added or removed) writes one delivery per subscribed webhook in its own transaction, as emails
 * are written to the outbox (outbox.ts): the sender tries each at once after the commit, and the
 * retry job (the outbox's) tries what is still due with backoff for 24 hours. A delivery never
 * fails the change: it is only an item the change wrote.
 */

const StoredWebhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEvent),
  /** The signing secret sealed with the stack's key (encryptSecret of @app/adapters). */
  sealedSecret: z.string().optional(),
  /** A secret stored before secrets were sealed, in plain text: sealed at its next delivery. */
  secret: z.string().optional(),
  createdAt: z.string(),
})
export type StoredWebhook = z.infer<typeof StoredWebhook>

/** What a webhook's sealed secret is bound to: it opens only as this organization's, this webhook's. */
const sealingContext = (orgId: string, webhookId: string) => ({ purpose: 'webhook-signing', orgId, webhookId })

const StoredDelivery = z.object({
  id: z.string(),
  orgId: z.string(),
  webhookId: z.string(),
  event: WebhookEvent,
  payload: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  statusCode: z.number().nullable().optional(),
  attempts: z.number(),
  /** Tries since `retryFrom` (the backoff's count; `attempts` counts every try). */
  windowAttempts: z.number().optional(),
  createdAt: z.string(),
  /** When the 24-hour window of tries began: the event, or the last Redeliver. */
  retryFrom: z.string(),
  lastAttemptAt: z.string().nullable().optional(),
  nextAttemptAt: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
})
export type StoredDelivery = z.infer<typeof StoredDelivery>

/** A delivery to write with a change (see effects.ts): chosen before the transaction, so the sender can try it by id after. */
export interface QueuedWebhook {
  orgId: string
  webhookId: string
  id: string
  event: WebhookEvent
  payload: string
}

/** The deliveries of one event to the webhooks subscribed to it (read beforehand by `subscriptions`). */
export type SubscribedEvent = <E extends WebhookEvent>(event: E, data: WebhookEventData<E>) => QueuedWebhook[]

/** Deliveries are kept for 30 days (the list shows the last 100 of each webhook). */
const KEEP_SECONDS = 30 * 86_400
/** Ids that sort by time (newest last), so a webhook's deliveries query newest first. */
const deliveryId = () => `${Date.now().toString(36).padStart(10, '0')}${randomBytes(6).toString('hex')}`

/** The delivery item a change writes in its transaction, due at once. */
export const webhookDeliveryItem = (q: QueuedWebhook) => {
  const now = nowIso()
  return {
    ...keys.webhookDelivery(q.orgId, q.webhookId, q.id),
    id: q.id,
    orgId: q.orgId,
    webhookId: q.webhookId,
    event: q.event,
    payload: q.payload,
    status: 'pending',
    statusCode: null,
    attempts: 0,
    windowAttempts: 0,
    createdAt: now,
    retryFrom: now,
    lastAttemptAt: null,
    nextAttemptAt: now,
    error: null,
    expire: epochSeconds() + KEEP_SECONDS,
    gsi1pk: keys.webhookDue,
    gsi1sk: keys.webhookDueAt(now, q.orgId, q.webhookId, q.id),
  }
}

const view = (w: StoredWebhook): WebhookView => ({ id: w.id, url: w.url, events: w.events, createdAt: w.createdAt })
const deliveryView = (d: StoredDelivery): WebhookDeliveryView => ({
  id: d.id,
  event: d.event,
  status: d.status,
  statusCode: d.statusCode ?? null,
  attempts: d.attempts,
  createdAt: d.createdAt,
  lastAttemptAt: d.lastAttemptAt ?? null,
  nextAttemptAt: d.status === 'pending' ? (d.nextAttemptAt ?? null) : null,
  error: d.error ?? null,
})

const webhookSubject = { type: 'organization' as const }
const webhookChange = (before: string | null, after: string | null) => [{ field: 'webhook', before, after }]
const described = (w: { url: string; events: string[] }) => `${w.url} (${w.events.join(', ')})`

/**
 * The attribute of the webhook counter (`WEBHOOKCOUNT`) that keeps a webhook's events, written in
 * the transactions that make and delete it: every change with an event reads its subscriptions in
 * one GetItem of that item, whatever the size of the organization's partition.
 */
const EVENTS = 'events#'

/** An organization's webhooks (Settings → Webhooks) and the deliveries its changes queue. */
export const webhooksOf = (orgId: string) => {
  const stored = async () =>
    (await table.queryPrefix(keys.orgPk(orgId), keys.webhooksPrefix))
      .map((i) => StoredWebhook.parse(i))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))

  /** Each webhook's id and events, from the counter; webhooks made before it kept them are read whole. */
  const subscribed = async (): Promise<Pick<StoredWebhook, 'id' | 'events'>[]> => {
    const counter = await table.get(keys.webhookCount(orgId))
    const kept = Object.entries(counter ?? {})
      .filter(([name]) => name.startsWith(EVENTS))
      .map(([name, events]) => ({ id: name.slice(EVENTS.length), events: events as StoredWebhook['events'] }))
    return kept.length === Number(counter?.n ?? 0) ? kept : stored()
  }

  const findDelivery = async (webhookId: string, id: string) => {
    const item = await table.get(keys.webhookDelivery(orgId, webhookId, id))
    if (!item) throw notFound('delivery')
    return StoredDelivery.parse(item)
  }

  const mustExist = async (id: string) => {
    const item = await table.get(keys.webhook(orgId, id))
    if (!item) throw notFound('webhook')
    return StoredWebhook.parse(item)
  }

  return {
    /**
     * A new webhook and its audit record in one transaction, held under WEBHOOK_LIMIT by a counter;
     * its signing secret (Standard Webhooks' `whsec_` form) is answered here and never listed again.
     */
    async create(input: WebhookInput, actor: Actor): Promise<WebhookCreated> {
      const id = randomUUID()
      const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`
      const sealedSecret = await encryptSecret(secret, sealingContext(orgId, id))
      const createdAt = nowIso()
      try {
        await table.transact([
          {
            Update: {
              Key: keys.webhookCount(orgId),
              UpdateExpression: 'ADD n :one SET #events = :events',
              ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
              ExpressionAttributeNames: { '#events': `${EVENTS}${id}` },
              ExpressionAttributeValues: { ':one': 1, ':limit': WEBHOOK_LIMIT, ':events': input.events },
            },
          },
          {
            Put: {
              Item: { ...keys.webhook(orgId, id), id, url: input.url, events: input.events, sealedSecret, createdAt },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          auditRecord(orgId, actor, {
            action: 'webhook.created',
            subject: webhookSubject,
            changes: webhookChange(null, described(input)),
          }),
        ])
      } catch (e) {
        if (isConditionFailure(e, 0)) throw conflict(webhookMessages.limit)
        throw e
      }
      return { id, url: input.url, events: input.events, secret, createdAt }
    },

    /** The organization's webhooks, oldest first, without their secrets. */
    list: async (): Promise<WebhookView[]> => (await stored()).map(view),

    /** One webhook, without its secret; another organization's, or a deleted one, is not found. */
    get: async (id: string): Promise<WebhookView> => view(await mustExist(id)),

    /** Deletes a webhook with its audit record; its deliveries still due are dropped when next tried. */
    async remove(id: string, actor: Actor) {
      const webhook = await mustExist(id)
      try {
        await table.transact([
          { Delete: { Key: keys.webhook(orgId, id), ConditionExpression: 'attribute_exists(pk)' } },
          {
            Update: {
              Key: keys.webhookCount(orgId),
              UpdateExpression: 'ADD n :minus REMOVE #events',
              ExpressionAttributeNames: { '#events': `${EVENTS}${id}` },
              ExpressionAttributeValues: { ':minus': -1 },
            },
          },
          auditRecord(orgId, actor, {
            action: 'webhook.deleted',
            subject: webhookSubject,
            changes: webhookChange(described(webhook), null),
          }),
        ])
      } catch (e) {
        if (isConditionFailure(e, 0)) throw notFound('webhook')
        throw e
      }
    },

    /** One delivery of a webhook, as the deliveries list shows it. */
    async delivery(webhookId: string, id: string): Promise<WebhookDeliveryView> {
      return deliveryView(await findDelivery(webhookId, id))
    },

    /** A webhook's last 100 deliveries, newest first. */
    async deliveries(webhookId: string): Promise<WebhookDeliveryView[]> {
      await mustExist(webhookId)
      const page = await table.query({
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':p': keys.orgPk(orgId), ':s': keys.webhookDeliveriesPrefix(webhookId) },
        ScanIndexForward: false,
        Limit: 100,
      })
      return page.items.map((i) => deliveryView(StoredDelivery.parse(i)))
    },

    /**
     * Redeliver: the delivery is due again at once, with the same `webhook-id` (so a receiver that
     * already has it can tell), and a new 24-hour window of retries.
     */
    async redeliver(webhookId: string, id: string): Promise<WebhookDeliveryView> {
      await mustExist(webhookId)
      const delivery = await findDelivery(webhookId, id)
      const now = nowIso()
      try {
        await table.update(keys.webhookDelivery(orgId, webhookId, id), {
          UpdateExpression:
            'SET #s = :pending, windowAttempts = :zero, retryFrom = :now, nextAttemptAt = :now, expire = :expire, gsi1pk = :pk, gsi1sk = :sk REMOVE claimedUntil',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':pending': 'pending',
            ':zero': 0,
            ':now': now,
            ':expire': epochSeconds() + KEEP_SECONDS,
            ':pk': keys.webhookDue,
            ':sk': keys.webhookDueAt(now, orgId, webhookId, id),
          },
        })
      } catch (e) {
        if (isConditionFailure(e)) throw notFound('delivery')
        throw e
      }
      return deliveryView({ ...delivery, status: 'pending', retryFrom: now, nextAttemptAt: now })
    },

    /**
     * The deliveries of one event to every webhook subscribed to it, to write with the change
     * (`effects.webhooks`); nothing is written yet. The payload is Standard Webhooks' `{ type,
     * timestamp, data }`.
     */
    async event<E extends WebhookEvent>(event: E, data: WebhookEventData<E>): Promise<QueuedWebhook[]> {
      return (await this.subscriptions())(event, data)
    },

    /**
     * The organization's webhooks read once, as a maker of `event`'s deliveries: a change that
     * knows its event's data only after other reads (a decision) reads the webhooks beside them.
     */
    async subscriptions(): Promise<SubscribedEvent> {
      const webhooks = await subscribed()
      return (event, data) => {
        const listening = webhooks.filter((w) => w.events.includes(event))
        if (!listening.length) return []
        // Core's definition of the event, strictly: a field it does not name is refused, never sent.
        const payload = JSON.stringify(webhookPayloadOf(event).parse({ type: event, timestamp: nowIso(), data }))
        return listening.map((w) => ({ orgId, webhookId: w.id, id: deliveryId(), event, payload }))
      }
    },
  }
}

/** Deliveries as the sender and the retry job see them, across organizations. */
export const webhookDeliveries = {
  /** The delivery and the webhook it goes to (undefined when the webhook was deleted). */
  async load(orgId: string, webhookId: string, id: string) {
    const [d, w] = await Promise.all([
      table.get(keys.webhookDelivery(orgId, webhookId, id)),
      table.get(keys.webhook(orgId, webhookId)),
    ])
    return {
      delivery: d ? StoredDelivery.parse(d) : undefined,
      webhook: w ? StoredWebhook.parse(w) : undefined,
    }
  },

  /**
   * The webhook's signing secret, opened with the stack's key. One stored in plain text before
   * secrets were sealed is sealed now, once (the plain attribute removed in the same write), and
   * still signs this delivery: no webhook breaks.
   */
  async signingSecret(orgId: string, webhook: StoredWebhook): Promise<string> {
    const context = sealingContext(orgId, webhook.id)
    if (webhook.sealedSecret) return decryptSecret(webhook.sealedSecret, context)
    if (!webhook.secret) throw new Error(`Webhook ${webhook.id} has no secret`)
    const sealedSecret = await encryptSecret(webhook.secret, context)
    try {
      await table.update(keys.webhook(orgId, webhook.id), {
        UpdateExpression: 'SET sealedSecret = :sealed REMOVE secret',
        ConditionExpression: 'secret = :plain',
        ExpressionAttributeValues: { ':sealed': sealedSecret, ':plain': webhook.secret },
      })
    } catch (e) {
      // Sealed meanwhile by another delivery, or deleted: either way nothing plain is left to seal.
      if (!isConditionFailure(e)) throw e
    }
    return webhook.secret
  },

  /** Claims a due delivery for one sender for a minute (as outbox.claim does); false when someone else holds it. */
  async claim(orgId: string, webhookId: string, id: string): Promise<boolean> {
    const now = Date.now()
    try {
      await table.update(keys.webhookDelivery(orgId, webhookId, id), {
        UpdateExpression: 'SET claimedUntil = :until',
        ConditionExpression:
          'attribute_exists(pk) AND #s = :pending AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':until': now + 60_000, ':now': now, ':pending': 'pending' },
      })
      return true
    } catch (e) {
      if (isConditionFailure(e)) return false
      throw e
    }
  },

  /** A try answered 2xx: delivered, and no longer due. */
  delivered: (d: StoredDelivery, statusCode: number) =>
    table.update(keys.webhookDelivery(d.orgId, d.webhookId, d.id), {
      UpdateExpression:
        'SET #s = :delivered, statusCode = :code, attempts = :n, lastAttemptAt = :at, nextAttemptAt = :null, #e = :null REMOVE claimedUntil, gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
      ExpressionAttributeValues: {
        ':delivered': 'delivered',
        ':code': statusCode,
        ':n': d.attempts + 1,
        ':at': nowIso(),
        ':null': null,
      },
    }),

  /**
   * A try failed (a status outside 2xx, or no answer): due again after the backoff, or given up on
   * ('failed') once the 24-hour window's last try has been made.
   */
  async failed(d: StoredDelivery, statusCode: number | null, error: string) {
    const now = Date.now()
    const next = nextWebhookAttemptAt(Date.parse(d.retryFrom), (d.windowAttempts ?? d.attempts) + 1, now)
    const nextAt = next === null ? null : new Date(next).toISOString()
    await table.update(keys.webhookDelivery(d.orgId, d.webhookId, d.id), {
      UpdateExpression: `SET #s = :s, statusCode = :code, attempts = :n, windowAttempts = :w, lastAttemptAt = :at, nextAttemptAt = :next, #e = :e${
        nextAt ? ', gsi1pk = :pk, gsi1sk = :sk REMOVE claimedUntil' : ' REMOVE claimedUntil, gsi1pk, gsi1sk'
      }`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
      ExpressionAttributeValues: {
        ':s': nextAt ? 'pending' : 'failed',
        ':code': statusCode,
        ':n': d.attempts + 1,
        ':w': (d.windowAttempts ?? d.attempts) + 1,
        ':at': new Date(now).toISOString(),
        ':next': nextAt,
        ':e': error.slice(0, 300),
        ...(nextAt ? { ':pk': keys.webhookDue, ':sk': keys.webhookDueAt(nextAt, d.orgId, d.webhookId, d.id) } : {}),
      },
    })
  },

  /**
   * A delivery of a closed organization, not tried: due again at `until`, its 24-hour window of
   * tries starting afresh, so that a reopened organization's receivers get their whole window.
   */
  held: (d: StoredDelivery, until: Date) =>
    table.update(keys.webhookDelivery(d.orgId, d.webhookId, d.id), {
      UpdateExpression:
        'SET windowAttempts = :zero, retryFrom = :at, nextAttemptAt = :at, gsi1pk = :pk, gsi1sk = :sk REMOVE claimedUntil',
      ConditionExpression: 'attribute_exists(pk) AND #s = :pending',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':zero': 0,
        ':at': until.toISOString(),
        ':pending': 'pending',
        ':pk': keys.webhookDue,
        ':sk': keys.webhookDueAt(until.toISOString(), d.orgId, d.webhookId, d.id),
      },
    }),

  /** A delivery no longer to send (its webhook was deleted, or its change undone): no longer due. */
  dropped: (d: StoredDelivery, why = 'The webhook was deleted') =>
    table.update(keys.webhookDelivery(d.orgId, d.webhookId, d.id), {
      UpdateExpression: 'SET #s = :failed, #e = :e REMOVE claimedUntil, gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
      ExpressionAttributeValues: { ':failed': 'failed', ':e': why },
    }),

  /** Deliveries due for a try now, oldest first: `{ orgId, webhookId, id }` each. */
  async due(limit = 50) {
    const page = await table.query({
      index: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':p': keys.webhookDue, ':now': `${nowIso()}#~` },
      Limit: limit,
    })
    return page.items.map((i) => ({ orgId: String(i.orgId), webhookId: String(i.webhookId), id: String(i.id) }))
  },
}
