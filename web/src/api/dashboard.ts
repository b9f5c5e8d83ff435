import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { TimesheetListItem, TimesheetStatus } from '@app/core'
import { apiJson, getQueryFn } from './client.ts'

/** GET /api/dashboard/stats (supervisors): the stat row. `approved` counts this week's approvals. */
export interface DashboardStats {
  pending: number
  approved: number
  approvedTotal: number
  rejected: number
  totalTimesheets: number
  activeEmployees: number
}

/** One page of GET /api/timesheets: newest week first; `cursor` asks for the next page. */
export interface TimesheetPage {
  items: TimesheetListItem[]
  cursor: string | null
}

/** The dashboard's status filter; 'all' sends no status. */
export type StatusFilter = 'all' | Exclude<TimesheetStatus, 'draft'>

export const statusFilterLabel: Record<StatusFilter, string> = {
  all: 'All Status',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
}

export const dashboardKeys = {
  stats: ['/api/dashboard/stats'] as const,
  /** Every list of timesheets starts with this key, so invalidating it refreshes them all. */
  timesheets: ['/api/timesheets'] as const,
  timesheetList: (status: StatusFilter) => ['/api/timesheets', { status }] as const,
  pending: ['/api/timesheets/pending'] as const,
}

export const dashboardStatsQuery = queryOptions({
  queryKey: dashboardKeys.stats,
  queryFn: getQueryFn<DashboardStats>({ on401: 'throw' }),
})

export const timesheetListUrl = (status: StatusFilter, cursor?: string | null) => {
  const params = new URLSearchParams()
  if (status !== 'all') params.set('status', status)
  if (cursor) params.set('cursor', cursor)
  const query = params.toString()
  return query ? `/api/timesheets?${query}` : '/api/timesheets'
}

/** 'Recent Timesheet Submissions', a page at a time (supervisors: the organization's; staff: their own). */
export const timesheetListQuery = (status: StatusFilter) =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.timesheetList(status),
    queryFn: ({ pageParam }) => apiJson<TimesheetPage>('GET', timesheetListUrl(status, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  })

/** Browser navigations in a new tab: the API redirects to a fresh pre-signed link. */
export const bulkReportUrl = (status?: StatusFilter) =>
  status && status !== 'all'
    ? `/api/reports/bulk-timesheets?status=${encodeURIComponent(status)}`
    : '/api/reports/bulk-timesheets'

export const timesheetCsvUrl = (id: number) => `/api/timesheets/${id}/download-csv`
