import { VendorError } from '@app/adapters'
import { AppError, integrationMessages, webhookRetryDelaySeconds } from '@app/core'
import { nothingSent, orgDb, systemActor, type Actor, type OrgDb, type SendVendor, type StoredSend } from '@app/data'
import { sendsOf, type SendOutcome } from '../workflows/integration-sends.ts'
import { deliverNow } from '../workflows/webhook-sender.ts'

/**
 * One run of a queued send to QuickBooks Online or Gusto, the same for both: claimed (one run at a
 * time), sent by the vendor's own `send`, its outcome stored, and its end recorded (the period's
 * send, the integration's last send, the audit trail and our `pay_period.sent` webhook). A 429 or
 * an outage queues it again (at the vendor's Retry-After, else the backoff), a refused token waits
 * for a reconnection; nothing the vendor accepted is lost either way (each record is recorded as it
 * is accepted, so the next run carries on without a duplicate).
 */

/** Runs of one send before it is given up on (a 429 or an outage that lasts past them). */
export const SEND_MAX_ATTEMPTS = 6

export type SendRunState = 'busy' | 'sent' | 'failed' | 'queued' | 'reconnect'

/** The vendor refused our tokens (or there are none): the supervisor connects again; nothing is lost. */
const needsConnection = (e: unknown) =>
  (e instanceof VendorError && e.unauthorized) ||
  (e instanceof AppError &&
    (e.message === integrationMessages.reconnectNeeded || e.message === integrationMessages.notConnected))

/** Who asked for the send, for the audit trail (the product itself when they are gone). */
const requester = async (db: OrgDb, stored: StoredSend | null): Promise<Actor> => {
  const user = stored ? await db.users.findForRecords(stored.requestedBy) : undefined
  return user ? { id: user.id, firstName: user.firstName, lastName: user.lastName } : systemActor('integration send')
}

/** A send that ended: on the period, the integration's last send, the audit trail and `pay_period.sent`, together. */
const recordEnd = async (
  db: OrgDb,
  vendor: SendVendor,
  start: string,
  stored: StoredSend | null,
  state: 'sent' | 'failed',
  outcome: SendOutcome,
) => {
  const [[period], actor] = await Promise.all([db.payroll.periods(start, start), requester(db, stored)])
  const done = outcome.created + outcome.updated + outcome.deleted + outcome.unchanged
  const status = state === 'sent' ? 'sent' : done > 0 ? 'partial' : 'failed'
  const counts = {
    created: outcome.created,
    updated: outcome.updated + outcome.deleted,
    unchanged: outcome.unchanged,
    failed: outcome.errors.length,
  }
  const sent = {
    start,
    end: period?.end ?? start,
    sentAt: new Date().toISOString(),
    closedAt: stored?.closedAt ?? '',
    status,
    ...counts,
  } as const
  const webhooks = await db.webhooks.event('pay_period.sent', {
    start: sent.start,
    end: sent.end,
    vendor,
    result: { status, ...counts },
    by: { userId: 'id' in actor ? actor.id : 'system' },
  })
  await db.integrations.markSent(vendor, sent, actor, { webhooks })
  await deliverNow(webhooks)
}

export const runSend = async (
  orgId: string,
  vendor: SendVendor,
  start: string,
  send: (db: OrgDb) => Promise<SendOutcome>,
  now = Date.now(),
): Promise<SendRunState> => {
  const db = orgDb(orgId)
  const sends = sendsOf(db, vendor)
  if (!(await sends.claim(start, now))) return 'busy'
  const stored = await sends.read(start)
  const attempts = stored?.attempts ?? 1
  const end = async (state: 'failed' | 'reconnect') => {
    await sends.finish(start, { ...nothingSent(), state, retryAt: null })
    return state
  }
  const retry = async (seconds: number | null) => {
    if (attempts >= SEND_MAX_ATTEMPTS) return end('failed')
    const wait = seconds ?? webhookRetryDelaySeconds(attempts)
    await sends.finish(start, { ...nothingSent(), state: 'queued', retryAt: new Date(now + wait * 1000).toISOString() })
    return 'queued' as const
  }
  try {
    const outcome = await send(db)
    const state = outcome.errors.length ? ('failed' as const) : ('sent' as const)
    await sends.finish(start, { ...outcome, state, retryAt: null })
    await recordEnd(db, vendor, start, stored, state, outcome)
    return state
  } catch (e) {
    if (needsConnection(e)) return end('reconnect')
    if (e instanceof VendorError && e.transient) return retry(e.retryAfterSeconds)
    // The period was reopened after the send was asked for: nothing is sent until it is closed again.
    if (e instanceof AppError && e.status < 500) return end('failed')
    console.error(JSON.stringify({ msg: 'integration send failed', orgId, vendor, start, error: String(e) }))
    return retry(null)
  }
}
