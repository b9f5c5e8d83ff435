export { dashboardStatsQuery, pendingTimesheetsQuery } from './first-reads.ts'
