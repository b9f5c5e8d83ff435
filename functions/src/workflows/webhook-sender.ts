import { lookup } from 'node:dns'
import { request as httpRequest, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { config } from '@app/adapters'
import { closedHoldUntil, deliveryAddressProblem, WEBHOOK_TIMEOUT_MS, webhookUrlProblem } from '@app/core'
import { closedOrganizations, orgDb, webhookDeliveries, type QueuedWebhook, type StoredDelivery } from '@app/data'

/** What one try got: the HTTP status, or null and why when nothing answered. */
export interface TryResult {
  statusCode: number | null
  error?: string
}

/**
 * Resolves like Node's own lookup, then refuses the connection when an address it would use is
 * not allowed (on AWS: private, loopback, link-local...). The check is on the very address the
 * socket connects to, so a name that resolves differently a second time (DNS rebinding) cannot
 * slip past it.
 */
export const checkedLookup =
  (local: boolean): LookupFunction =>
  (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0)
      const list = addresses as unknown as { address: string; family: number }[]
      const refused = list.map((a) => deliveryAddressProblem(a.address, local)).find(Boolean)
      if (refused || !list.length) {
        const e = Object.assign(new Error(refused ?? `No address for ${hostname}`), { code: 'EADDRNOTALLOWED' })
        return callback(e, '', 0)
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: unknown) => void)(null, list)
      callback(null, list[0]!.address, list[0]!.family)
    })
  }

/**
 * POSTs `body` with `headers` to `url` through the checked lookup, within WEBHOOK_TIMEOUT_MS.
 * Redirects are not followed (a 3xx is a failed try), and the answer's body is not read beyond its end.
 */
export const postJson = (url: string, body: string, headers: Record<string, string>, local: boolean) =>
  new Promise<TryResult>((resolve) => {
    const problem = webhookUrlProblem(url, local)
    if (problem) return resolve({ statusCode: null, error: problem })
    const target = new URL(url)
    const options: RequestOptions = {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'MinistryTimesheets-Webhooks/1',
      },
      lookup: checkedLookup(local),
      timeout: WEBHOOK_TIMEOUT_MS,
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    const req = send(target, options, (res) => {
      res.resume() // the answer's body is not needed
      res.on('end', () => resolve({ statusCode: res.statusCode ?? null }))
      res.on('error', () => resolve({ statusCode: res.statusCode ?? null }))
    })
    const timer = setTimeout(
      () => req.destroy(new Error(`Timed out after ${WEBHOOK_TIMEOUT_MS} ms`)),
      WEBHOOK_TIMEOUT_MS,
    )
    req.on('close', () => clearTimeout(timer))
    req.on('timeout', () => req.destroy(new Error(`Timed out after ${WEBHOOK_TIMEOUT_MS} ms`)))
    req.on('error', (e) => resolve({ statusCode: null, error: e.message }))
    req.end(body)
  })

/** Standard Webhooks' headers of one try: the id stays the same on every try of a delivery. */
export const signedHeaders = (secret: string, delivery: Pick<StoredDelivery, 'id' | 'payload'>) => {
  const msgId = `msg_${delivery.id}`
  const now = new Date()
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(msgId, now, delivery.payload),
  }
}

/**
 * Tries one delivery now, if it is still due and no other sender holds it; records what happened
 * (delivered, or due again after the backoff, or given up after 24 hours). A closed organization's
 * delivery is not tried: it waits, as its emails do (mailer.ts), for a reopening or the erasure.
 * `closed` is what the caller already knows; unknown, it is read here. Never throws: the change
 * that queued it has committed and stands.
 */
export const deliverWebhook = async (
  orgId: string,
  webhookId: string,
  id: string,
  closed?: boolean,
): Promise<boolean> => {
  try {
    if (!(await webhookDeliveries.claim(orgId, webhookId, id))) return false
    const { delivery, webhook } = await webhookDeliveries.load(orgId, webhookId, id)
    if (!delivery) return false
    if (!webhook) {
      await webhookDeliveries.dropped(delivery)
      return false
    }
    if (closed ?? (await orgDb(orgId).closure.state()) !== undefined) {
      await webhookDeliveries.held(delivery, closedHoldUntil())
      return false
    }
    const secret = await webhookDeliveries.signingSecret(orgId, webhook)
    const result = await postJson(webhook.url, delivery.payload, signedHeaders(secret, delivery), config.isLocal)
    if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) {
      await webhookDeliveries.delivered(delivery, result.statusCode)
      return true
    }
    const error = result.error ?? `HTTP ${result.statusCode}`
    console.log(JSON.stringify({ level: 'warn', event: 'webhook-failed', orgId, webhookId, deliveryId: id, error }))
    await webhookDeliveries.failed(delivery, result.statusCode, error)
    return false
  } catch (e) {
    console.log(
      JSON.stringify({ level: 'warn', event: 'webhook-error', orgId, webhookId, deliveryId: id, error: String(e) }),
    )
    return false
  }
}

/**
 * Tries the deliveries a change just committed, at once and side by side (at most 20: a bulk
 * approval's others stay due, and the retry job sends them within minutes); each organization's
 * closure is read once.
 */
export const deliverNow = async (queued: readonly QueuedWebhook[]) => {
  const isClosed = closedOrganizations()
  await Promise.all(
    queued.slice(0, 20).map(async (q) => deliverWebhook(q.orgId, q.webhookId, q.id, await isClosed(q.orgId))),
  )
}

/** Drops deliveries a change queued when the change was undone after (a close undone by a late edit). */
export const dropQueued = async (queued: readonly QueuedWebhook[]) => {
  await Promise.all(
    queued.map(async (q) => {
      const { delivery } = await webhookDeliveries.load(q.orgId, q.webhookId, q.id)
      if (delivery?.status === 'pending') await webhookDeliveries.dropped(delivery, 'The change was undone')
    }),
  )
}

/**
 * The retry job's part for webhooks: tries the deliveries that are due, ten at a time, so a run of
 * slow receivers (each at most WEBHOOK_TIMEOUT_MS) stays well inside the job's timeout.
 */
export const retryDueWebhooks = async () => {
  const due = await webhookDeliveries.due()
  const isClosed = closedOrganizations()
  let delivered = 0
  for (let i = 0; i < due.length; i += 10) {
    const results = await Promise.all(
      due.slice(i, i + 10).map(async (d) => deliverWebhook(d.orgId, d.webhookId, d.id, await isClosed(d.orgId))),
    )
    delivered += results.filter(Boolean).length
  }
  return { webhooksTried: due.length, webhooksDelivered: delivered }
}
