import type { DashboardStats } from '@app/core'
import { readQuery } from './client.ts'
import { dashboardKeys } from './keys.ts'

/** GET /api/dashboard/stats (supervisors): the stat row. */
export const dashboardStatsQuery = readQuery<DashboardStats>(dashboardKeys.stats)
