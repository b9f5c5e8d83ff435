import i18next from 'i18next'
import type { QueryClient } from '@tanstack/react-query'
import {
  allocationMismatches,
  allocationMismatchMessage,
  allocationsField,
  breakField,
  breaksLongerThanShift,
  breakTooLongMessage,
  dayLabel,
  dayPaidMinutes,
  isEditable,
  MAX_SPANS,
  spansField,
  spansMessages,
  weekPercentProblem,
  weekSpanProblems,
  withSpansApplied,
  type DayName,
  type CurrentUser,
  type CurrentWeek,
  type TimesheetAnswer,
  type TimesheetDays,
} from '@app/core'
import { ApiError, apiJson, isNetworkError } from '../api/client.ts'
import { authKeys, offlineKeys, timesheetKeys } from '../api/keys.ts'
import { isOnline } from './connection.ts'
import { dropSaves, enqueueSave, latestSave } from './offline-db.ts'
import { syncQueue, type PutDraft, type SyncResult } from './sync-queue.ts'
import { settleConflict, setSyncState, syncState } from './sync-state.ts'

/**
 * The weekly dialog's save (PUT /api/timesheets/draft/{id}), online or not. This week's saves go
 * to the device's queue when there is no connection, and while earlier saves of the week still
 * wait there (so they reach the server in the order they were made); the queue syncs as soon as
 * the connection is back. Other weeks need the connection, as before.
 */
export interface DraftSaveInput {
  id: number
  days: TimesheetDays
  /** The version the edit was based on; the server answers 409 when it is stale. */
  version: number
}

export interface DraftSaveResult {
  /** The server's answer, or the week as this device now holds it (same version) when queued. */
  timesheet: TimesheetAnswer
  onDevice: boolean
}

/** What a save kept on this device (offline) says, in the toast and the offline bar. */
export const savedOnDevice = () => i18next.t('staff:offline.savedOnDevice')

const putDraft = (id: number, body: Record<string, unknown>) =>
  apiJson<TimesheetAnswer>('PUT', `/api/timesheets/draft/${id}`, body)

/**
 * Versions this page's own synced saves moved a week to: a form opened before the sync holds
 * exactly those entries (and maybe newer ones), so its next save builds on the synced version
 * instead of being refused as stale. Keyed by `${id}:${version}`.
 */
const movedOn = new Map<string, number>()
const recordMove = (id: number, from: number, to: number) => {
  for (const [key, version] of movedOn) if (version === from) movedOn.set(key, to)
  movedOn.set(`${id}:${from}`, to)
}
const currentVersion = (id: number, version: number) => movedOn.get(`${id}:${version}`) ?? version

/**
 * `send` is the screen's own online call (the weekly dialog's PUT by default; the submit page's
 * POST /api/timesheets/save-draft), made only when the save is not queued.
 */
export async function saveDraft(
  queryClient: QueryClient,
  input: DraftSaveInput,
  send: (version: number) => Promise<TimesheetAnswer> = (version) => putDraft(input.id, { ...input.days, version }),
): Promise<DraftSaveResult> {
  const version = currentVersion(input.id, input.version)
  const week = queryClient.getQueryData<CurrentWeek>(timesheetKeys.currentWeek)
  const thisWeek = week && week.id === input.id ? week : undefined
  const waiting = thisWeek && (await latestSave(thisWeek.employeeId, input.id).catch(() => undefined))
  if (thisWeek && (!isOnline() || waiting)) {
    const queued = await queue(queryClient, thisWeek, { ...input, version })
    if (queued) return queued
  }
  try {
    return { timesheet: await send(version), onDevice: false }
  } catch (error) {
    const queued = thisWeek && isNetworkError(error) ? await queue(queryClient, thisWeek, { ...input, version }) : null
    if (queued) return queued
    throw error
  }
}

