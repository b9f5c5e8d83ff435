import { queryOptions } from '@tanstack/react-query'
import { addDays, currentWeekStart, todayIn, weekEnd, type Report, type WeekStartDay } from '@app/core'
import { apiJson } from './client.ts'
import { reportKeys, type ReportPeriod, type StatusFilter } from './keys.ts'

export type ReportPeriodName = 'this-week' | 'this-month' | 'last-month'

export const reportPeriodLabel: Record<ReportPeriodName, string> = {
  'this-week': 'This Week',
  'this-month': 'This Month',
  'last-month': 'Last Month',
}

export type { ReportPeriod }

export interface WeekSettings {
  timeZone: string
  weekStartDay: WeekStartDay
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`
/** The last day of the month that `first` (a first of a month) begins. */
const lastOfMonth = (first: string) => addDays(firstOfMonth(addDays(first, 31)), -1)

/**
 * The dates of a period, judged by today's date in the organization's zone. 'This Week' follows
 * the organization's week start day (DESIGN.md section 5), not a fixed Sunday.
 */
export function reportPeriod(name: ReportPeriodName, settings: WeekSettings, now: Date = new Date()): ReportPeriod {
  if (name === 'this-week') {
    const start = currentWeekStart(settings.timeZone, settings.weekStartDay, now)
    return { start, end: weekEnd(start) }
  }
  const thisMonth = firstOfMonth(todayIn(settings.timeZone, now))
  const start = name === 'this-month' ? thisMonth : firstOfMonth(addDays(thisMonth, -1))
  return { start, end: lastOfMonth(start) }
}

export const reportUrl = ({ start, end }: ReportPeriod) =>
  `${reportKeys.all[0]}?${new URLSearchParams({ start, end }).toString()}`

/** Submitted timesheets whose week starts within the period (supervisors only; others get 403). */
export const reportQuery = (period: ReportPeriod) =>
  queryOptions({
    queryKey: reportKeys.period(period),
    queryFn: () => apiJson<Report>('GET', reportUrl(period)),
  })

/** The payroll CSV of every timesheet (or of one status), opened in a new tab: the API redirects to a fresh pre-signed link. */
export const bulkReportUrl = (status?: StatusFilter) =>
  status && status !== 'all'
    ? `/api/reports/bulk-timesheets?status=${encodeURIComponent(status)}`
    : '/api/reports/bulk-timesheets'
