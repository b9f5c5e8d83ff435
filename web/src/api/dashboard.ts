import type { DashboardStats, PendingTimesheets } from '@app/core'
import { readQuery } from './client.ts'
import { dashboardKeys } from './keys.ts'

/** GET /api/dashboard/stats (supervisors): the stat row. */
export const dashboardStatsQuery = readQuery<DashboardStats>(dashboardKeys.stats)

/** GET /api/timesheets/pending (supervisors): every pending week, each marked when it waits for me (issue 31). */
export const pendingTimesheetsQuery = readQuery<PendingTimesheets>(dashboardKeys.pending)
