import { toCsv, type VolunteerHours } from '@app/core'

/** Two decimals without grouping, so every spreadsheet reads the cell as a number. */
const plain = (n: number) => n.toFixed(2)

/**
 * The volunteer report as a CSV for grant reports, built in the browser with core's formula-safe
 * writer: the period and rate, one row per volunteer, one per department, and the totals.
 */
export const volunteerHoursCsv = (report: VolunteerHours): string =>
  toCsv([
    ['Volunteer Hours', `${report.from} to ${report.to}`],
    ['Hourly Value (USD)', plain(report.hourlyRate)],
    [],
    ['Volunteer', 'Department', 'Hours', 'Value (USD)'],
    ...report.volunteers.map((v) => [
      `${v.firstName} ${v.lastName}`.trim(),
      v.department ?? '',
      plain(v.hours),
      plain(v.value),
    ]),
    [],
    ['Department', 'Hours', 'Value (USD)'],
    ...report.departments.map((d) => [d.department, plain(d.hours), plain(d.value)]),
    [],
    ['Total', plain(report.totalHours), plain(report.totalValue)],
  ])

export const volunteerHoursFileName = (from: string, to: string) => `volunteer-hours-${from}-to-${to}.csv`
