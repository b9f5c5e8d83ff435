import { useSyncExternalStore } from 'react'
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import i18next from 'i18next'
import type { KioskInfo, KioskMembers, PunchAnswer, PunchBody } from '@app/core'
import { ApiError, errorKey, errorMessage } from '../api/client.ts'

/**
 * What a kiosk keeps on the tablet, so it keeps clocking members in and out through a
 * dropped connection, the staff app's way (offline-db.ts, sync-queue.ts):
 * - `punches`: the punches made while the server could not be reached, in the order they were made
 *   (the key counts up), each with the time it was made. A punch leaves the queue once the server
 *   took it, or refused it (a wrong PIN, a locked PIN, a finished day): those are kept aside, for
 *   the kiosk to show, since the member has walked away. The PIN is kept only until then: the
 *   server alone can check it.
 * - `kept`: the last list of members the server answered, to show offline, and the kiosk itself
 *   (its organization's time zone: offline too, every time the kiosk shows is in that zone).
 */
export interface QueuedPunch {
  seq?: number
  employeeId: string
  pin: string
  /** When the member punched (ISO time): the server counts the punch then. */
  at: string
  /** The member as the kiosk showed them ('Ruth S.'), for a refusal's message. */
  name: string
  /** What the kiosk expected the punch to do, from the member's state it last knew. */
  action: PunchAnswer['action']
}

/** A queued punch the server refused as it synced, and why. */
export interface RefusedPunch {
  seq: number
  name: string
  action: PunchAnswer['action']
  at: string
  message: string
}

interface KioskSchema extends DBSchema {
  punches: { key: number; value: QueuedPunch }
  kept: {
    key: 'members' | 'info'
    value: { name: 'members'; members: KioskMembers } | { name: 'info'; info: KioskInfo }
  }
}

let opening: Promise<IDBPDatabase<KioskSchema>> | null = null
const db = () =>
  (opening ??= openDB<KioskSchema>('ministry-timesheets-kiosk', 1, {
    upgrade(database) {
      database.createObjectStore('punches', { keyPath: 'seq', autoIncrement: true })
      database.createObjectStore('kept', { keyPath: 'name' })
    },
  }))

/** What the kiosk shows of its queue: how many punches wait, and the ones the server refused. */
export interface PunchQueueState {
  waiting: number
  refused: RefusedPunch[]
}
let state: PunchQueueState = { waiting: 0, refused: [] }
const listeners = new Set<() => void>()
const setState = (change: Partial<PunchQueueState>) => {
  state = { ...state, ...change }
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
export const usePunchQueue = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  )

/** Counts the queue again (the count the screen shows). */
export async function countQueued(): Promise<number> {
  const waiting = await (await db()).count('punches')
  setState({ waiting })
  return waiting
}

/** The refusals were passed on: they go. */
export const dismissRefused = () => setState({ refused: [] })

/** Adds a punch at the end of the queue. */
export async function enqueuePunch(punch: Omit<QueuedPunch, 'seq'>): Promise<void> {
  await (await db()).add('punches', punch)
  await countQueued()
}

/** The queued punches, oldest first. */
export async function queuedPunches(): Promise<QueuedPunch[]> {
  return (await db()).getAll('punches')
}

export async function keepMembers(members: KioskMembers): Promise<void> {
  await (await db()).put('kept', { name: 'members', members })
}

export async function keptMembers(): Promise<KioskMembers | undefined> {
  const kept = await (await db()).get('kept', 'members')
  return kept?.name === 'members' ? kept.members : undefined
}

export async function keepInfo(info: KioskInfo): Promise<void> {
  await (await db()).put('kept', { name: 'info', info })
}

/** The kiosk as the server last described it (its organization's time zone). */
export async function keptInfo(): Promise<KioskInfo | undefined> {
  const kept = await (await db()).get('kept', 'info')
  return kept?.name === 'info' ? kept.info : undefined
}

/**
 * Offline, a failing server, or a kiosk that is no longer one (revoked: 401 without a PIN's reason;
 * 403): nothing is wrong with the punches themselves, and they wait for the next run.
 */
const stopsTheRun = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status >= 500 ||
  error.status === 403 ||
  (error.status === 401 && errorKey(error) !== 'wrongPin')

export interface PunchSyncResult {
  sent: number
  refused: RefusedPunch[]
  /** Sync stopped early; the rest waits, in order. */
  interrupted: boolean
}

/**
 * Sends the queued punches in the order they were made, each with the time it was made. One the
 * server takes or refuses leaves the queue (a refusal is reported: the member must be told by a
 * person); no answer, a server failure or a revoked kiosk stops the run with the rest still queued.
 */
export async function syncPunches(send: (body: PunchBody) => Promise<PunchAnswer>): Promise<PunchSyncResult> {
  const refused: RefusedPunch[] = []
  let sent = 0
  for (const punch of await queuedPunches()) {
    try {
      await send({ employeeId: punch.employeeId, pin: punch.pin, at: punch.at })
      sent++
    } catch (error) {
      if (stopsTheRun(error)) return { sent, refused, interrupted: true }
      refused.push({
        seq: punch.seq!,
        name: punch.name,
        action: punch.action,
        at: punch.at,
        message: errorMessage(error, i18next.t('staff:kiosk.refusedFallback')),
      })
    }
    await (await db()).delete('punches', punch.seq!)
  }
  return { sent, refused, interrupted: false }
}

let running: Promise<PunchSyncResult> | null = null

const interrupted: PunchSyncResult = { sent: 0, refused: [], interrupted: true }

/**
 * One sync at a time: a call during a run waits for it, then runs again (a punch queued meanwhile
 * is not left behind). The refusals join the ones shown; the device's store failing (or missing)
 * only means nothing was sent. Answers how many punches still wait.
 */
export async function syncPunchesOnce(
  send: (body: PunchBody) => Promise<PunchAnswer>,
): Promise<PunchSyncResult & { waiting: number }> {
  while (running) await running.catch(() => undefined)
  const run = (async () => ((await countQueued()) ? syncPunches(send) : { sent: 0, refused: [], interrupted: false }))()
  running = run
  let result: PunchSyncResult
  try {
    result = await run.catch(() => interrupted)
  } finally {
    // Cleared as soon as the run settles, before anything else is awaited: a caller waiting above
    // must never find a settled run still named here, or its loop spins without end (a test worker
    // hung at full CPU once when the device's store stopped answering).
    if (running === run) running = null
  }
  // Counted before the refusals are shown: a refused punch never shows as still waiting beside them.
  const waiting = await countQueued().catch(() => 0)
  if (result.refused.length) setState({ refused: [...state.refused, ...result.refused] })
  return { ...result, waiting }
}
