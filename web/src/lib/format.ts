import { formatDate as formatCalendarDate, fullName, isCalendarDate, type EmbeddedEmployee } from '@app/core'

/**
 * How a date is shown:
 * - 'medium': 'Nov 16, 2026' (tables, dialogs, week titles)
 * - 'short': 'Nov 16' (a day card, under a week title that already says the year)
 * - 'long': 'November 16, 2026' (profile and billing dates)
 * - 'dateTime': 'Nov 16, 2026, 3:05 PM' (when a comment was made)
 */
export type DateStyle = 'medium' | 'short' | 'long' | 'dateTime'

const instantStyles: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  short: { month: 'short', day: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  dateTime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
}

/**
 * The one way the web shows a date. A calendar date ('2026-11-16': a week start, a day) is
 * written by packages/core, so the screen, the CSV and the emails agree whatever the browser's
 * locale data, and it never moves by the browser's zone. An instant (an ISO timestamp) is shown
 * on the browser's calendar. Text that is not a date is shown as it is; a missing one as `empty`.
 */
export function formatDate(value: string | null | undefined, style: DateStyle = 'medium', empty = '-'): string {
  if (!value) return empty
  if (isCalendarDate(value)) {
    if (style === 'medium') return formatCalendarDate(value)
    if (style === 'short') return formatCalendarDate(value).replace(/, \d{4}$/, '')
    return new Date(`${value}T00:00:00Z`).toLocaleString('en-US', { ...instantStyles[style], timeZone: 'UTC' })
  }
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('en-US', instantStyles[style])
}

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
