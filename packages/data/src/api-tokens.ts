import { createHash, randomBytes, randomUUID } from 'node:crypto'
import * as z from 'zod'
import {
  API_ORG_RATE_PER_MINUTE,
  API_TOKEN_PREFIX,
  API_TOKEN_RATE_PER_MINUTE,
  ApiScope,
  apiTokenMessages,
  AppError,
  conflict,
  forbidden,
  isApiTokenShape,
  isTokenExpired,
  mayAddToken,
  messages,
  notFound,
  type ApiTokenCreated,
  type ApiTokenInput,
  type ApiTokenView,
} from '@app/core'
import { auditRecord, type Actor } from './audit.ts'
import { keys } from './keys.ts'
import { epochSeconds, isConditionFailure, nowIso, table } from './table.ts'
import { supervisorInTermCheck, supervisorTermOf } from './users.ts'

/** The table keeps only a hash of a token's secret, so a copy of the table reaches no API. */
const hash = (token: string) => createHash('sha256').update(token).digest('base64url')

const StoredToken = z.object({
  pk: z.string(),
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  scopes: z.array(ApiScope),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().optional(),
  expiresAt: z.string().optional(),
  /** The maker's term as a supervisor when they made it (users.ts, `supervisorTermOf`); absent is 0. */
  makerTerm: z.number().optional(),
})
type StoredToken = z.infer<typeof StoredToken>

/**
 * What a request made with a token acts as: its organization, the supervisor who made it (while
 * they are one in the term they made it in, `makerTerm`), its scopes.
 */
export interface ApiTokenGrant {
  id: string
  orgId: string
  name: string
  scopes: ApiScope[]
  createdBy: string
  makerTerm: number
}

const view = (t: StoredToken): ApiTokenView => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes,
  createdAt: t.createdAt,
  lastUsedAt: t.lastUsedAt ?? null,
  expiresAt: t.expiresAt ?? null,
})

/** A token belongs to the organization: its records are about the organization, the token named in the change. */
const tokenSubject = { type: 'organization' as const }
const tokenChange = (before: string | null, after: string | null) => [{ field: 'apiToken', before, after }]

