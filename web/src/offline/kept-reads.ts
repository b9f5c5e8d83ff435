import type { QueryClient, QueryFunction } from '@tanstack/react-query'
import {
  currentWeekStart,
  isValidTimeZone,
  type AllocationCodes,
  type CurrentUser,
  type CurrentWeek,
  type OrganizationSettings,
  type SignedInMember,
} from '@app/core'
import { isNetworkError } from '../api/client.ts'
import { organizationKeys, timesheetKeys } from '../api/keys.ts'
import type { QueuedSave } from './offline-db.ts'

/**
 * The device's store (IndexedDB through idb) is not part of the first script: the session check runs
 * on every first visit and must not wait for it. Its chunk is asked for as soon as this module runs,
 * alongside the page, so it is there by the time the check keeps or forgets someone.
 */
const store = () => import('./offline-db.ts')
void store().catch(() => undefined)

/**
 * The three reads the staff app needs to open with no connection (who is signed in, the
 * organization's zone and week start, this week). Online they read the API as always and keep the
 * answer on the device for their member; only when the network cannot be reached at all do they
 * answer what was kept. The device never answers for a server that said anything, so a session
 * that ended online stays ended. (Online, a staff member's dashboard shows the kept settings and week
 * while they are read again, once the server has said who is signed in: `showKeptFirstScreen`.)
 */

/** The device's store failing (a private window without IndexedDB) must never fail an online read. */
const quietly = async (task: () => Promise<unknown>) => {
  try {
    await task()
  } catch {
    // Nothing kept: the app still works online.
  }
}

const orKept = async <T>(error: unknown, read: () => Promise<T | undefined>): Promise<T> => {
  if (!isNetworkError(error)) throw error
  let value: T | undefined
  await quietly(async () => {
    value = await read()
  })
  if (value === undefined) throw error
  return value
}

/** The latest write of the signed-in member: the other reads are kept for whoever it names. */
let userWrite: Promise<void> = Promise.resolve()

/**
 * Who is signed in now (also right after a staff sign-in, whose answer goes straight into the
 * cache): a member is kept, the read-only demo is not, and nobody forgets everything kept. In the
 * background: an answer is never held up by the device's store.
 */
export function keepSignedIn(user: SignedInMember | CurrentUser | null) {
  userWrite = quietly(async () => {
    const { forgetKept, keep } = await store()
    await (user && !('demo' in user && user.demo) ? keep('user', user.id, { demo: false, ...user }) : forgetKept())
  })
}

/** GET /api/auth/user: a member is kept (not the read-only demo); a signed-out answer forgets everything kept. */
export const keptUser =
  (read: QueryFunction<CurrentUser | null>): QueryFunction<CurrentUser | null> =>
  async (context) => {
    try {
      const user = await read(context)
      keepSignedIn(user)
      return user
    } catch (error) {
      return orKept(error, async () => (await store()).kept('user'))
    }
  }

/** Another kept read, for the member kept as signed in. */
const keptForUser =
  <T>(name: 'settings' | 'week' | 'codes', read: QueryFunction<T>, shown: (value: T) => Promise<T>): QueryFunction<T> =>
  async (context) => {
    try {
      const value = await read(context)
      void quietly(async () => {
        await userWrite
        const { keep, kept } = await store()
        const user = await kept('user')
        if (user) await keep(name, user.id, value as never)
      })
      return await shown(value)
    } catch (error) {
      return orKept(error, async () => {
        const { kept } = await store()
        const user = await kept('user')
        const value = user ? ((await kept(name, user.id)) as T | undefined) : undefined
        return value === undefined ? undefined : shown(value)
      })
    }
  }

export const keptSettings = (read: QueryFunction<OrganizationSettings>) => keptForUser('settings', read, async (s) => s)

/** GET /api/organization/allocation-codes, kept so the day's Split works offline. */
export const keptCodes = (read: QueryFunction<AllocationCodes>) => keptForUser('codes', read, async (c) => c)

/**
 * GET /api/timesheets/current-week, with what this device saved and has not synced yet on top:
 * the member sees their own latest entries, online or not. The version stays the one those
 * entries build on, so a save from here is checked against what the device last saw.
 */
export const keptWeek = (read: QueryFunction<CurrentWeek>) => keptForUser('week', read, withQueuedSaves)

export async function withQueuedSaves(week: CurrentWeek): Promise<CurrentWeek> {
  let latest: QueuedSave | undefined
  await quietly(async () => {
    latest = await (await store()).latestSave(week.employeeId, week.id)
  })
  return withSave(week, latest)
}

const withSave = (week: CurrentWeek, latest: QueuedSave | undefined): CurrentWeek =>
  latest ? { ...week, ...latest.days, version: latest.baseVersion } : week

export type KeptFirstScreen = Awaited<ReturnType<typeof import('./offline-db.ts').keptFirstScreen>>

/**
 * Reads what a staff member's dashboard may show from the device. main.tsx starts it beside the
 * session check, so it is here when the check answers, and not queued behind the write of that answer.
 */
export const readKeptFirstScreen = (): Promise<KeptFirstScreen | undefined> =>
  store()
    .then((s) => s.keptFirstScreen())
    .catch(() => undefined)

/**
 * The installed staff app opens at once online too. Once the session check has answered
 * (online, the server: a session that ended stays ended), the dashboard's header and week show what
 * was kept for that member while both are read again, as TanStack shows any stale answer: the kept
 * copy is placed as data of time 0, so the reads in flight replace it within moments. Nothing is
 * placed over an answer that came first, and a week kept from an earlier week is not shown as this
 * one. A save built on the kept week carries its version, so the server refuses it if the week
 * changed elsewhere (the editor's 409 and reload). True when both the settings and the week are in
 * the cache now, kept or answered; false, never an error, when the device has nothing to show.
 */
export async function showKeptFirstScreen(
  queryClient: QueryClient,
  userId: string,
  read: Promise<KeptFirstScreen | undefined> = readKeptFirstScreen(),
): Promise<boolean> {
  const kept = await read
  const settings = kept?.settings?.userId === userId ? kept.settings.value : undefined
  const week = kept?.week?.userId === userId ? kept.week.value : undefined
  if (!settings || !week || !isValidTimeZone(settings.timeZone)) return false
  if (week.weekStartDate !== currentWeekStart(settings.timeZone, settings.weekStartDay)) return false
  const place = (key: readonly unknown[], value: unknown) => {
    if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, value, { updatedAt: 0 })
  }
  place(organizationKeys.settings, settings)
  place(timesheetKeys.currentWeek, withSave(week, kept?.latest))
  return true
}
