import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import i18next from 'i18next'
import type {
  CurrentUser,
  CurrentWeek,
  DashboardStats,
  OrganizationSettings,
  PendingTimesheets,
  SubscriptionState,
  TimesheetPage,
} from '@app/core'
import { apiJson, campusReadQuery, cursorPaging, getQueryFn, readQuery, withSearch } from './client.ts'
import { billingKeys, dashboardKeys, organizationKeys, timesheetKeys, type StatusFilter } from './keys.ts'
import { keptSettings, keptWeek, showKeptFirstScreen, type KeptFirstScreen } from '../offline/kept-reads.ts'
import { balancesQuery, policiesQuery, timeOffListQuery } from './time-off.ts'

/**
 * The reads a signed-in first screen starts with, defined here, in the first script, with nothing
 * heavier than the API client: when the session check answers, `prefetchFirstScreen` asks for them
 * (and for the screen's texts) at once, beside the screen's code, instead of after that code has
 * arrived and rendered (no waterfall). The screens use the same definitions.
 */

/** Name, logo, and the zone and start day by which "this week" is judged (DESIGN.md section 5). */
export const organizationSettingsQuery = queryOptions({
  queryKey: organizationKeys.settings,
  // Kept on the device: the offline staff app needs the zone and week start.
  queryFn: keptSettings(getQueryFn<OrganizationSettings>({ on401: 'throw' })),
  networkMode: 'always',
})

/** GET /api/subscription/status: the organization's trial or subscription, supervisors only (their banner). */
export const subscriptionStatusQuery = readQuery<SubscriptionState>(billingKeys.status)

/** GET /api/dashboard/stats (supervisors): the stat row, of one campus (the campus filter's) or the whole church. */
export const dashboardStatsFor = (campusId: string | undefined) =>
  campusReadQuery<DashboardStats>(dashboardKeys.stats, campusId)
export const dashboardStatsQuery = dashboardStatsFor(undefined)

/** GET /api/timesheets/pending (supervisors): every pending week (of one campus), each marked when it waits for me. */
export const pendingTimesheetsFor = (campusId: string | undefined) =>
  campusReadQuery<PendingTimesheets>(dashboardKeys.pending, campusId)
export const pendingTimesheetsQuery = pendingTimesheetsFor(undefined)

export const TIMESHEET_PAGE_SIZE = 25

export const timesheetListUrl = (status: StatusFilter, cursor?: string | null, campusId?: string) => {
  const params = new URLSearchParams({ limit: String(TIMESHEET_PAGE_SIZE) })
  if (status !== 'all') params.set('status', status)
  if (campusId) params.set('campusId', campusId)
  if (cursor) params.set('cursor', cursor)
  return withSearch(timesheetKeys.all[0], params)
}

/** 'Recent Timesheet Submissions', a page at a time (supervisors: the organization's; staff: their own). */
export const timesheetListQuery = (status: StatusFilter, campusId?: string) =>
  infiniteQueryOptions({
    queryKey: timesheetKeys.list(status, campusId),
    queryFn: ({ pageParam }) => apiJson<TimesheetPage>('GET', timesheetListUrl(status, pageParam, campusId)),
    ...cursorPaging,
  })

/** How often the current week is read again while a screen shows it (spec section 9). */
export const CURRENT_WEEK_REFETCH_MS = 30_000

/** The signed-in member's timesheet for this week (the server creates the draft the first time). */
export const currentWeekQuery = queryOptions({
  queryKey: timesheetKeys.currentWeek,
  // Kept on the device for the offline staff app, with the saves waiting to sync on top.
  queryFn: keptWeek(getQueryFn<CurrentWeek>({ on401: 'throw' })),
  refetchInterval: CURRENT_WEEK_REFETCH_MS,
  // Asked even offline (TanStack would otherwise pause it): the device answers then.
  networkMode: 'always',
})

/** The catalogues a dashboard speaks, by who reads it. */
export const DASHBOARD_NAMESPACES = { supervisor: ['supervisor'], staff: ['supervisor', 'staff'] } as const

/**
 * Starts what the first signed-in screen at `path` reads: the header's settings and a supervisor's
 * subscription banner everywhere, and on the dashboard its lists and the texts its sections speak.
 * A read already cached or in flight is not asked again; a failed one is left to the screen, which
 * shows its own error. Resolves once what the screen shows first has answered, either way: the
 * header's reads, the texts, and the reads of the dashboard's top section (a staff member's week, a
 * supervisor's figures); the sections below show as their reads arrive (useInOrder), so a staff
 * member's Clock In does not wait for their time off or their list of weeks. On a staff
 * member's dashboard the settings and week kept on the device stand in while they are read again
 * (showKeptFirstScreen; `keptRead`, the device's read when already started), so the first render
 * need not wait for them.
 */
export const prefetchFirstScreen = (
  queryClient: QueryClient,
  user: Pick<CurrentUser, 'id' | 'role' | 'demo'>,
  path: string,
  keptRead?: Promise<KeptFirstScreen | undefined>,
): Promise<void> => {
  const first: Promise<unknown>[] = []
  const quietly = (p: Promise<unknown>, shownFirst = true) => {
    const settled = p.catch(() => undefined)
    if (shownFirst) first.push(settled)
  }
  const supervisor = user.role === 'supervisor'
  const dashboard = path === '/'
  const kept = dashboard && !supervisor && !user.demo ? showKeptFirstScreen(queryClient, user.id, keptRead) : undefined
  /** A read of the top, waited for unless the device's copy already stands in. */
  const top = (read: Promise<unknown>) =>
    kept ? Promise.race([read, kept.then((shown) => (shown ? undefined : read))]) : read
  quietly(top(queryClient.prefetchQuery(organizationSettingsQuery)))
  // The demo shows its notice in the banner's place (AppShell).
  if (supervisor && !user.demo) quietly(queryClient.prefetchQuery(subscriptionStatusQuery))
  if (!dashboard) return Promise.all(first).then(() => undefined)
  // A dashboard's lists and the texts its sections speak.
  quietly(i18next.loadNamespaces([...DASHBOARD_NAMESPACES[supervisor ? 'supervisor' : 'staff']]))
  quietly(queryClient.prefetchInfiniteQuery(timesheetListQuery('all')), false)
  if (supervisor) {
    quietly(queryClient.prefetchQuery(dashboardStatsQuery))
    quietly(queryClient.prefetchQuery(pendingTimesheetsQuery), false)
  } else {
    quietly(top(queryClient.prefetchQuery(currentWeekQuery)))
  }
  // A staff member's time off (a volunteer has none): their requests, balances and the policies that name them.
  if (user.role === 'employee') {
    quietly(queryClient.prefetchQuery(timeOffListQuery), false)
    quietly(queryClient.prefetchQuery(balancesQuery(null)), false)
    quietly(queryClient.prefetchQuery(policiesQuery), false)
  }
  return Promise.all(first).then(() => undefined)
}
