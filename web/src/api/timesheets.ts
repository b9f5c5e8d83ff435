import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Timesheet, TimesheetDays, WeekTimesheetSave } from '@app/core'
import { ApiError, apiJson, getQueryFn } from './client.ts'

/**
 * Query keys are the URLs they read (spec section 7). The list key is a prefix of every list
 * query (filters and pages go after it), so invalidating it refreshes them all.
 */
export const timesheetKeys = {
  list: ['/api/timesheets'] as const,
  currentWeek: ['/api/timesheets/current-week'] as const,
}
export const dashboardStatsKey = ['/api/dashboard/stats'] as const

/** How often the current week is read again while a screen shows it (spec section 9). */
export const CURRENT_WEEK_REFETCH_MS = 30_000

/** The signed-in member's timesheet for this week (the server creates the draft the first time). */
export const currentWeekQuery = queryOptions({
  queryKey: timesheetKeys.currentWeek,
  queryFn: getQueryFn<Timesheet>({ on401: 'throw' }),
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
    queryClient.invalidateQueries({ queryKey: timesheetKeys.list }),
    withStats ? queryClient.invalidateQueries({ queryKey: dashboardStatsKey }) : undefined,
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
