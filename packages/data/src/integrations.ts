import { createHash, randomBytes } from 'node:crypto'
import * as z from 'zod'
import { integrationNames, type IntegrationId } from '@app/core'
import { decryptSecret, encryptSecret, type TokenSet } from '@app/adapters'
import { auditRecord, type Actor } from './audit.ts'
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
      const items = await table.queryAll({
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':p': keys.orgPk(orgId), ':s': keys.integrationsPrefix },
      })
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
