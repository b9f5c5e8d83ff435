import * as z from 'zod'
import { ImportMapping, ImportRowResult, ImportState, notFound, type ImportCounts } from '@app/core'
import { auditRecord, type Actor } from './audit.ts'
import { claimRunning, failRunning, waitingItems } from './job-items.ts'
import { keys } from './keys.ts'
import { isConditionFailure, nowIso, table, type TransactInput } from './table.ts'

/** How long one run of the import job holds an import before another run may take it over. */
const CLAIM_MS = 5 * 60_000
/** The refused rows an import keeps with their reasons (an item stays far under DynamoDB's 400 KB). */
export const REFUSED_KEPT = 1000

const count = z.number().int().default(0)
const StoredImport = z.object({
  id: z.string(),
  status: ImportState,
  fileName: z.string(),
  fileKey: z.string(),
  mapping: ImportMapping,
  total: z.number().int(),
  done: z.number().int(),
  newCount: count,
  updatedCount: count,
  unchangedCount: count,
  refusedCount: count,
  refused: z.array(ImportRowResult).default([]),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  credentialsKey: z.string().optional(),
  credentialsIssuedAt: z.string().optional(),
})
export type StoredImport = z.infer<typeof StoredImport>

export const countsOf = (i: StoredImport): ImportCounts => ({
  new: i.newCount,
  updated: i.updatedCount,
  unchanged: i.unchangedCount,
  refused: i.refusedCount,
})

/** A new member's login made by an import: kept sealed until the job writes the credentials file. */
export interface ImportedLogin {
  line: number
  firstName: string
  lastName: string
  email: string
  username: string
  /** The temporary password, sealed with the stack's key (never stored readable). */
  sealedPassword: string
}

/**
 * One row's outcome, written in the same transaction as the change it made (when it made one):
 * the row's marker is put only if absent, so a row is applied and counted once however many runs
 * try it; a new member's sealed login is kept on it until the credentials file holds it.
 */
export interface ImportProgress {
  importId: string
  line: number
  status: keyof ImportCounts
  /** The refused row with its reason, kept on the import (the first REFUSED_KEPT of them). */
  refused?: ImportRowResult
  login?: Omit<ImportedLogin, 'line'>
}

