import { breakField, breakOf, dayPaidMinutes, dayShiftMinutes, rangesText, type WeekTimes } from './hours.ts'
import { dayChecks } from './day-checks.ts'
import type { Timesheet, TimesheetStatus } from './timesheet.ts'
import { daysOf, statusLabel } from './timesheet-days.ts'
import { dateOfDay, dayLabel, daysInWeekOrder, daysOfWeekStarting, type DayName } from './week.ts'
import type { WeekStartDay } from './week-schemas.ts'
import { localDateTime } from './datetime.ts'

/**
 * CSV for payroll. Cells that a spreadsheet would run as a formula (= + - @ tab CR) get a leading
 * apostrophe (CSV injection); UTF-8 with a byte-order mark so Excel shows accented names.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export const csvCell = (value: string | number | null | undefined): string => {
  let s = value === null || value === undefined ? '' : String(value)
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

type CsvRow = (string | number | null | undefined)[]

export const toCsv = (rows: CsvRow[]): string =>
  '\uFEFF' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'

/** `toCsv` of one or more rows, a line at a time (a big file is never held whole: the data export). */
export function* csvLines(rows: Iterable<CsvRow>): Generator<string> {
  yield '\uFEFF'
  for (const row of rows) yield `${row.map(csvCell).join(',')}\r\n`
}

/**
 * The words of our own CSV layouts in English, the spec's (a reader gets them in their
 * language; `common:csv` in packages/i18n holds the same keys, and a test keeps English equal).
 * Payroll systems' layouts (payroll-files.ts) keep the titles their importers require.
 */
export const CSV_WORDS = {
  organization: 'Organization',
  employee: 'Employee',
  email: 'Email',
  department: 'Department',
  weekStarting: 'Week Starting',
  status: 'Status',
  approvedBy: 'Approved By',
  approvedAt: 'Approved At ({{zone}})',
  submittedAt: 'Submitted At ({{zone}})',
  date: 'Date',
  day: 'Day',
  start: 'Start',
  end: 'End',
  hours: 'Hours',
  dayHours: '{{day}} Hours',
  totalHours: 'Total Hours',
  activity: 'Activity',
  total: 'Total',
  notes: 'Notes',
  removedMember: 'Removed member',
  row: 'Row',
  employeeId: 'Employee ID',
  payrollId: 'Payroll ID',
  firstName: 'First Name',
  lastName: 'Last Name',
  payType: 'Pay Type',
  paidHours: 'Paid Hours',
  regularHours: 'Regular Hours',
  overtimeHours: 'Overtime Hours',
  doubleTimeHours: 'Double Time Hours',
  breakMinutes: 'Break Minutes',
  daysWorked: 'Days Worked',
  memberRow: 'Member',
  dayRow: 'Day',
  endsNextDay: 'Ends Next Day',
  yes: 'Yes',
  vacationHours: 'Vacation Hours',
  sickHours: 'Sick Hours',
  personalHours: 'Personal Hours',
  holidayHours: 'Holiday Hours',
  code: 'Ministry or Fund',
  codeRow: 'Ministry or Fund',
  unallocated: 'Unallocated',
  timeRanges: 'Time Ranges',
  username: 'Username',
  temporaryPassword: 'Temporary Password',
  signInAt: 'Sign In At',
} as const
export type CsvWord = keyof typeof CSV_WORDS

/** What a CSV says in one language: its words, the days' and the statuses' names. */
export interface CsvWords {
  word: (key: CsvWord, values?: Record<string, string>) => string
  day: (day: DayName) => string
  status: (status: TimesheetStatus) => string
}

export const englishCsvWords: CsvWords = {
  word: (key, values = {}) => CSV_WORDS[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? ''),
  day: (day) => dayLabel[day],
  status: (status) => statusLabel[status],
}

export interface CsvPerson {
  firstName: string
  lastName: string
  department: string | null
  /** Tells two people of the same name apart in the bulk export; staff may have none. */
  email?: string | null
}

const name = (p: CsvPerson | null | undefined, w: CsvWords) =>
  p ? `${p.firstName} ${p.lastName}` : w.word('removedMember')

/**
 * Hundredths of an hour of each day's minutes, adding up exactly to the total's hundredths
 * (largest remainder): a day is off its own value by less than 0.01, never the sum. With one
 * decimal the days of a week could read 24.5 against a total of 24.4.
 */
