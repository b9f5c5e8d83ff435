import { formatHoursNumber, weekTotalHours } from './hours.ts'
import { statusLabel, daysOf, type Timesheet } from './timesheet.ts'
import { dateOfDay, dayLabel, daysOfWeekStarting, DAYS } from './week.ts'
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

export const toCsv = (rows: (string | number | null | undefined)[][]): string =>
  '\uFEFF' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'

export interface CsvPerson {
  firstName: string
  lastName: string
  department: string | null
  /** Tells two people of the same name apart in the bulk export; staff may have none. */
  email?: string | null
}

const name = (p: CsvPerson | null | undefined) => (p ? `${p.firstName} ${p.lastName}` : 'Removed member')

/** One approved timesheet: who, where, then a row per day in week order and a total row. */
export const timesheetCsv = (
  t: Timesheet,
  employee: CsvPerson | null,
  organizationName: string,
  approver: CsvPerson | null,
  timeZone: string,
) =>
  toCsv([
    ['Organization', organizationName],
    ['Employee', name(employee)],
    ['Department', employee?.department ?? ''],
    ['Week Starting', t.weekStartDate],
    ['Status', statusLabel[t.status]],
    ['Approved By', approver ? name(approver) : ''],
    [`Approved At (${timeZone})`, localDateTime(t.approvedAt, timeZone)],
    [],
    ['Date', 'Day', 'Start', 'End', 'Hours', 'Activity'],
    ...daysOf(t, daysOfWeekStarting(t.weekStartDate)).map((d) => [
      dateOfDay(t.weekStartDate, d.day),
      dayLabel[d.day],
      d.start,
      d.end,
      formatHoursNumber(d.hours),
      d.activity,
    ]),
    ['Total', '', '', '', formatHoursNumber(weekTotalHours(t)), ''],
    [],
    ['Notes', t.notes],
  ])

/** Times are local date-times of the organization's zone, which the column titles name. */
export const bulkCsvHeader = (timeZone: string) => [
  'Employee',
  'Email',
  'Department',
  'Week Starting',
  'Status',
  ...DAYS.map((d) => `${dayLabel[d]} Hours`),
  'Total Hours',
  `Submitted At (${timeZone})`,
  'Approved By',
  `Approved At (${timeZone})`,
]

/** One row per employee-week for the payroll export. */
export const bulkCsvRow = (t: Timesheet, employee: CsvPerson | null, approver: CsvPerson | null, timeZone: string) => [
  name(employee),
  employee?.email ?? '',
  employee?.department ?? '',
  t.weekStartDate,
  statusLabel[t.status],
  ...daysOf(t).map((d) => formatHoursNumber(d.hours)),
  formatHoursNumber(weekTotalHours(t)),
  localDateTime(t.submittedAt, timeZone),
  approver ? name(approver) : '',
  localDateTime(t.approvedAt, timeZone),
]

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
