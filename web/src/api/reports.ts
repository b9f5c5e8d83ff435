import { queryOptions } from '@tanstack/react-query'
import { addDays, currentWeekStart, monthOf, todayIn, weekEnd, type Report, type WeekStartDay } from '@app/core'
import { apiJson } from './client.ts'
import { reportKeys, type ReportPeriod, type StatusFilter } from './keys.ts'
import { withSearch } from './client.ts'

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

/**
 * The dates of a period, judged by today's date in the organization's zone. 'This Week' follows
 * the organization's week start day (DESIGN.md section 5), not a fixed Sunday.
 */
export function reportPeriod(name: ReportPeriodName, settings: WeekSettings, now: Date = new Date()): ReportPeriod {
  if (name === 'this-week') {
    const start = currentWeekStart(settings.timeZone, settings.weekStartDay, now)
    return { start, end: weekEnd(start) }
  }
  const thisMonth = monthOf(todayIn(settings.timeZone, now))
  return name === 'this-month' ? thisMonth : monthOf(addDays(thisMonth.start, -1))
}

export const reportUrl = ({ start, end }: ReportPeriod, campusId?: string) =>
  `${reportKeys.all[0]}?${new URLSearchParams({ start, end, ...(campusId ? { campusId } : {}) }).toString()}`

/** Submitted timesheets whose week starts within the period (of one campus); supervisors only, others get 403. */
export const reportQuery = (period: ReportPeriod, campusId?: string) =>
  queryOptions({
    queryKey: reportKeys.period(period, campusId),
    queryFn: () => apiJson<Report>('GET', reportUrl(period, campusId)),
  })

/**
 * The payroll CSV of every timesheet (or of one status, and of the names a search matches, as the
 * dashboard's list shows them), opened in a new tab: the API redirects to a fresh pre-signed link.
 */
export const bulkReportUrl = (status?: StatusFilter, search = '', campusId?: string) => {
  const params = new URLSearchParams()
  if (status && status !== 'all') params.set('status', status)
  if (search.trim()) params.set('search', search.trim())
  if (campusId) params.set('campusId', campusId)
  return withSearch('/api/reports/bulk-timesheets', params)
}
