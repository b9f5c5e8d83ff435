import type { QueryClient, QueryFunctionContext, QueryKey } from '@tanstack/react-query'
import type { KioskInfo, KioskMembers } from '@app/core'
import { ApiError, getQueryFn, isNetworkError } from '../../api/client.ts'
import { kioskKeys } from '../../api/keys.ts'
import { keepInfo, keepMembers, keptInfo, keptMembers } from '../../offline/kiosk-queue.ts'

/** How often the names' clocked-in state (and the kiosk's lock) is read again while the kiosk waits. */
const REFRESH_MS = 60_000

/** The device's store failing (no IndexedDB) must never fail the kiosk while it is online. */
export const quietly = async <T>(task: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await task()
  } catch {
    return undefined
  }
}

/**
 * A kiosk read kept on the tablet: each answer is kept, and with no network at all the one it last
 * had is used. A 401 (no session, or the kiosk was revoked) is an answer, null: not a kiosk (and not
 * the sign-in redirect of other reads).
 */
const keptQuery = <T>(queryKey: QueryKey, keep: (value: T) => Promise<void>, kept: () => Promise<T | undefined>) => {
  const read = getQueryFn<T | null>({ on401: 'returnNull' })
  return {
    queryKey,
    queryFn: async (context: QueryFunctionContext) => {
      try {
        const value = await read(context)
        if (value) void quietly(() => keep(value))
        return value
      } catch (error) {
        const saved = isNetworkError(error) ? await quietly(kept) : undefined
        if (saved) return saved
        throw error
      }
    },
    networkMode: 'always' as const,
    retry: false,
    refetchInterval: REFRESH_MS,
  }
}

/** GET /api/kiosk/members: the names, with who is clocked in. */
export const membersQuery = keptQuery<KioskMembers>(kioskKeys.members, keepMembers, keptMembers)

/** GET /api/kiosk: the organization's time zone and the kiosk's lock. */
export const infoQuery = keptQuery<KioskInfo>(kioskKeys.info, keepInfo, keptInfo)

/** A punch made offline flips the member's state on the tablet, so their next punch does the other. */
export const flipMember = (queryClient: QueryClient, employeeId: string) => {
  const members = queryClient.setQueryData<KioskMembers>(kioskKeys.members, (list) =>
    list?.map((m) => (m.id === employeeId ? { ...m, clockedIn: !m.clockedIn } : m)),
  )
  if (members) void quietly(() => keepMembers(members))
}

/** Whether a failed read means this browser is no kiosk (signed out, revoked, or a member's own session). */
export const notAKiosk = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403)
