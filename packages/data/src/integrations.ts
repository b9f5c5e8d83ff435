import { createHash, randomBytes } from 'node:crypto'
import * as z from 'zod'
import { integrationNames, PeriodSentView, type IntegrationId } from '@app/core'
import { decryptSecret, encryptSecret, type TokenSet } from '@app/adapters'
import { auditRecord, type Actor } from './audit.ts'
import { effectItems, type Effects } from './effects.ts'
import { keys } from './keys.ts'
import { epochSeconds, isConditionFailure, nowIso, table } from './table.ts'

/**
 * Integrations (Settings → Integrations): each vendor's connection with its OAuth tokens sealed
 * with the stack's key, the single-use `state` of a consent in progress, and the pairs of our
 * members, codes and pay types with the vendor's. Connecting, disconnecting and matching write
 * their audit record in the same transaction.
 */
const StoredIntegration = z.object({
  vendor: z.string(),
  /** The TokenSet as JSON, sealed (encryptSecret); absent when disconnected. */
  sealedTokens: z.string().optional(),
  /** When the access token expires (plain, so a refresh can be planned without opening the tokens). */
  expiresAt: z.string().optional(),
  /** Counts each new set of tokens: a refresh is stored only over the version it refreshed. */
  tokenVersion: z.number().optional(),
  /** The vendor refused our tokens and a refresh did not help: the supervisor connects again. */
  reconnectNeeded: z.boolean().optional(),
  account: z.string().nullable().optional(),
  connectedAt: z.string().nullable().optional(),
  lastSentAt: z.string().nullable().optional(),
})
export type StoredIntegration = z.infer<typeof StoredIntegration>

const StoredMatch = z.object({ ourId: z.string(), vendorId: z.string(), vendorName: z.string() })
export type StoredMatch = z.infer<typeof StoredMatch>

/** One record sent: the vendor's id and version (QuickBooks' Id and SyncToken), and what it held. */
export const SentRecord = z.object({
  key: z.string(),
  vendorId: z.string(),
  syncToken: z.string(),
  /** What was sent, as text, so a re-send tells a changed record from an unchanged one. */
  fingerprint: z.string(),
})
export type SentRecord = z.infer<typeof SentRecord>

/** A period's last send, as the page shows it (PeriodSentView), with the period and the closing it sent. */
export const PeriodSent = PeriodSentView.extend({
  start: z.string(),
  end: z.string(),
  /** The closing that was sent: a period reopened (and closed again) since is "changed since sent". */
  closedAt: z.string(),
})
export type PeriodSent = z.infer<typeof PeriodSent>

/** An open connection: its tokens and the version they are. */
export interface OpenConnection {
  tokens: TokenSet
  version: number
  account: string | null
  reconnectNeeded: boolean
}

/** How long a started consent may take before its state is refused. */
export const CONSENT_MINUTES = 10
/** How long one refresh holds the connection, so two requests never refresh it at once. */
const REFRESH_LEASE_MS = 30_000

const sealingContext = (orgId: string, vendor: string) => ({ purpose: 'integration-tokens', orgId, vendor })
const hashOf = (state: string) => createHash('sha256').update(state).digest('hex')
const subject = { type: 'organization' as const }

