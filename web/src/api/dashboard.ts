import { queryOptions } from '@tanstack/react-query'
import { getQueryFn } from './client.ts'
import { dashboardKeys } from './keys.ts'

/** GET /api/dashboard/stats (supervisors): the stat row. `approved` counts this week's approvals. */
export interface DashboardStats {
  pending: number
  approved: number
  approvedTotal: number
  rejected: number
  totalTimesheets: number
  activeEmployees: number
}

export const dashboardStatsQuery = queryOptions({
  queryKey: dashboardKeys.stats,
  queryFn: getQueryFn<DashboardStats>({ on401: 'throw' }),
})
