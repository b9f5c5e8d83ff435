export { dashboardStatsFor, dashboardStatsQuery, pendingTimesheetsFor, pendingTimesheetsQuery } from './first-reads.ts'