export const integrationsOf = (orgId: string) => {
  const seal = async (tokens: TokenSet, vendor: string) =>
    encryptSecret(JSON.stringify(tokens), sealingContext(orgId, vendor))

  const stored = async (vendor: IntegrationId) => {
    const item = await table.get(keys.integration(orgId, vendor))
    return item ? StoredIntegration.parse(item) : undefined
  }

  return {
    /** Every integration the organization has stored anything for. */
    async list(): Promise<StoredIntegration[]> {
      const items = await table.queryPrefix(keys.orgPk(orgId), keys.integrationsPrefix)
      return items.map((i) => StoredIntegration.parse(i))
    },

    get: stored,

    /** A new consent: its `state` (answered once, stored only as a hash) for `userId` to finish. */
    async startConsent(vendor: IntegrationId, userId: string): Promise<string> {
      const state = randomBytes(32).toString('base64url')
      const now = Date.now()
      await table.put(
        {
          ...keys.integrationState(orgId, hashOf(state)),
          vendor,
          userId,
          startedAt: now,
          expire: epochSeconds(now + CONSENT_MINUTES * 60_000),
        },
        { ConditionExpression: 'attribute_not_exists(pk)' },
      )
      return state
    },

    /**
     * Uses up a consent's `state`: true when this organization's `userId` started it for `vendor`
     * within CONSENT_MINUTES. Taken once, whatever the answer (a replayed state finds nothing).
     */
    async takeConsent(vendor: IntegrationId, state: string, userId: string): Promise<boolean> {
      const item = await table.delete(keys.integrationState(orgId, hashOf(state)), { ReturnValues: 'ALL_OLD' })
      if (!item) return false
      const fresh = Date.now() - Number(item.startedAt) <= CONSENT_MINUTES * 60_000
      return fresh && item.vendor === vendor && item.userId === userId
    },

    /** Stores a new connection's tokens (replacing any before), with its audit record. */
    async connect(vendor: IntegrationId, tokens: TokenSet, account: string | null, actor: Actor) {
      const before = await stored(vendor)
      const now = nowIso()
      await table.transact([
        {
          Update: {
            Key: keys.integration(orgId, vendor),
            UpdateExpression:
              'SET vendor = :v, sealedTokens = :t, expiresAt = :e, tokenVersion = :n, account = :a, connectedAt = :now, reconnectNeeded = :no REMOVE refreshingUntil',
            ExpressionAttributeValues: {
              ':v': vendor,
              ':t': await seal(tokens, vendor),
              ':e': tokens.expiresAt,
              ':n': (before?.tokenVersion ?? 0) + 1,
              ':a': account,
              ':now': now,
              ':no': false,
            },
          },
        },
        auditRecord(orgId, actor, {
          action: 'integration.connected',
          subject,
          changes: [{ field: 'integration', before: null, after: integrationNames[vendor] }],
        }),
      ])
    },

    /** The stored tokens, opened; undefined when not connected. */
    async open(vendor: IntegrationId): Promise<OpenConnection | undefined> {
      const item = await stored(vendor)
      if (!item?.sealedTokens) return undefined
      const tokens = JSON.parse(await decryptSecret(item.sealedTokens, sealingContext(orgId, vendor))) as TokenSet
      return {
        tokens,
        version: item.tokenVersion ?? 0,
        account: item.account ?? null,
        reconnectNeeded: item.reconnectNeeded ?? false,
      }
    },

    /** Holds the connection for one refresh of `version`; false when another holds it or it moved on. */
    async claimRefresh(vendor: IntegrationId, version: number): Promise<boolean> {
      const now = Date.now()
      try {
        await table.update(keys.integration(orgId, vendor), {
          UpdateExpression: 'SET refreshingUntil = :until',
          ConditionExpression:
            'tokenVersion = :v AND attribute_exists(sealedTokens) AND (attribute_not_exists(refreshingUntil) OR refreshingUntil < :now)',
          ExpressionAttributeValues: { ':until': now + REFRESH_LEASE_MS, ':v': version, ':now': now },
        })
        return true
      } catch (e) {
        if (isConditionFailure(e)) return false
        throw e
      }
    },

    /** Stores refreshed tokens over the version they refreshed (a disconnect meanwhile wins). */
    async refreshed(vendor: IntegrationId, tokens: TokenSet, version: number): Promise<boolean> {
      try {
        await table.update(keys.integration(orgId, vendor), {
          UpdateExpression: 'SET sealedTokens = :t, expiresAt = :e, tokenVersion = :n REMOVE refreshingUntil',
          ConditionExpression: 'tokenVersion = :v AND attribute_exists(sealedTokens)',
          ExpressionAttributeValues: {
            ':t': await seal(tokens, vendor),
            ':e': tokens.expiresAt,
            ':n': version + 1,
            ':v': version,
          },
        })
        return true
      } catch (e) {
        if (isConditionFailure(e)) return false
        throw e
      }
    },

    /** The vendor refused the tokens and a refresh did not help: the page asks for a new connection. */
    async needsReconnect(vendor: IntegrationId) {
      await table
        .update(keys.integration(orgId, vendor), {
          UpdateExpression: 'SET reconnectNeeded = :yes REMOVE refreshingUntil',
          ConditionExpression: 'attribute_exists(sealedTokens)',
          ExpressionAttributeValues: { ':yes': true },
        })
        .catch((e: unknown) => {
          if (!isConditionFailure(e)) throw e
        })
    },

    /** The pairs of our things of one kind (members, codes, pay items) with the vendor's. */
    async matches(vendor: IntegrationId, kind: string): Promise<StoredMatch[]> {
      const items = await table.queryPrefix(keys.orgPk(orgId), keys.integrationMatchesPrefix(vendor, kind))
      return items.map((i) => StoredMatch.parse(i))
    },

    /**
     * Sets pairs of one kind (a null vendor id removes the pair), with one audit record naming how
     * many changed; in transactions of at most 99 items, the record in the first.
     */
    async saveMatches(
      vendor: IntegrationId,
      kind: string,
      pairs: readonly { ourId: string; vendorId: string | null; vendorName: string }[],
      actor: Actor,
    ) {
      const writes = pairs.map((p) =>
        p.vendorId === null
          ? { Delete: { Key: keys.integrationMatch(orgId, vendor, kind, p.ourId) } }
          : {
              Put: {
                Item: {
                  ...keys.integrationMatch(orgId, vendor, kind, p.ourId),
                  ourId: p.ourId,
                  vendorId: p.vendorId,
                  vendorName: p.vendorName,
                },
              },
            },
      )
      for (let i = 0; i < Math.max(writes.length, 1); i += 99) {
        const chunk = writes.slice(i, i + 99)
        await table.transact([
          ...chunk,
          ...(i === 0
            ? [
                auditRecord(orgId, actor, {
                  action: 'integration.matched',
                  subject,
                  changes: [{ field: `${integrationNames[vendor]} ${kind}`, before: null, after: pairs.length }],
                }),
              ]
            : []),
        ])
      }
    },

    /** What a pay period sent a vendor, by record key. */
    async sentRecords(vendor: IntegrationId, start: string): Promise<Map<string, SentRecord>> {
      const items = await table.queryPrefix(keys.orgPk(orgId), keys.integrationSentPrefix(vendor, start))
      return new Map(items.map((i) => [String(i.key), SentRecord.parse(i)]))
    },

    /** One record sent (created or updated): written as soon as the vendor answered, so a crash never sends it twice. */
    recordSent: (vendor: IntegrationId, start: string, record: SentRecord) =>
      table.put({ ...keys.integrationSent(orgId, vendor, start, record.key), ...record }),

    /** A record the vendor deleted (a correction left its day with no hours). */
    forgetSent: (vendor: IntegrationId, start: string, key: string) =>
      table.delete(keys.integrationSent(orgId, vendor, start, key)),

    /** The period's last send to the vendor, if any. */
    async periodSent(vendor: IntegrationId, start: string): Promise<PeriodSent | undefined> {
      const item = await table.get(keys.integrationPeriod(orgId, vendor, start))
      return item ? PeriodSent.parse(item) : undefined
    },

    /** A send finished: its result on the period, the integration's last send, and the audit record, together. */
    async markSent(vendor: IntegrationId, sent: PeriodSent, actor: Actor, effects: Effects = {}) {
      await table.transact([
        ...effectItems(orgId, effects),
        { Put: { Item: { ...keys.integrationPeriod(orgId, vendor, sent.start), ...sent } } },
        {
          Update: {
            Key: keys.integration(orgId, vendor),
            UpdateExpression: 'SET lastSentAt = :at',
            ExpressionAttributeValues: { ':at': sent.sentAt },
          },
        },
        auditRecord(orgId, actor, {
          action: 'integration.sent',
          subject: { type: 'payPeriod', start: sent.start, end: sent.end },
          changes: [
            { field: integrationNames[vendor], before: null, after: sent.status },
            { field: 'records', before: null, after: sent.created + sent.updated + sent.unchanged },
            { field: 'failed', before: null, after: sent.failed },
          ],
        }),
      ])
    },

    /**
     * Deletes the stored tokens, with the audit record; what was sent and matched stays (a
     * reconnection finds it). False when nothing was connected.
     */
    async disconnect(vendor: IntegrationId, actor: Actor): Promise<boolean> {
      try {
        await table.transact([
          {
            Update: {
              Key: keys.integration(orgId, vendor),
              UpdateExpression:
                'REMOVE sealedTokens, expiresAt, refreshingUntil, reconnectNeeded, connectedAt, account',
              ConditionExpression: 'attribute_exists(sealedTokens)',
            },
          },
          auditRecord(orgId, actor, {
            action: 'integration.disconnected',
            subject,
            changes: [{ field: 'integration', before: integrationNames[vendor], after: null }],
          }),
        ])
        return true
      } catch (e) {
        if (isConditionFailure(e, 0)) return false
        throw e
      }
    },
  }
}
