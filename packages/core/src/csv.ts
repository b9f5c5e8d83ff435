import { formatHoursNumber, weekTotalHours } from './hours.ts'
import { statusLabel, daysOf, type Timesheet } from './timesheet.ts'
import { dateOfDay, dayLabel, daysOfWeekStarting, DAYS } from './week.ts'

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
}

const name = (p: CsvPerson | null | undefined) => (p ? `${p.firstName} ${p.lastName}` : 'Removed member')

/** One approved timesheet: who, where, then a row per day in week order and a total row. */
export const timesheetCsv = (
  t: Timesheet,
  employee: CsvPerson | null,
  organizationName: string,
  approver: CsvPerson | null,
) =>
  toCsv([
    ['Organization', organizationName],
    ['Employee', name(employee)],
    ['Department', employee?.department ?? ''],
    ['Week Starting', t.weekStartDate],
    ['Status', statusLabel[t.status]],
    ['Approved By', approver ? name(approver) : ''],
    ['Approved At', t.approvedAt ?? ''],
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

export const bulkCsvHeader = [
  'Employee',
  'Department',
  'Week Starting',
  'Status',
  ...DAYS.map((d) => `${dayLabel[d]} Hours`),
  'Total Hours',
  'Submitted At',
  'Approved By',
  'Approved At',
]

/** One row per employee-week for the payroll export. */
export const bulkCsvRow = (t: Timesheet, employee: CsvPerson | null, approver: CsvPerson | null) => [
  name(employee),
  employee?.department ?? '',
  t.weekStartDate,
  statusLabel[t.status],
  ...daysOf(t).map((d) => formatHoursNumber(d.hours)),
  formatHoursNumber(weekTotalHours(t)),
  t.submittedAt ?? '',
  approver ? name(approver) : '',
  t.approvedAt ?? '',
]
