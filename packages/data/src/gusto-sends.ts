import * as z from 'zod'
import { conflict, GustoSendStatus, type SentShift } from '@app/core'
import { keys } from './keys.ts'
import { isConditionFailure, nowIso, table } from './table.ts'

/** How long one run of the send job holds a send before another run may take it over (a crash). */
const CLAIM_MS = 10 * 60_000

export const GUSTO_SEND_UNDER_WAY = 'A send of this pay period to Gusto is already under way'

const Stored = GustoSendStatus.omit({ changedSinceSent: true }).extend({
  /** When the period was closed at the send's request: a reopen or a new close changes it. */
  closedAt: z.string().nullable(),
  requestedBy: z.string(),
  /** Runs of the job since it was requested: a retry waits longer after each. */
  attempts: z.number().int().default(0),
})
export type StoredGustoSend = z.infer<typeof Stored>

const SentSheet = z.object({ uuid: z.string(), version: z.string(), digest: z.string() })

/**
 * A pay period's sends to Gusto: one item for the last send's state, and one per shift sent with
 * Gusto's time sheet id and version, written as each is accepted, so a send that stops part way
 * (crash, 429, expired token) is carried on by the next one without a duplicate.
 */
export const gustoSendsOf = (orgId: string) => {
  const key = (start: string) => keys.gustoSend(orgId, start)
  const read = async (start: string) => {
    const item = await table.get(key(start))
    return item ? Stored.parse(item) : null
  }
  return {
    read,

    /** Queues a send; 409 while one is queued or running (a claimed one whose run died is taken over). */
    async request(start: string, by: string, closedAt: string | null, now = Date.now()): Promise<StoredGustoSend> {
      const send: StoredGustoSend = {
        state: 'queued',
        requestedAt: nowIso(),
        requestedBy: by,
        closedAt,
        attempts: 0,
        sentAt: (await read(start))?.sentAt ?? null,
        retryAt: null,
        created: 0,
        updated: 0,
        deleted: 0,
        unchanged: 0,
        payrollSynced: false,
        paidTimeOffSent: false,
        errors: [],
      }
      try {
        await table.put(
          {
            ...key(start),
            ...send,
            orgId,
            start,
            gsi1pk: keys.gustoSendsDue,
            gsi1sk: `${send.requestedAt}#${orgId}#${start}`,
          },
          {
            ConditionExpression:
              'attribute_not_exists(pk) OR NOT (#s IN (:queued, :sending)) OR (attribute_exists(claimedUntil) AND claimedUntil < :now)',
            ExpressionAttributeNames: { '#s': 'state' },
            ExpressionAttributeValues: { ':queued': 'queued', ':sending': 'sending', ':now': now },
          },
        )
      } catch (e) {
        if (isConditionFailure(e)) throw conflict(GUSTO_SEND_UNDER_WAY)
        throw e
      }
      return send
    },

    /** Takes a queued send (or one whose retry time has come) for one run; false when another run has it. */
    async claim(start: string, now = Date.now()): Promise<boolean> {
      try {
        await table.update(key(start), {
          UpdateExpression:
            'SET #s = :sending, claimedUntil = :until, attempts = if_not_exists(attempts, :zero) + :one',
          ConditionExpression:
            '(#s = :queued AND (attribute_not_exists(retryAt) OR retryAt = :null OR retryAt <= :nowIso)) OR (#s = :sending AND claimedUntil < :now)',
          ExpressionAttributeNames: { '#s': 'state' },
          ExpressionAttributeValues: {
            ':sending': 'sending',
            ':queued': 'queued',
            ':until': now + CLAIM_MS,
            ':now': now,
            ':nowIso': new Date(now).toISOString(),
            ':null': null,
            ':zero': 0,
            ':one': 1,
          },
        })
        return true
      } catch (e) {
        if (isConditionFailure(e)) return false
        throw e
      }
    },

    /** The run ended: its outcome, counts and errors (the claim freed). */
    async finish(
      start: string,
      outcome: Pick<
        StoredGustoSend,
        | 'state'
        | 'retryAt'
        | 'created'
        | 'updated'
        | 'deleted'
        | 'unchanged'
        | 'payrollSynced'
        | 'paidTimeOffSent'
        | 'errors'
      >,
    ) {
      await table.update(key(start), {
        UpdateExpression:
          'SET #s = :s, retryAt = :r, created = :c, updated = :u, deleted = :d, unchanged = :n, payrollSynced = :p, paidTimeOffSent = :o, errors = :e' +
          (outcome.state === 'sent' ? ', sentAt = :at' : '') +
          (outcome.state === 'queued' ? ', gsi1sk = :due REMOVE claimedUntil' : ' REMOVE claimedUntil, gsi1pk, gsi1sk'),
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: {
          ':s': outcome.state,
          ':r': outcome.retryAt,
          ':c': outcome.created,
          ':u': outcome.updated,
          ':d': outcome.deleted,
          ':n': outcome.unchanged,
          ':p': outcome.payrollSynced,
          ':o': outcome.paidTimeOffSent,
          ':e': outcome.errors,
          ...(outcome.state === 'sent' ? { ':at': nowIso() } : {}),
          ...(outcome.state === 'queued' ? { ':due': `${outcome.retryAt ?? nowIso()}#${orgId}#${start}` } : {}),
        },
      })
    },

    /** The shifts sent so far for a period, by their key. */
    async sheets(start: string): Promise<Record<string, SentShift>> {
      const items = await table.queryAll({
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':p': key(start).pk, ':s': keys.gustoSheetsPrefix(start) },
      })
      return Object.fromEntries(
        items.map((i) => [String(i.sk).slice(keys.gustoSheetsPrefix(start).length), SentSheet.parse(i)]),
      )
    },
    async recordSheet(start: string, shiftKey: string, sent: SentShift): Promise<void> {
      await table.put({ ...keys.gustoSheet(orgId, start, shiftKey), ...sent })
    },
    async forgetSheet(start: string, shiftKey: string): Promise<void> {
      await table.delete(keys.gustoSheet(orgId, start, shiftKey))
    },
  }
}

/** Sends to Gusto waiting for the send job whose time has come, oldest first (every organization's). */
export const gustoSendsDue = async (now = new Date()): Promise<{ orgId: string; start: string }[]> => {
  const items = await table.queryAll({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':p': keys.gustoSendsDue, ':now': `${now.toISOString()}#~` },
  })
  return items.map((i) => ({ orgId: String(i.orgId), start: String(i.start) }))
}
