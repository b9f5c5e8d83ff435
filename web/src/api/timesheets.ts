import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import i18next from 'i18next'
import { isEditable } from '@app/core'
import type {
  CurrentUser,
  CurrentWeek,
  BulkApproveResult,
  DecidedTimesheet,
  SubmittedTimesheet,
  TimesheetAnswer,
  TimesheetPage,
  WeekTimesheetSave,
} from '@app/core'
import { ApiError, apiJson, isNetworkError, withSearch } from './client.ts'
import {
  allocationKeys,
  authKeys,
  dashboardKeys,
  payrollKeys,
  reportKeys,
  timesheetKeys,
  type StatusFilter,
} from './keys.ts'
import { refuseLikeServer, saveDraft, type DraftSaveInput, type DraftSaveResult } from '../offline/drafts.ts'
import { isOnline } from '../offline/connection.ts'
import { currentWeekQuery, timesheetListQuery } from './first-reads.ts'

export { currentWeekQuery, timesheetListQuery }

export type { StatusFilter }

export const statusFilterLabel: Record<StatusFilter, string> = {
  all: 'All Status',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
}

/** Rows per page of 'Recent Timesheet Submissions' ('Load more' fetches the next). */
/** A browser navigation in a new tab: the API redirects to a fresh pre-signed link. */
export const timesheetCsvUrl = (id: number) => `/api/timesheets/${id}/download-csv`

export const useCurrentWeekTimesheet = (enabled = true) => useQuery({ ...currentWeekQuery, enabled })

/**
 * The signed-in member's own week starting `start`, as the submit page's week picker opens it
 * (GET /api/timesheets/week): its saved entries, or an unsaved blank week (id 0). Read afresh each
 * time it is picked. Offline the device answers what it has: the week from the member's cached
 * list, else null (nothing known, so a blank week; its save is then refused plainly).
 */
export const weekQuery = (start: string) =>
  queryOptions({
    queryKey: timesheetKeys.week(start),
    queryFn: async ({ client }): Promise<CurrentWeek | null> => {
      try {
        return await apiJson<CurrentWeek>('GET', withSearch('/api/timesheets/week', new URLSearchParams({ start })))
      } catch (error) {
        if (!isNetworkError(error)) throw error
        const me = client.getQueryData<CurrentUser | null>(authKeys.user)?.id
        const pages = client.getQueryData<InfiniteData<TimesheetPage>>(timesheetKeys.list('all'))?.pages ?? []
        const items = pages.flatMap((page) => page.items)
        return items.find((t) => t.weekStartDate === start && t.employeeId === me) ?? null
      }
    },
    staleTime: 0,
    networkMode: 'always',
  })

/** A 409: the timesheet changed elsewhere (stale version) or can no longer be edited. */
export const isConflictError = (error: unknown): boolean => error instanceof ApiError && error.status === 409

/** Puts a saved timesheet into the current-week cache when it is that week's, so screens show it at once. */
const remember = (queryClient: QueryClient, saved: TimesheetAnswer | null) => {
  if (!saved) return
  queryClient.setQueryData<TimesheetAnswer>(timesheetKeys.currentWeek, (current) =>
    current && current.id === saved.id ? saved : current,
  )
}

const invalidate = (queryClient: QueryClient, withStats: boolean) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: timesheetKeys.currentWeek }),
    queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
    withStats ? queryClient.invalidateQueries({ queryKey: dashboardKeys.stats }) : undefined,
  ])

/**
 * A call that answers the saved timesheet: it goes into the current-week cache, and the lists (and,
 * after a submission, the dashboard stats) are read again.
 */
const useTimesheetWrite = <I, O extends TimesheetAnswer = TimesheetAnswer>(
  call: (input: I) => Promise<O>,
  withStats: boolean,
) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: async (saved) => {
      remember(queryClient, saved)
      await invalidate(queryClient, withStats)
    },
  })
}

export type UpdateDraftInput = DraftSaveInput

/**
 * PUT /api/timesheets/draft/{id}: the weekly dialog's save (and every clock in and out). This
 * week's save is kept on the device when offline (`onDevice`) and synced later (src/offline).
 */
export function useUpdateDraft() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateDraftInput) => saveDraft(queryClient, input),
    networkMode: 'always',
    onSuccess: async ({ timesheet, onDevice }) => {
      remember(queryClient, timesheet)
      if (!onDevice) await invalidate(queryClient, false)
    },
  })
}

/**
 * POST /api/timesheets/save-draft: the submit page's 'Save Timesheet' for the chosen week. This
 * week's save goes through the device's queue like the weekly dialog's (kept on the device offline,
 * `onDevice`, and synced in order later); another week needs the connection, and a save that could
 * not reach the server fails with `NotSavedOffline` so the page can say so plainly.
 */