/**
 * Keeps the save on the device, then syncs at once when the browser is online. Null when the
 * device cannot keep it (a browser without IndexedDB): the save then needs the connection.
 */
async function queue(
  queryClient: QueryClient,
  week: CurrentWeek,
  input: DraftSaveInput,
): Promise<DraftSaveResult | null> {
  refuseLikeServer(input.days, queryClient.getQueryData<CurrentUser | null>(authKeys.user)?.payType)
  try {
    await enqueueSave({
      userId: week.employeeId,
      timesheetId: input.id,
      baseVersion: input.version,
      days: input.days,
      savedAt: new Date().toISOString(),
    })
  } catch {
    return null
  }
  // The week as the server will store it (a split day's start and end from its spans).
  const held: TimesheetAnswer = { ...week, ...withSpansApplied(input.days), version: input.version }
  queryClient.setQueryData<CurrentWeek>(timesheetKeys.currentWeek, held)
  await queryClient.invalidateQueries({ queryKey: offlineKeys.saves })
  if (isOnline()) {
    const result = await syncSaves(queryClient, week.employeeId)
    const synced = result.synced.find((t) => t.id === input.id)
    if (synced && !(await latestSave(week.employeeId, input.id))) return { timesheet: synced, onDevice: false }
  }
  return { timesheet: held, onDevice: true }
}

/** The `errors` keys of the week's percent messages (the server finds them by their English text). */
const PERCENT_KEYS: Record<string, string> = {
  'Percent must be a whole number': 'allocationPercentWhole',
  'Percent must be from 1 to 100': 'allocationPercentRange',
  'Percents must add up to 100': 'allocationPercentTotal',
  'Allocate the week by percent or by day, not both': 'allocationBothWays',
  'Only exempt members and ministers allocate the week by percent': 'allocationPercentNotAllowed',
}

const refusal = (field: string, message: string, key: { key: string; params?: Record<string, string> }) => {
  const body = { message, ...key, fields: { [field]: message }, fieldKeys: { [field]: key } }
  return new ApiError(400, JSON.stringify(body), 'Bad Request')
}

/** The `errors` code of a spans message of core (spans.ts), with its values. */
const spansKey = (day: DayName, message: string) => {
  const params = { day: dayLabel[day] }
  if (message === spansMessages.tooMany(day))
    return { key: 'spansTooMany', params: { ...params, max: String(MAX_SPANS) } }
  if (message === spansMessages.order(day)) return { key: 'spansOrder', params }
  if (message === spansMessages.overDay(day)) return { key: 'spansOverDay', params }
  if (message === spansMessages.disagree(day)) return { key: 'spansDisagree', params }
  const n = /time range (\d+)/.exec(message)?.[1] ?? '1'
  return {
    key: message === spansMessages.needsStart(day, Number(n)) ? 'spanNeedsStart' : 'spanNeedsEnd',
    params: { ...params, n },
  }
}

/**
 * A day whose spans the server would refuse (out of order, overlapping, a range without its times,
 * more than 4), whose break is longer than its shift, or whose split does not add up to its paid
 * minutes, and a week's percents the server would refuse (`payType`: the member's, when known). All are refused
 * on the device as the server refuses them (the same 400 body, so the screens show the same message
 * on the same field), instead of being kept and refused later by the sync.
 */
export function refuseLikeServer(days: TimesheetDays, payType?: CurrentUser['payType']) {
  const spans = weekSpanProblems(days)[0]
  if (spans) throw refusal(spansField(spans.day), spans.message, spansKey(spans.day, spans.message))
  const longBreak = breaksLongerThanShift(days)[0]
  if (longBreak)
    throw refusal(breakField(longBreak), breakTooLongMessage(longBreak), {
      key: 'breakTooLong',
      params: { day: dayLabel[longBreak] },
    })
  const day = allocationMismatches(days)[0]
  if (day) {
    const paid = dayPaidMinutes(days, day)
    const message = allocationMismatchMessage(day, paid)
    throw refusal(allocationsField(day), message, {
      key: 'allocationMismatch',
      params: { day: dayLabel[day], paid: String(paid) },
    })
  }
  const percent = weekPercentProblem(days, payType)
  if (percent) throw refusal('weekAllocationPercent', percent, { key: PERCENT_KEYS[percent]! })
}

