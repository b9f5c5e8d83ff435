import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import type {
  CurrentWeek,
  DecidedTimesheet,
  Timesheet,
  TimesheetDays,
  TimesheetPage,
  TimesheetStatus,
  WeekTimesheetSave,
} from '@app/core'
import { ApiError, apiJson, getQueryFn } from './client.ts'
import { dashboardKeys, reportKeys, timesheetKeys } from './keys.ts'

/** The dashboard's status filter; 'all' sends no status. */
export type StatusFilter = 'all' | Exclude<TimesheetStatus, 'draft'>

export const statusFilterLabel: Record<StatusFilter, string> = {
  all: 'All Status',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
}

/** Rows per page of 'Recent Timesheet Submissions' ('Load more' fetches the next). */
export const TIMESHEET_PAGE_SIZE = 25

export const timesheetListUrl = (status: StatusFilter, cursor?: string | null) => {
  const params = new URLSearchParams({ limit: String(TIMESHEET_PAGE_SIZE) })
  if (status !== 'all') params.set('status', status)
  if (cursor) params.set('cursor', cursor)
  const query = params.toString()
  return query ? `${timesheetKeys.all[0]}?${query}` : timesheetKeys.all[0]
}

/** 'Recent Timesheet Submissions', a page at a time (supervisors: the organization's; staff: their own). */
export const timesheetListQuery = (status: StatusFilter) =>
  infiniteQueryOptions({
    queryKey: timesheetKeys.list(status),
    queryFn: ({ pageParam }) => apiJson<TimesheetPage>('GET', timesheetListUrl(status, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  })

/** A browser navigation in a new tab: the API redirects to a fresh pre-signed link. */
export const timesheetCsvUrl = (id: number) => `/api/timesheets/${id}/download-csv`

/** How often the current week is read again while a screen shows it (spec section 9). */
export const CURRENT_WEEK_REFETCH_MS = 30_000

/** The signed-in member's timesheet for this week (the server creates the draft the first time). */
export const currentWeekQuery = queryOptions({
  queryKey: timesheetKeys.currentWeek,
  queryFn: getQueryFn<CurrentWeek>({ on401: 'throw' }),
  refetchInterval: CURRENT_WEEK_REFETCH_MS,
})

export const useCurrentWeekTimesheet = (enabled = true) => useQuery({ ...currentWeekQuery, enabled })

/** A 409: the timesheet changed elsewhere (stale version) or can no longer be edited. */
export const isConflictError = (error: unknown): boolean => error instanceof ApiError && error.status === 409

/** Puts a saved timesheet into the current-week cache when it is that week's, so screens show it at once. */
const remember = (queryClient: QueryClient, saved: Timesheet | null) => {
  if (!saved) return
  queryClient.setQueryData<Timesheet>(timesheetKeys.currentWeek, (current) =>
    current && current.id === saved.id ? saved : current,
  )
}

const invalidate = (queryClient: QueryClient, withStats: boolean) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: timesheetKeys.currentWeek }),
    queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
    withStats ? queryClient.invalidateQueries({ queryKey: dashboardKeys.stats }) : undefined,
  ])

export interface UpdateDraftInput {
  id: number
  days: TimesheetDays
  /** The version the edit was based on; the server answers 409 when it is stale. */
  version: number
}

/** PUT /api/timesheets/draft/{id}: the weekly dialog's save (and every clock in and out). */
export function useUpdateDraft() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, days, version }: UpdateDraftInput) =>
      apiJson<Timesheet>('PUT', `/api/timesheets/draft/${id}`, { ...days, version }),
    onSuccess: async (saved) => {
      remember(queryClient, saved)
      await invalidate(queryClient, false)
    },
  })
}

/** POST /api/timesheets/{id}/submit: draft (or rejected) becomes pending. */
export function useSubmitTimesheet() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      apiJson<Timesheet>('POST', `/api/timesheets/${id}/submit`, { version }),
    onSuccess: async (submitted) => {
      remember(queryClient, submitted)
      await invalidate(queryClient, true)
    },
  })
}

/** POST /api/timesheets/save-draft: the submit page's 'Save Timesheet' for the chosen week. */
export function useSaveWeekDraft() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: WeekTimesheetSave) =>
      apiJson<Timesheet>('POST', '/api/timesheets/save-draft', { ...input, status: 'draft' }),
    onSuccess: async (saved) => {
      remember(queryClient, saved)
      await invalidate(queryClient, false)
    },
  })
}

/** POST /api/timesheets: the submit page's 'Submit Timesheet', saved and submitted at once. */
export function useCreateTimesheet() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: WeekTimesheetSave) => apiJson<Timesheet>('POST', '/api/timesheets', input),
    onSuccess: async (submitted) => {
      remember(queryClient, submitted)
      await invalidate(queryClient, true)
    },
  })
}

export type Decision = 'approved' | 'rejected'

export interface StatusUpdateInput {
  id: number
  status: Decision
  comments: string
}

/**
 * A supervisor's decision on a pending timesheet. Whatever the outcome (a 409 means someone else
 * decided first), the lists, the pending list, the stats and the reports are refreshed.
 */
export function useUpdateTimesheetStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status, comments }: StatusUpdateInput) =>
      apiJson<DecidedTimesheet>('PATCH', `/api/timesheets/${id}/status`, { status, comments }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.timesheets }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.pending }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.stats }),
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
      ]),
  })
}