export const importProgressItems = (orgId: string, p: ImportProgress): TransactInput[] => [
  {
    Update: {
      Key: keys.memberImport(orgId, p.importId),
      UpdateExpression: `ADD done :one, #c :one${p.refused ? ' SET refused = list_append(refused, :row)' : ''}`,
      ConditionExpression: '#s = :running',
      ExpressionAttributeNames: { '#s': 'status', '#c': `${p.status}Count` },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':one': 1,
        ...(p.refused ? { ':row': [p.refused] } : {}),
      },
    },
  },
  {
    Put: {
      Item: { ...keys.memberImportRow(orgId, p.importId, p.line), line: p.line, status: p.status, ...p.login },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
]

/** An organization's imports of members from a file, and the mapping it used last. */
export const memberImportsOf = (orgId: string) => {
  const key = (id: string) => keys.memberImport(orgId, id)
  return {
    /** The mapping of the last import started (column title to field), or none. */
    async rememberedMapping(): Promise<ImportMapping> {
      const item = await table.get(keys.importMapping(orgId))
      const parsed = ImportMapping.safeParse(item?.mapping)
      return parsed.success ? parsed.data : {}
    },

    /**
     * A new import, running, with its audit record and the mapping remembered for next time; the
     * import job applies its rows. `fileKey` names the rows as read from the file.
     */
    async start(
      actor: Actor & { id: string; firstName: string; lastName: string },
      input: { id: string; fileName: string; fileKey: string; mapping: ImportMapping; total: number },
    ): Promise<StoredImport> {
      const createdAt = nowIso()
      const item: StoredImport = {
        ...input,
        status: 'running',
        done: 0,
        newCount: 0,
        updatedCount: 0,
        unchangedCount: 0,
        refusedCount: 0,
        refused: [],
        createdAt,
        createdBy: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName },
      }
      await table.transact([
        {
          Put: {
            Item: {
              ...key(input.id),
              ...item,
              orgId,
              gsi1pk: keys.memberImportsRunning,
              gsi1sk: `${createdAt}#${orgId}#${input.id}`,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { Item: { ...keys.importMapping(orgId), mapping: input.mapping, updatedAt: createdAt } } },
        auditRecord(orgId, actor, {
          action: 'members.imported',
          subject: { type: 'organization' },
          changes: [
            { field: 'fileName', before: null, after: input.fileName },
            { field: 'rows', before: null, after: input.total },
          ],
        }),
      ])
      return item
    },

    async get(id: string): Promise<StoredImport> {
      const item = await table.get(key(id))
      if (!item) throw notFound('import')
      return StoredImport.parse(item)
    },

    /** Takes the import for one run of the job; false while another run holds it, or once it ended. */
    claim: (id: string, now = Date.now()) => claimRunning(key(id), CLAIM_MS, now),

    /** A row that changed nothing here (unchanged or refused), counted once; false when a run already did. */
    async record(progress: Omit<ImportProgress, 'login'>): Promise<boolean> {
      try {
        await table.transact(importProgressItems(orgId, progress))
        return true
      } catch (e) {
        if (isConditionFailure(e, 1)) return false
        throw e
      }
    },

    /** The rows done so far (their lines), and the logins made for new members, by line. */
    async rowsDone(id: string): Promise<{ lines: Set<number>; logins: ImportedLogin[] }> {
      const items = await table.queryPrefix(keys.orgPk(orgId), keys.memberImportRowsPrefix(id))
      const logins = items
        .filter((i) => typeof i.sealedPassword === 'string')
        .map((i) => ({
          line: Number(i.line),
          firstName: String(i.firstName),
          lastName: String(i.lastName),
          email: String(i.email),
          username: String(i.username),
          sealedPassword: String(i.sealedPassword),
        }))
      return { lines: new Set(items.map((i) => Number(i.line))), logins }
    },

    /**
     * Done: the credentials file's key when it made logins. Its rows' markers (and so the sealed
     * logins) are deleted once the file holds them, so a password is kept in one place only.
     * Answers false, changing nothing, when another run already ended the import.
     */
    async finish(id: string, credentialsKey: string | null, lines: Iterable<number>): Promise<boolean> {
      try {
        await table.update(key(id), {
          UpdateExpression: `SET #s = :done, finishedAt = :at${credentialsKey ? ', credentialsKey = :k' : ''} REMOVE gsi1pk, gsi1sk, claimedUntil`,
          ConditionExpression: '#s = :running',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':done': 'done',
            ':at': nowIso(),
            ':running': 'running',
            ...(credentialsKey ? { ':k': credentialsKey } : {}),
          },
        })
      } catch (e) {
        if (isConditionFailure(e)) return false
        throw e
      }
      await table.deleteMany([...lines].map((line) => keys.memberImportRow(orgId, id, line)))
      return true
    },

    /** Ends a running import as failed; false when another run already ended it. */
    fail: (id: string, error: string) => failRunning(key(id), error),

    /**
     * Whether this read is the one that hands out the credentials link: true once per import (a
     * conditional write), false before the file exists and ever after.
     */
    async issueCredentials(id: string): Promise<boolean> {
      try {
        await table.update(key(id), {
          UpdateExpression: 'SET credentialsIssuedAt = :at',
          ConditionExpression: 'attribute_exists(credentialsKey) AND attribute_not_exists(credentialsIssuedAt)',
          ExpressionAttributeValues: { ':at': nowIso() },
        })
        return true
      } catch (e) {
        if (isConditionFailure(e)) return false
        throw e
      }
    },
  }
}

/** Imports waiting for the import job, oldest first (every organization's). */
export const memberImports = {
  running: () => waitingItems(keys.memberImportsRunning),
}