/** An organization's API tokens (Settings → API). */
export const apiTokensOf = (orgId: string) => {
  const stored = async () =>
    (
      await table.queryAll({
        index: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': keys.orgApiTokens(orgId) },
      })
    ).map((i) => StoredToken.parse(i))

  /** Revokes one stored token at once, with its audit record (404 when it is gone meanwhile). */
  const revokeStored = async (token: StoredToken, actor: Actor) => {
    const id = token.id
    const index = await table.get(keys.apiTokenIndex(orgId))
    try {
      await table.transact([
        {
          Delete: {
            Key: { pk: token.pk, sk: keys.apiToken('').sk },
            ConditionExpression: 'orgId = :o AND id = :id',
            ExpressionAttributeValues: { ':o': orgId, ':id': id },
          },
        },
        // It no longer counts toward the organization's limit (the index, once there is one).
        ...(index
          ? [
              {
                Update: {
                  Key: keys.apiTokenIndex(orgId),
                  UpdateExpression: 'REMOVE tokens.#id SET v = v + :one',
                  ExpressionAttributeNames: { '#id': id },
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ]
          : []),
        auditRecord(orgId, actor, {
          action: 'apiToken.revoked',
          subject: tokenSubject,
          changes: tokenChange(token.name, null),
        }),
      ])
    } catch (e) {
      if (isConditionFailure(e)) throw notFound('API token')
      throw e
    }
  }

  return {
    /**
     * A new token and its audit record at once; the secret is answered this once and stored only
     * as a hash. Refused (409) when the organization holds MAX_API_TOKENS live tokens: they are
     * counted on one index item written in the same transaction (conditioned on its version), so
     * two makes at once cannot both pass the limit; the index is seeded from the list when missing.
     * The maker must be a supervisor, in the term the token records, when it commits: one demoted
     * meanwhile gets 403, so no token of theirs is made after the demotion's clean-up looked.
     */
    async create(input: ApiTokenInput, actor: Actor & { id: string }): Promise<ApiTokenCreated> {
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
      const id = randomUUID()
      const expiresAt = input.expiresAt ?? null
      const makerTerm = supervisorTermOf(await table.get(keys.user(orgId, actor.id)))
      for (let attempt = 0; ; attempt++) {
        const createdAt = nowIso()
        const index = await table.get(keys.apiTokenIndex(orgId))
        const known: Record<string, string | null> = index
          ? ((index.tokens as Record<string, string | null> | undefined) ?? {})
          : Object.fromEntries((await stored()).map((t) => [t.id, t.expiresAt ?? null]))
        const live = Object.entries(known).filter(([, at]) => !isTokenExpired(at))
        if (!mayAddToken(live.map(([, at]) => ({ expiresAt: at })))) throw conflict(apiTokenMessages.tooMany)
        const version = Number(index?.v ?? 0)
        try {
          await table.transact([
            {
              Put: {
                Item: {
                  ...keys.apiToken(hash(token)),
                  id,
                  orgId,
                  name: input.name,
                  scopes: input.scopes,
                  createdAt,
                  createdBy: actor.id,
                  ...(makerTerm ? { makerTerm } : {}),
                  ...(expiresAt ? { expiresAt } : {}),
                  gsi1pk: keys.orgApiTokens(orgId),
                  gsi1sk: `${createdAt}#${id}`,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                Item: {
                  ...keys.apiTokenIndex(orgId),
                  tokens: { ...Object.fromEntries(live), [id]: expiresAt },
                  v: version + 1,
                },
                ConditionExpression: index ? 'v = :v' : 'attribute_not_exists(pk)',
                ...(index ? { ExpressionAttributeValues: { ':v': version } } : {}),
              },
            },
            auditRecord(orgId, actor, {
              action: 'apiToken.created',
              subject: tokenSubject,
              changes: tokenChange(
                null,
                `${input.name} (${input.scopes.join(', ')})${expiresAt ? `, expires ${expiresAt}` : ''}`,
              ),
            }),
            supervisorInTermCheck(orgId, actor.id, makerTerm),
          ])
          return { id, name: input.name, scopes: input.scopes, token, createdAt, expiresAt }
        } catch (e) {
          if (isConditionFailure(e, 3)) throw forbidden(messages.supervisorsOnly)
          // Another token was made or revoked between the read and the write: count again (a few times).
          if (!isConditionFailure(e, 1) || attempt >= 3) throw e
        }
      }
    },

    /** The organization's tokens (or those `madeBy` one supervisor), oldest first, without their secrets. */
    list: async (madeBy?: string): Promise<ApiTokenView[]> =>
      (await stored()).filter((t) => madeBy === undefined || t.createdBy === madeBy).map(view),

    /** Revokes a token at once (its next request is 401), with its audit record; `madeBy`: only one of theirs. */
    async revoke(id: string, actor: Actor, madeBy?: string) {
      const token = (await stored()).find((t) => t.id === id && (madeBy === undefined || t.createdBy === madeBy))
      if (!token) throw notFound('API token')
      await revokeStored(token, actor)
    },

    /**
     * Revokes every token `makerId` made, each with its audit record by `actor`: the clean-up after
     * they stopped being a supervisor (their tokens already answer 401: `ApiTokenGrant.makerTerm`).
     * Run again, it revokes what is left; one revoked meanwhile is skipped.
     */
    async revokeMadeBy(makerId: string, actor: Actor) {
      for (const token of (await stored()).filter((t) => t.createdBy === makerId)) {
        await revokeStored(token, actor).catch((e: unknown) => {
          if (!(e instanceof AppError && e.status === 404)) throw e
        })
      }
    },
  }
}

/** A minute as the rate window's name: `2026-11-26T09:41`. */
const minuteOf = (ms: number) => new Date(ms).toISOString().slice(0, 16)

/** Requests made with a token: who it is, and its per-minute rate. */
export const apiTokens = {
  /** The live token for this secret; undefined when unknown or revoked. */
  async find(token: string): Promise<ApiTokenGrant | undefined> {
    if (!isApiTokenShape(token)) return undefined
    const item = await table.get(keys.apiToken(hash(token)))
    if (!item) return undefined
    const t = StoredToken.parse(item)
    // An expired token is refused as a revoked one is (it stays listed until revoked).
    if (isTokenExpired(t.expiresAt)) return undefined
    return {
      id: t.id,
      orgId: t.orgId,
      name: t.name,
      scopes: t.scopes,
      createdBy: t.createdBy,
      makerTerm: t.makerTerm ?? 0,
    }
  },

  /**
   * Counts one request of the organization's tokens in this minute's window; false once they made
   * `limit` together this minute (each token is held to its own rate besides).
   */
  async countOrgUse(orgId: string, now = Date.now(), limit = API_ORG_RATE_PER_MINUTE): Promise<boolean> {
    try {
      await table.update(keys.apiOrgRate(orgId, minuteOf(now)), {
        UpdateExpression: 'ADD n :one SET expire = if_not_exists(expire, :expire)',
        ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expire': epochSeconds(now) + 120 },
      })
      return true
    } catch (e) {
      if (isConditionFailure(e)) return false
      throw e
    }
  },

  /**
   * Counts one request in this minute's window; false once the token made `limit` this minute.
   * The first request of a minute also stamps `lastUsedAt` (so it is right to the minute, at one
   * write a minute), and only while the token exists: a revoked token's stamp is not brought back.
   */
  async countUse(token: string, now = Date.now(), limit = API_TOKEN_RATE_PER_MINUTE): Promise<boolean> {
    const h = hash(token)
    let count: number
    try {
      const out = await table.update(keys.apiTokenRate(h, minuteOf(now)), {
        UpdateExpression: 'ADD n :one SET expire = if_not_exists(expire, :expire)',
        ConditionExpression: 'attribute_not_exists(n) OR n < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expire': epochSeconds(now) + 120 },
        ReturnValues: 'UPDATED_NEW',
      })
      count = Number(out?.n ?? 1)
    } catch (e) {
      if (isConditionFailure(e)) return false
      throw e
    }
    if (count === 1) {
      await table
        .update(keys.apiToken(h), {
          UpdateExpression: 'SET lastUsedAt = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': new Date(now).toISOString() },
        })
        .catch((e: unknown) => {
          if (!isConditionFailure(e)) throw e
        })
    }
    return true
  },
}
