import * as z from 'zod'
import { conflict, integrationNames, IntegrationSendStatus, type SentShift } from '@app/core'
import { keys } from './keys.ts'
import { isConditionFailure, nowIso, table } from './table.ts'

/** How long one run of the send job holds a send before another run may take it over (a crash). */
const CLAIM_MS = 10 * 60_000

/** The vendors a pay period is sent to. */
export type SendVendor = 'quickbooks' | 'gusto'

export const sendUnderWay = (vendor: SendVendor) =>
  `A send of this pay period to ${integrationNames[vendor]} is already under way`
export const GUSTO_SEND_UNDER_WAY = sendUnderWay('gusto')

const Stored = IntegrationSendStatus.omit({ changedSinceSent: true }).extend({
  /** When the period was closed at the send's request: a reopen or a new close changes it. */
  closedAt: z.string().nullable(),
  requestedBy: z.string(),
  /** Runs of the job since it was requested: a retry waits longer after each. */
  attempts: z.number().int().default(0),
})
export type StoredSend = z.infer<typeof Stored>
export type StoredGustoSend = StoredSend

/** A send's figures before it has sent anything, and after a run that sent nothing. */
export const nothingSent = (): Pick<
  StoredSend,
  'created' | 'updated' | 'deleted' | 'unchanged' | 'payrollSynced' | 'paidTimeOffSent' | 'errors'
> => ({
  created: 0,
  updated: 0,
  deleted: 0,
  unchanged: 0,
  payrollSynced: false,
  paidTimeOffSent: false,
  errors: [],
})

const SentSheet = z.object({ uuid: z.string(), version: z.string(), digest: z.string() })

/**
 * A pay period's sends to one vendor: one item for the last send's state, queued on the due list
 * for the send job, claimed by one run at a time, and finished (or queued again at its retry time).
 * What each send made at the vendor is recorded apart, as each record is accepted (Gusto's time
 * sheets below; QuickBooks' TimeActivity ids in `integrations.recordSent`), so a send that stops
 * part way (crash, 429, expired token) is carried on by the next run without a duplicate.
 */
export const integrationSendsOf = (orgId: string, vendor: SendVendor) => {
  const key = (start: string) => keys.integrationSend(orgId, vendor, start)
  const read = async (start: string) => {
    const item = await table.get(key(start))
    return item ? Stored.parse(item) : null
  }
  return {
    read,

    /** Queues a send; 409 while one is queued or running (a claimed one whose run died is taken over). */
    async request(start: string, by: string, closedAt: string | null, now = Date.now()): Promise<StoredSend> {
      const send: StoredSend = {
        state: 'queued',
        requestedAt: nowIso(),
        requestedBy: by,
        closedAt,
        attempts: 0,
        sentAt: (await read(start))?.sentAt ?? null,
        retryAt: null,
        ...nothingSent(),
      }
      try {
        await table.put(
          {
            ...key(start),
            ...send,
            orgId,
            vendor,
            start,
            gsi1pk: keys.integrationSendsDue,
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
        if (isConditionFailure(e)) throw conflict(sendUnderWay(vendor))
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
        StoredSend,
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
  }
}

/** Sends to Gusto, with the shifts each sent as time sheets (Gusto's id and version, and what each held). */
export const gustoSendsOf = (orgId: string) => {
  const key = (start: string) => keys.gustoSheetsPrefix(start)
  return {
    ...integrationSendsOf(orgId, 'gusto'),
    /** The shifts sent so far for a period, by their key. */
    async sheets(start: string): Promise<Record<string, SentShift>> {
      const items = await table.queryPrefix(keys.orgPk(orgId), key(start))
      return Object.fromEntries(items.map((i) => [String(i.sk).slice(key(start).length), SentSheet.parse(i)]))
    },
    async recordSheet(start: string, shiftKey: string, sent: SentShift): Promise<void> {
      await table.put({ ...keys.gustoSheet(orgId, start, shiftKey), ...sent })
    },
    async forgetSheet(start: string, shiftKey: string): Promise<void> {
      await table.delete(keys.gustoSheet(orgId, start, shiftKey))
    },
  }
}

/** Sends waiting for the send job whose time has come, oldest first (every organization's, both vendors). */
export const integrationSendsDue = async (
  now = new Date(),
): Promise<{ orgId: string; vendor: SendVendor; start: string }[]> => {
  const items = await table.queryAll({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':p': keys.integrationSendsDue, ':now': `${now.toISOString()}#~` },
  })
  return items.map((i) => ({ orgId: String(i.orgId), vendor: i.vendor as SendVendor, start: String(i.start) }))
}