export const hundredthsOfDays = (minutes: readonly number[]): number[] => {
  const exact = minutes.map((m) => (m * 100) / 60)
  const floors = exact.map(Math.floor)
  const total = Math.round((minutes.reduce((a, b) => a + b, 0) * 100) / 60)
  let left = total - floors.reduce((a, b) => a + b, 0)
  const order = exact.map((x, i) => ({ i, rest: x - floors[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i)
  const out = [...floors]
  for (const { i } of order) {
    if (left <= 0) break
    out[i]! += 1
    left -= 1
  }
  return out
}

/** Hundredths of an hour as a CSV cell: '7.50'. */
export const hoursCell = (hundredths: number): string => (hundredths / 100).toFixed(2)

/** A week's days in `order`: each day's paid hours as cells that add up to the total cell. */
const hoursCells = (t: WeekTimes, order: readonly DayName[]) => {
  const days = hundredthsOfDays(order.map((d) => dayPaidMinutes(t, d)))
  return { days: days.map(hoursCell), total: hoursCell(days.reduce((a, b) => a + b, 0)) }
}

/** The unpaid minutes a day deducts (its break, no longer than its shift). */
const dayBreak = (t: WeekTimes, d: DayName) => Math.min(breakOf(t[breakField(d)]), dayShiftMinutes(t, d))

/**
 * One approved timesheet: who, where, then a row per day in week order (a shift that ends the next
 * day marked so, its break, its paid hours with two decimals), a total row that the days add up to,
 * and the notes.
 */
export const timesheetCsv = (
  t: Timesheet,
  employee: CsvPerson | null,
  organizationName: string,
  approver: CsvPerson | null,
  timeZone: string,
  w: CsvWords = englishCsvWords,
) => {
  const order = daysOfWeekStarting(t.weekStartDate)
  const hours = hoursCells(t, order)
  const breaks = order.map((d) => dayBreak(t, d))
  return toCsv([
    [w.word('organization'), organizationName],
    [w.word('employee'), name(employee, w)],
    [w.word('department'), employee?.department ?? ''],
    [w.word('weekStarting'), t.weekStartDate],
    [w.word('status'), w.status(t.status)],
    [w.word('approvedBy'), approver ? name(approver, w) : ''],
    [w.word('approvedAt', { zone: timeZone }), localDateTime(t.approvedAt, timeZone)],
    [],
    // Time Ranges is last, so readers of the earlier columns are unchanged: a split day's Start and End
    // are its first start and last end, and its ranges say what lies between.
    (['date', 'day', 'start', 'end', 'endsNextDay', 'breakMinutes', 'hours', 'activity', 'timeRanges'] as const).map(
      (k) => w.word(k),
    ),
    ...daysOf(t, order).map((d, i) => [
      dateOfDay(t.weekStartDate, d.day),
      w.day(d.day),
      d.start,
      d.end,
      dayChecks(t, d.day).includes('endsNextDay') ? w.word('yes') : '',
      breaks[i],
      hours.days[i],
      d.activity,
      rangesText(d.spans, { dash: '-', missing: '' }),
    ]),
    [w.word('total'), '', '', '', '', breaks.reduce((a, b) => a + b, 0), hours.total, '', ''],
    [],
    [w.word('notes'), t.notes],
  ])
}

/** Times are local date-times of the organization's zone, which the column titles name; days in its week order. */
export const bulkCsvHeader = (
  timeZone: string,
  w: CsvWords = englishCsvWords,
  weekStartDay: WeekStartDay = 'monday',
) => [
  w.word('employee'),
  w.word('email'),
  w.word('department'),
  w.word('weekStarting'),
  w.word('status'),
  ...daysInWeekOrder(weekStartDay).map((d) => w.word('dayHours', { day: w.day(d) })),
  w.word('totalHours'),
  w.word('breakMinutes'),
  w.word('submittedAt', { zone: timeZone }),
  w.word('approvedBy'),
  w.word('approvedAt', { zone: timeZone }),
]

/** What a row of the payroll export shows of a timesheet (the export reads only these fields). */
export type BulkCsvTimesheet = Pick<Timesheet, 'weekStartDate' | 'status' | 'submittedAt' | 'approvedAt'> & WeekTimes

/** One row per employee-week for the payroll export, in the header's order (days in the organization's week order). */
export const bulkCsvRow = (
  t: BulkCsvTimesheet,
  employee: CsvPerson | null,
  approver: CsvPerson | null,
  timeZone: string,
  w: CsvWords = englishCsvWords,
  weekStartDay: WeekStartDay = 'monday',
) => {
  const order = daysInWeekOrder(weekStartDay)
  const hours = hoursCells(t, order)
  return [
    name(employee, w),
    employee?.email ?? '',
    employee?.department ?? '',
    t.weekStartDate,
    w.status(t.status),
    ...hours.days,
    hours.total,
    order.reduce((sum, d) => sum + dayBreak(t, d), 0),
    localDateTime(t.submittedAt, timeZone),
    approver ? name(approver, w) : '',
    localDateTime(t.approvedAt, timeZone),
  ]
}

/**
 * A download's Content-Disposition (RFC 6266): `filename*` carries the name with its accents
 * (UTF-8, percent-encoded) and `filename` an ASCII fallback for old clients, accents dropped
 * ('Muñoz' becomes 'Munoz') and anything else unsafe turned into '_'.
 */
export const attachment = (fileName: string): string => {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${asciiAttachment(fileName)}; filename*=UTF-8''${encoded}`
}

/** The ASCII-only form: `attachment; filename="timesheet-Jose-Munoz.csv"`. */
export const asciiAttachment = (fileName: string): string =>
  `attachment; filename="${fileName
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\w.-]+/g, '_')}"`
