import { useSyncExternalStore } from 'react'
import type { SyncConflict } from './sync-queue.ts'

/**
 * What the screens show of the queue's sync: whether it runs, and the weeks the server refused,
 * each waiting for its member's choice (components/offline/SyncConflictDialog.tsx).
 */
export interface SyncState {
  syncing: boolean
  conflicts: SyncConflict[]
}

let state: SyncState = { syncing: false, conflicts: [] }
const listeners = new Set<() => void>()

export const syncState = () => state

export function setSyncState(change: Partial<SyncState>) {
  state = { ...state, ...change }
  for (const listener of listeners) listener()
}

/** The week's conflict is settled (the member chose a version). */
export const settleConflict = (timesheetId: number) =>
  setSyncState({ conflicts: state.conflicts.filter((c) => c.timesheetId !== timesheetId) })

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useSyncState = () => useSyncExternalStore(subscribe, syncState, syncState)
