import { queryOptions } from '@tanstack/react-query'
import type { DashboardStats } from '@app/core'
import { getQueryFn } from './client.ts'
import { dashboardKeys } from './keys.ts'

/** GET /api/dashboard/stats (supervisors): the stat row. */
export const dashboardStatsQuery = queryOptions({
  queryKey: dashboardKeys.stats,
  queryFn: getQueryFn<DashboardStats>({ on401: 'throw' }),
})
