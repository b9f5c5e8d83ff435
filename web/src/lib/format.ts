import {
  dateInZone,
  formatDate as formatCalendarDate,
  formatLongDate,
  fullName,
  isCalendarDate,
  formatHoursNumberIn,
  isValidTimeZone,
  timeInZone,
  weekEnd,
  zoneName,
  type EmbeddedEmployee,
} from '@app/core'
import i18next from 'i18next'
import { currentLanguage, currentLocale } from '../i18n.ts'
import { browserTimeZone } from './browser.ts'

/**
 * How a date is shown:
 * - 'medium': 'Nov 16, 2026' (tables, dialogs, week titles)
 * - 'short': 'Nov 16' (a day card, under a week title that already says the year)
 * - 'long': 'November 16, 2026' (profile and billing dates)
 * - 'dateTime': 'Nov 16, 2026, 15:05' (when a comment was made; times are HH:MM, 24-hour)
 */
export type DateStyle = 'medium' | 'short' | 'long' | 'full' | 'dateTime'

/** The organization's zone when it is a real one, else the browser's. */
export const zoneOr = (timeZone: unknown): string => (isValidTimeZone(timeZone) ? timeZone : browserTimeZone())

const CALENDAR_STYLES = {
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  short: { month: 'short', day: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  full: { weekday: 'long', month: 'short', day: 'numeric', year: 'numeric' },
} as const

/**
 * A calendar date in the current language. English keeps packages/core's hand-written form (what
 * the CSVs and emails say); other languages ask Intl ('16 nov 2026', '16 de noviembre de 2026').
 */
const calendar = (date: string, style: Exclude<DateStyle, 'dateTime'>): string => {
  const locale = currentLocale()
  if (locale === 'en-US' && style === 'medium') return formatCalendarDate(date)
  if (locale === 'en-US' && style === 'short') return formatCalendarDate(date).replace(/, \d{4}$/, '')
  if (locale === 'en-US' && style === 'full') return formatLongDate(date)
  return new Date(`${date}T00:00:00Z`).toLocaleString(locale, { ...CALENDAR_STYLES[style], timeZone: 'UTC' })
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
  if (style === 'dateTime') return `${calendar(dateInZone(date, zone), 'medium')}, ${timeInZone(date, zone)}`
  return calendar(dateInZone(date, zone), style)
}

/**
 * When a credential (an API token, a kiosk) was made and last used, on the clock of `timeZone`;
 * `never` when it was never used. The texts' `created` and `used`.
 */
export const formatUsage = (
  item: { createdAt: string; lastUsedAt: string | null },
  never: string,
  timeZone: string,
) => ({
  created: formatDate(item.createdAt, 'dateTime', '-', timeZone),
  used: formatDate(item.lastUsedAt, 'dateTime', never, timeZone),
})

/** A day under a week title that already says the year: 'Nov 16'. */
export const formatShortDate = (date: string): string => formatDate(date, 'short')

/**
 * Days from `from` to `to` (calendar dates) as briefly as the current language writes them: 'Dec 24',
 * 'Dec 24 – 26', 'Dec 31 – Jan 2'. A value that is not a date is shown as it is.
 */
export const formatDayRange = (from: string, to: string): string => {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return from === to ? from : `${from} – ${to}`
  if (from === to) return formatShortDate(from)
  const days = new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' })
  return days.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`))
}

/** A week's dates, as in the dialog title 'Weekly Timesheet - Nov 16, 2026 - Nov 22, 2026'. */
export const formatDateRange = (weekStart: string): string =>
  `${formatDate(weekStart)} - ${formatDate(weekEnd(weekStart))}`

/**
 * A total of hours with its one decimal and unit, as the spec shows totals: '7.5 hours' ('7.5 horas').
 * The decimal is always written, so English always says 'hours' ('1.0 hours').
 */
export const formatHours = (hours: number): string =>
  i18next.t('common:hoursTotal', { hours: formatHoursNumberIn(hours, currentLanguage()) })

/**
 * One decimal, written as the reader's language writes numbers ('7.5', '7,5'): by the language
 * ('es'), not the dates' locale ('es-US' writes 7.5).
 */
export const formatHoursValue = (hours: number): string => formatHoursNumberIn(hours, currentLanguage())

/** A time zone's name in the reader's language: 'Mountain Time', 'hora de las Montañas Rocosas'. */
export const formatZoneName = (timeZone: string): string => zoneName(timeZone, currentLocale())

/** A number as the reader's language writes it, to one decimal unless `digits` says: '6.3', '6,3'. */
export const formatNumber = (n: number, digits = 1): string =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: digits }).format(n)

/** A list as the reader's language joins it: 'Ana, Sam and Beth', 'Ana, Sam y Beth'. */
export const formatList = (items: string[]): string =>
  new Intl.ListFormat(currentLanguage(), { style: 'long', type: 'conjunction' }).format(items)

/** The embedded employee's name; a removed member has none. */
export const employeeName = (employee: EmbeddedEmployee | null) =>
  employee ? fullName(employee) || i18next.t('common:unnamedMember') : i18next.t('common:removedMember')

const twoDecimals = () =>
  new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const dollars = () => new Intl.NumberFormat(currentLocale(), { style: 'currency', currency: 'USD' })

/**
 * Payroll hours as core computed them (two decimals, as payroll files carry them): '40.00'. Only
 * the payroll figures use this; the spec's totals keep their one decimal (formatHours).
 */
export const formatPayrollHours = (hours: number): string => twoDecimals().format(hours)

/** A break total in minutes, as entered: '60 min'. */
export const formatBreakMinutes = (minutes: number): string => i18next.t('common:breakMinutes', { minutes })

/** A value in dollars (the volunteer hour's worth): '$1,339.60'. */
export const formatDollars = (amount: number): string => dollars().format(amount)

/** Hours of time off as the ledger keeps them (up to two decimals): '8 h', '8.1 h', '-2.25 h' ('8,1 h'). */
export const formatLeaveHours = (hours: number): string =>
  i18next.t('common:leaveHours', {
    hours: new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(hours),
  })
