import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { AllocationCodes, CurrentUser, CurrentWeek, OrganizationSettings, TimesheetDays } from '@app/core'

/**
 * What the staff app keeps on the device (IndexedDB), so a signed-in member can work through a
 * week with no connection:
 * - `saves`: the queue of saves made offline, in the order they were made (the key counts up).
 *   Each holds the whole week as it was saved and the server version it was based on. An entry
 *   leaves the queue only when the server took it, or when its member chose the other version.
 * - `kept`: the last answers of the reads the app needs to open offline (who is signed
 *   in, the organization's zone and week start, this week), each with the member it belongs to.
 *   They are read when the network cannot be reached, and, for a staff member's dashboard, shown
 *   while the server is asked again once it has said who is signed in; they are dropped
 *   once the server says nobody is signed in.
 */
export interface QueuedSave {
  seq?: number
  /** The member who made the change (the timesheet's employee). */
  userId: string
  timesheetId: number
  /** The server's version this change builds on (moved on as earlier saves of the week sync). */
  baseVersion: number
  days: TimesheetDays
  /** When the device saved it (ISO time). */
  savedAt: string
}

export interface KeptReads {
  user: CurrentUser
  settings: OrganizationSettings
  week: CurrentWeek
  /** The ministries and funds, so a day can be split offline too. */
  codes: AllocationCodes
}
export type KeptName = keyof KeptReads

interface KeptRecord<N extends KeptName = KeptName> {
  name: N
  userId: string
  value: KeptReads[N]
}

interface OfflineSchema extends DBSchema {
  saves: { key: number; value: QueuedSave; indexes: { byWeek: [string, number] } }
  kept: { key: KeptName; value: KeptRecord }
}

const DB_NAME = 'ministry-timesheets-offline'

let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null

const db = () =>
  (opening ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(database) {
      const saves = database.createObjectStore('saves', { keyPath: 'seq', autoIncrement: true })
      // A member's saves of one week (timesheet ids count per organization, so the member is part of it).
      saves.createIndex('byWeek', ['userId', 'timesheetId'])
      database.createObjectStore('kept', { keyPath: 'name' })
    },
  }))

/** Adds a save at the end of the queue. */
export async function enqueueSave(save: Omit<QueuedSave, 'seq'>): Promise<void> {
  await (await db()).add('saves', save)
}

/** A member's queued saves, oldest first. */
export async function queuedSaves(userId: string): Promise<QueuedSave[]> {
  const all = await (await db()).getAll('saves')
  return all.filter((s) => s.userId === userId)
}

/** The newest queued save of a member's week: what this device last saved of it. */
export async function latestSave(userId: string, timesheetId: number): Promise<QueuedSave | undefined> {
  const saves = await (await db()).getAllFromIndex('saves', 'byWeek', [userId, timesheetId])
  return saves.at(-1)
}

/**
 * The server took save `seq` and is now at `version`: the save leaves the queue and the week's
 * later saves now build on that version, in one transaction (a crash in between loses nothing).
 */
export async function markSynced(save: QueuedSave, version: number): Promise<void> {
  const tx = (await db()).transaction('saves', 'readwrite')
  await tx.store.delete(save.seq!)
  for (const later of await tx.store.index('byWeek').getAll([save.userId, save.timesheetId])) {
    await tx.store.put({ ...later, baseVersion: version })
  }
  await tx.done
}

/** Drops every queued save of a member's week: only ever on their explicit choice, or once the server has them. */
export async function dropSaves(userId: string, timesheetId: number): Promise<void> {
  const tx = (await db()).transaction('saves', 'readwrite')
  for (const key of await tx.store.index('byWeek').getAllKeys([userId, timesheetId])) await tx.store.delete(key)
  await tx.done
}

export async function keep<N extends KeptName>(name: N, userId: string, value: KeptReads[N]): Promise<void> {
  await (await db()).put('kept', { name, userId, value })
}

/** A kept read, for `userId` only (or for whoever is kept when asking for the user). */
export async function kept<N extends KeptName>(name: N, userId?: string): Promise<KeptReads[N] | undefined> {
  const record = (await (await db()).get('kept', name)) as KeptRecord<N> | undefined
  if (!record || (userId !== undefined && record.userId !== userId)) return undefined
  return record.value
}

/**
 * What a staff member's dashboard may show from the device while it asks the server again,
 * in one read: the kept settings and week (each naming its member) and that week's newest queued save.
 */
export async function keptFirstScreen(): Promise<{
  settings?: KeptRecord<'settings'>
  week?: KeptRecord<'week'>
  latest?: QueuedSave
}> {
  const tx = (await db()).transaction(['kept', 'saves'])
  const kept = tx.objectStore('kept')
  const [settings, week] = (await Promise.all([kept.get('settings'), kept.get('week')])) as [
    KeptRecord<'settings'> | undefined,
    KeptRecord<'week'> | undefined,
  ]
  const saves = week ? await tx.objectStore('saves').index('byWeek').getAll([week.value.employeeId, week.value.id]) : []
  return { settings, week, latest: saves.at(-1) }
}

/** Nobody is signed in: the kept reads go (the queue stays, for its member's next sign-in). */
export async function forgetKept(): Promise<void> {
  await (await db()).clear('kept')
}