let running: Promise<SyncResult<TimesheetAnswer>> | null = null

/**
 * Syncs a member's queue (one run at a time; a call during a run waits for it and runs again,
 * so a save queued meanwhile is not left behind). The screens follow the server's answers; the
 * weeks it refused wait in the sync state for their member's choice.
 */
export async function syncSaves(queryClient: QueryClient, userId: string): Promise<SyncResult<TimesheetAnswer>> {
  while (running) await running.catch(() => undefined)
  running = runSync(queryClient, userId)
  try {
    return await running
  } finally {
    running = null
  }
}

async function runSync(queryClient: QueryClient, userId: string): Promise<SyncResult<TimesheetAnswer>> {
  setSyncState({ syncing: true })
  try {
    const put: PutDraft<TimesheetAnswer> = async (id, days, version) => {
      const saved = await putDraft(id, { ...days, version, enteredOffline: true })
      recordMove(id, version, saved.version)
      return saved
    }
    // The server's refusals are answered per save inside; what is left is the device's store failing
    // (or missing): nothing was sent, nothing is lost, the next run tries again.
    const result = await syncQueue(userId, put).catch((): SyncResult<TimesheetAnswer> => ({
      synced: [],
      conflicts: [],
      interrupted: true,
    }))
    const others = syncState().conflicts.filter((c) => !result.conflicts.some((n) => n.timesheetId === c.timesheetId))
    setSyncState({ conflicts: [...others, ...result.conflicts] })
    for (const saved of result.synced) showSaved(queryClient, saved)
    await refresh(queryClient, result.synced.length > 0 || result.conflicts.length > 0)
    return result
  } finally {
    setSyncState({ syncing: false })
  }
}

/** Puts a server answer into the current-week cache when it is that week. */
const showSaved = (queryClient: QueryClient, saved: TimesheetAnswer) =>
  queryClient.setQueryData<CurrentWeek>(timesheetKeys.currentWeek, (current) =>
    current && current.id === saved.id ? saved : current,
  )

const refresh = (queryClient: QueryClient, serverChanged: boolean) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: offlineKeys.saves }),
    serverChanged ? queryClient.invalidateQueries({ queryKey: timesheetKeys.currentWeek }) : undefined,
    serverChanged ? queryClient.invalidateQueries({ queryKey: timesheetKeys.all }) : undefined,
  ])

/**
 * The member's choice after a conflict: this device's entries. They are saved over the version the
 * server holds now (only while the week can still be edited), and only then leave the queue.
 */
export async function keepDeviceVersion(queryClient: QueryClient, server: TimesheetAnswer): Promise<TimesheetAnswer> {
  const mine = await latestSave(server.employeeId, server.id)
  if (!mine) throw new Error(i18next.t('staff:offline.noEntries'))
  if (!isEditable(server.status)) throw new Error(i18next.t('staff:offline.weekLocked'))
  const saved = await putDraft(server.id, { ...mine.days, version: server.version, enteredOffline: true })
  recordMove(server.id, mine.baseVersion, saved.version)
  await dropSaves(server.employeeId, server.id)
  settleConflict(server.id)
  showSaved(queryClient, saved)
  await refresh(queryClient, true)
  return saved
}

/** The member's choice after a conflict: the version saved elsewhere; this device's entries for the week go. */
export async function keepOtherVersion(queryClient: QueryClient, userId: string, timesheetId: number): Promise<void> {
  await dropSaves(userId, timesheetId)
  settleConflict(timesheetId)
  await refresh(queryClient, true)
}
