import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import { AppError, AuditEntry, ExportState, exportMessages, notFound, Timesheet } from '@app/core'
import { auditRecord, type Actor } from './audit.ts'
import { claimRunning, failRunning, waitingItems } from './job-items.ts'
import { keys } from './keys.ts'
import { outboxItem, type QueuedEmail } from './outbox.ts'
import { isConditionFailure, nowIso, table } from './table.ts'

/** How long one run of the export job holds an export before another run may take it over. */
const CLAIM_MS = 15 * 60_000

const StoredExport = z.object({
  id: z.string(),
  status: ExportState,
  progress: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  fileKey: z.string().optional(),
})
export type StoredExport = z.infer<typeof StoredExport>

/** An organization's exports of all its data, and what the export reads. */
export const exportsOf = (orgId: string) => {
  const key = (id: string) => keys.dataExport(orgId, id)
  /** Frees the organization for its next export when `id` holds it; one a crash left holding it is taken over by the next start. */
  const endRunning = async (id: string) => {
    try {
      await table.delete(keys.exportRunning(orgId), {
        ConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ':id': id },
      })
    } catch (e) {
      if (!isConditionFailure(e)) throw e
    }
  }
  /** The export that holds the organization, when it is still running. */
  const runningOne = async () => {
    const held = await table.get(keys.exportRunning(orgId))
    if (!held) return { held: undefined, running: false }
    const item = await table.get(key(String(held.id)))
    return { held: String(held.id), running: item?.status === 'running' }
  }
  /**
   * `takeOver`: the id of an ended export still named as running (its run died before freeing the
   * organization), replaced once; '' when nothing was named a moment ago.
   */
  const start = async (actor: Actor & { id: string }, takeOver?: string): Promise<StoredExport> => {
    const id = randomUUID()
    const createdAt = nowIso()
    const item: StoredExport = { id, status: 'running', progress: 0, createdAt, createdBy: actor.id }
    try {
      await table.transact([
        {
          Put: {
            Item: { ...keys.exportRunning(orgId), id, createdAt },
            ...(takeOver
              ? { ConditionExpression: 'id = :stale', ExpressionAttributeValues: { ':stale': takeOver } }
              : { ConditionExpression: 'attribute_not_exists(pk)' }),
          },
        },
        {
          Put: {
            Item: { ...key(id), ...item, orgId, gsi1pk: keys.exportsRunning, gsi1sk: `${createdAt}#${orgId}#${id}` },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        auditRecord(orgId, actor, { action: 'organization.exported', subject: { type: 'organization' } }),
      ])
    } catch (e) {
      if (!isConditionFailure(e, 0)) throw e
      const { held, running } = await runningOne()
      if (!running && takeOver === undefined) return start(actor, held ?? '')
      throw new AppError(409, 'conflict', exportMessages.running, undefined, { id: held ?? '' })
    }
    return item
  }
  return {
    /**
     * A new export, running, with its audit record; the export job makes the file. One at a time:
     * while another is running, a 409 that carries the running one's `id` (and nothing is written).
     */
    start: (actor: Actor & { id: string }) => start(actor),

    async get(id: string): Promise<StoredExport> {
      const item = await table.get(key(id))
      if (!item) throw notFound('export')
      return StoredExport.parse(item)
    },

    /** Takes the export for one run of the job; false while another run holds it, or once it ended. */
    claim: (id: string, now = Date.now()) => claimRunning(key(id), CLAIM_MS, now),

    async progress(id: string, progress: number) {
      await table.update(key(id), {
        UpdateExpression: 'SET progress = :p',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':p': Math.max(0, Math.min(99, Math.round(progress))) },
      })
    },

    /** Done: the file's key, and the email that says so queued with it. */
    async finish(id: string, fileKey: string, email: QueuedEmail | undefined) {
      await table.transact([
        {
          Update: {
            Key: key(id),
            UpdateExpression:
              'SET #s = :done, progress = :all, fileKey = :k, finishedAt = :at REMOVE gsi1pk, gsi1sk, claimedUntil',
            ConditionExpression: '#s = :running',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':done': 'done',
              ':all': 100,
              ':k': fileKey,
              ':at': nowIso(),
              ':running': 'running',
            },
          },
        },
        ...(email ? [{ Put: { Item: outboxItem(orgId, email) } }] : []),
      ])
      await endRunning(id)
    },

    async fail(id: string, error: string) {
      await failRunning(key(id), error)
      await endRunning(id)
    },

    /** Every timesheet of the organization, drafts included, by id. */
    async timesheets(): Promise<Timesheet[]> {
      const items = await table.queryPrefix(keys.orgPk(orgId), keys.timesheetsPrefix)
      return items.map((i) => Timesheet.parse(i))
    },

    /** The whole audit trail, oldest first. */
    async auditTrail(): Promise<AuditEntry[]> {
      const items = await table.queryAll({
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': keys.auditPartition(orgId) },
      })
      return items.map((i) => AuditEntry.parse(i))
    },
  }
}

/** Exports waiting for the export job, oldest first (every organization's). */
export const dataExports = {
  running: () => waitingItems(keys.exportsRunning),
}