export function useSaveWeekDraft() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: WeekTimesheetSave): Promise<DraftSaveResult> => {
      const post = (version = input.version) =>
        apiJson<TimesheetAnswer>('POST', '/api/timesheets/save-draft', { ...input, version, status: 'draft' })
      const week = queryClient.getQueryData<CurrentWeek>(timesheetKeys.currentWeek)
      try {
        if (!week || week.weekStartDate !== input.weekStartDate || !isEditable(week.status))
          return { timesheet: await post(), onDevice: false }
        // Fields the server would refuse go to it, for its messages on the fields.
        const { TimesheetDays } = await import('./day-schema.ts')
        const days = TimesheetDays.safeParse(input)
        // Offline, what the server would refuse is refused here, on its field.
        if (!days.success && !isOnline())
          refuseLikeServer(input, queryClient.getQueryData<CurrentUser | null>(authKeys.user)?.payType)
        if (!days.success) return { timesheet: await post(), onDevice: false }
        return await saveDraft(
          queryClient,
          { id: week.id, days: days.data, version: input.version ?? week.version },
          post,
        )
      } catch (error) {
        throw isNetworkError(error) ? new NotSavedOffline(error) : error
      }
    },
    networkMode: 'always',
    onSuccess: async ({ timesheet, onDevice }) => {
      remember(queryClient, timesheet)
      if (!onDevice) await invalidate(queryClient, false)
    },
  })
}

/** A save that reached neither the server nor the device's queue (offline, and not this week). */
export class NotSavedOffline extends Error {
  constructor(cause: unknown) {
    super(i18next.t('staff:offline.notSaved'), { cause })
    this.name = 'NotSavedOffline'
  }
}

/**
 * What is submitted: a saved timesheet at the version its save answered (the weekly dialog, after
 * its PUT), or the submit page's chosen week with its fields, which the server saves and submits
 * at once.
 */
export type Submission = { id: number; version: number } | WeekTimesheetSave

/**
 * The one submission of both forms, each with its own call (spec section 9): POST
 * /api/timesheets/{id}/submit or POST /api/timesheets. On the server both are one workflow and
 * one transaction (functions/src/workflows/submission.ts). Both answer whose review email waits
 * for a confirmed address (`reviewEmailsHeldFor`), for the form's confirmation to say.
 */
export const useSubmitWeek = () =>
  useTimesheetWrite(
    (submission: Submission) =>
      'weekStartDate' in submission
        ? apiJson<SubmittedTimesheet>('POST', '/api/timesheets', submission)
        : apiJson<SubmittedTimesheet>('POST', `/api/timesheets/${submission.id}/submit`, {
            version: submission.version,
          }),
    true,
  )

export type Decision = 'approved' | 'rejected'

export interface StatusUpdateInput {
  id: number
  status: Decision
  comments: string
}

/**
 * What a decision changes (a decision on a pending week, a bulk approval, an approved week sent
 * back): the lists, the pending list, the stats, the reports and, as an approval stores the week's
 * payroll figures and a sent-back week loses them, the periods, summaries and volunteer hours.
 */
export const DECISION_READS = [
  dashboardKeys.timesheets,
  dashboardKeys.pending,
  dashboardKeys.stats,
  reportKeys.all,
  payrollKeys.periods,
  payrollKeys.summaries,
  payrollKeys.volunteerReports,
  allocationKeys.reports,
]
const refreshDecisionReads = (queryClient: QueryClient) =>
  Promise.all(DECISION_READS.map((queryKey) => queryClient.invalidateQueries({ queryKey })))

/**
 * A supervisor's decision on a pending timesheet. Whatever the outcome (a 409 means someone else
 * decided first), the lists, the pending list, the stats and the reports are refreshed.
 */
export function useUpdateTimesheetStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status, comments }: StatusUpdateInput) =>
      apiJson<DecidedTimesheet>('PATCH', `/api/timesheets/${id}/status`, { status, comments }),
    onSettled: () => refreshDecisionReads(queryClient),
  })
}

/**
 * A supervisor sends an approved week back to its member for correction, saying what to correct
 * (POST .../send-back); the same reads as after a decision are refreshed, whatever the outcome.
 */
export function useSendBackTimesheet() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, comments }: { id: number; comments: string }) =>
      apiJson<DecidedTimesheet>('POST', `/api/timesheets/${id}/send-back`, { comments }),
    onSettled: () => refreshDecisionReads(queryClient),
  })
}

export function useBulkApprove() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: number[]) => apiJson<BulkApproveResult>('POST', '/api/timesheets/bulk-approve', { ids }),
    onSettled: () => refreshDecisionReads(queryClient),
  })
}

/** POST /api/timesheets/{id}/copy-last-week: the saved week with last week's days in its empty ones. */
export const useCopyLastWeekCall = () =>
  useTimesheetWrite((id: number) => apiJson<TimesheetAnswer>('POST', `/api/timesheets/${id}/copy-last-week`), false)
