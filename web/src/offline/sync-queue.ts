import i18next from 'i18next'
import type { Timesheet, TimesheetDays } from '@app/core'
import { ApiError, errorMessage } from '../api/client.ts'
import { markSynced, queuedSaves } from './offline-db.ts'

/** One save to the server: PUT /api/timesheets/draft/{id} with `enteredOffline: true`. */
export type PutDraft<T extends Timesheet = Timesheet> = (
  timesheetId: number,
  days: TimesheetDays,
  version: number,
) => Promise<T>

/** A week the server would not take from the queue; its saves stay queued until the member chooses. */
export interface SyncConflict {
  timesheetId: number
  /** The server's reason (changed elsewhere, or no longer a draft). */
  message: string
}

export interface SyncResult<T extends Timesheet = Timesheet> {
  /** The server's answer to the last synced save of each week. */
  synced: T[]
  conflicts: SyncConflict[]
  /** Sync stopped early (the network went away, the session ended, or the server failed): the rest waits. */
  interrupted: boolean
}

/**
 * Sends a member's queued saves to the server in the order they were made, each with the version
 * check of an ordinary save. A save the server takes leaves the queue and its week's later saves
 * build on the new version. A week the server refuses (409: changed elsewhere, or no longer a
 * draft; or any other refusal of that week) keeps all its saves and is reported as a conflict;
 * the other weeks go on. No answer at all, a 401 or a server failure stops the run with
 * everything left queued.
 */
export async function syncQueue<T extends Timesheet>(userId: string, put: PutDraft<T>): Promise<SyncResult<T>> {
  const synced = new Map<number, T>()
  const conflicts = new Map<number, SyncConflict>()
  for (const save of await queuedSaves(userId)) {
    if (conflicts.has(save.timesheetId)) continue
    let saved: T
    try {
      // Within a run the week's later saves build on what the earlier ones made (markSynced stores the same).
      saved = await put(save.timesheetId, save.days, synced.get(save.timesheetId)?.version ?? save.baseVersion)
    } catch (error) {
      if (stopsTheRun(error))
        return { synced: [...synced.values()], conflicts: [...conflicts.values()], interrupted: true }
      conflicts.set(save.timesheetId, {
        timesheetId: save.timesheetId,
        message: errorMessage(error, i18next.t('staff:toast.changedElsewhere')),
      })
      continue
    }
    await markSynced(save, saved.version)
    synced.set(save.timesheetId, saved)
  }
  return { synced: [...synced.values()], conflicts: [...conflicts.values()], interrupted: false }
}

/** Offline, signed out or a failing server: nothing is wrong with the saves themselves. */
const stopsTheRun = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 401 || error.status === 429 || error.status >= 500
