import {
  dateInZone,
  formatDate as formatCalendarDate,
  formatInstant,
  formatTimeOfDay,
  fullName,
  isCalendarDate,
  isValidTimeZone,
  type EmbeddedEmployee,
} from '@app/core'
import { browserLocale, browserTimeZone } from './browser.ts'

/**
 * How a date is shown:
 * - 'medium': 'Nov 16, 2026' (tables, dialogs, week titles)
 * - 'short': 'Nov 16' (a day card, under a week title that already says the year)
 * - 'long': 'November 16, 2026' (profile and billing dates)
 * - 'dateTime': 'Nov 16, 2026, 3:05 PM' (when a comment was made)
 */
export type DateStyle = 'medium' | 'short' | 'long' | 'dateTime'

/** The organization's zone when it is a real one, else the browser's. */
export const zoneOr = (timeZone: unknown): string => (isValidTimeZone(timeZone) ? timeZone : browserTimeZone())

const calendar = (date: string, style: Exclude<DateStyle, 'dateTime'>): string => {
  if (style === 'medium') return formatCalendarDate(date)
  if (style === 'short') return formatCalendarDate(date).replace(/, \d{4}$/, '')
  return new Date(`${date}T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/**
 * The one way the web shows a date. A calendar date ('2026-11-16': a week start, a day) is
 * written by packages/core, so the screen, the CSV and the emails agree whatever the browser's
 * locale data, and it never moves by the browser's zone. An instant (an ISO timestamp) is shown
 * on the clock of `timeZone`: the organization's (see useOrgTime), the browser's only when none
 * is known. Text that is not a date is shown as it is; a missing one as `empty`.
 */
export function formatDate(
  value: string | null | undefined,
  style: DateStyle = 'medium',
  empty = '-',
  timeZone?: string,
): string {
  if (!value) return empty
  if (isCalendarDate(value)) return calendar(value, style === 'dateTime' ? 'medium' : style)
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  const zone = zoneOr(timeZone)
  if (style === 'dateTime') return formatInstant(date, zone, 'dateTime', browserLocale())
  return calendar(dateInZone(date, zone), style)
}

/** A wall-clock 'HH:MM' in the browser's locale convention, the one its time inputs show. */
export const formatTime = (hhmm: string): string => formatTimeOfDay(hhmm, browserLocale())

/** The embedded employee's name; a removed member has none. */
export const employeeName = (employee: EmbeddedEmployee | null) =>
  employee ? fullName(employee) || 'Unnamed member' : 'Removed member'

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/**
 * Payroll hours as core computed them (two decimals, as payroll files carry them): '40.00'. Only
 * the payroll figures use this; the spec's totals keep their one decimal (formatHours).
 */
export const formatPayrollHours = (hours: number): string => twoDecimals.format(hours)

/** A break total in minutes, as entered: '60 min'. */
export const formatBreakMinutes = (minutes: number): string => `${minutes} min`

/** A value in dollars (the volunteer hour's worth): '$1,339.60'. */
export const formatDollars = (amount: number): string => dollars.format(amount)
