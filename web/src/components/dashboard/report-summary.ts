import i18next from 'i18next'
import {
  bulkCsvHeader,
  bulkCsvRow,
  fullName,
  toCsv,
  weekTotalMinutes,
  type ReportItem,
  type WeekStartDay,
} from '@app/core'
import { csvWords } from '@app/i18n'

/** A full bar stands for this many timesheets in one week. */
export const FULL_BAR_SHEETS = 4

export interface WeekCount {
  weekStartDate: string
  count: number
}

/** One entry per week that has timesheets, oldest week first. */
export function weeklySummary(items: readonly ReportItem[]): WeekCount[] {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(item.weekStartDate, (counts.get(item.weekStartDate) ?? 0) + 1)
  return [...counts]
    .map(([weekStartDate, count]) => ({ weekStartDate, count }))
    .sort((a, b) => a.weekStartDate.localeCompare(b.weekStartDate))
}

export interface HoursRow {
  key: string
  label: string
  hours: number
}

/** Hours per week, oldest week first; the sums are core's (minutes added, then turned into hours once). */
export function hoursByWeek(items: readonly ReportItem[], weekLabel: (weekStart: string) => string): HoursRow[] {
  const minutes = new Map<string, number>()
  for (const t of items) minutes.set(t.weekStartDate, (minutes.get(t.weekStartDate) ?? 0) + weekTotalMinutes(t))
  return [...minutes]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, m]) => ({ key: week, label: weekLabel(week), hours: m / 60 }))
}

/** Hours per member, most hours first; removed members are counted together. */
export function hoursByMember(items: readonly ReportItem[]): HoursRow[] {
  const rows = new Map<string, { label: string; minutes: number }>()
  for (const t of items) {
    const key = t.employee ? t.employeeId : 'removed'
    const label = t.employee
      ? fullName(t.employee) || i18next.t('supervisor:reports.unnamedMember')
      : i18next.t('supervisor:reports.removedMember')
    const row = rows.get(key) ?? { label, minutes: 0 }
    row.minutes += weekTotalMinutes(t)
    rows.set(key, row)
  }
  return [...rows]
    .map(([key, r]) => ({ key, label: r.label, hours: r.minutes / 60 }))
    .sort((a, b) => b.hours - a.hours || a.label.localeCompare(b.label))
}

/** A week's bar: count / 4 of the full width, never more than all of it. */
export const barWidthPercent = (count: number): number => Math.min(100, Math.max(0, (count / FULL_BAR_SHEETS) * 100))

export const sheetsLabel = (count: number) => i18next.t('supervisor:reports.sheets', { count })

export interface QuickStats {
  total: number
  approved: number
  pending: number
  /** Whole percent of the period's timesheets that are approved; 0 when there are none. */
  approvalRate: number
}

export function quickStats(items: readonly ReportItem[]): QuickStats {
  const total = items.length
  const approved = items.filter((t) => t.status === 'approved').length
  const pending = items.filter((t) => t.status === 'pending').length
  return { total, approved, pending, approvalRate: total === 0 ? 0 : Math.round((approved / total) * 100) }
}

/** The shown period as the payroll CSV: the bulk export's columns in the screen's language, one row per employee-week, times in `timeZone`. */
export const reportCsv = (items: readonly ReportItem[], timeZone: string, weekStartDay: WeekStartDay): string => {
  const words = csvWords(i18next.t)
  // The days in the organization's week order, as the server's Download Report has them.
  return toCsv([
    bulkCsvHeader(timeZone, words, weekStartDay),
    ...items.map((t) =>
      bulkCsvRow(t, t.employee, t.approver ? { ...t.approver, department: null } : null, timeZone, words, weekStartDay),
    ),
  ])
}

export const reportFileName = (start: string, end: string) => `timesheets-report-${start}-to-${end}.csv`
