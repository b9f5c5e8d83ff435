import i18next from 'i18next'
import { toCsv, type VolunteerHours } from '@app/core'

/** Two decimals without grouping, so every spreadsheet reads the cell as a number. */
const plain = (n: number) => n.toFixed(2)

/** Our own layout's column titles, in the screen's language (no importer reads this file). */
const title = (key: string, options: Record<string, unknown> = {}) => i18next.t(`supervisor:volunteerCsv.${key}`, options)

/**
 * The volunteer report as a CSV for grant reports, built in the browser with core's formula-safe
 * writer: the period and rate, one row per volunteer, one per department, and the totals.
 */
export const volunteerHoursCsv = (report: VolunteerHours): string =>
  toCsv([
    [title('title'), title('period', { from: report.from, to: report.to })],
    [title('hourlyValue'), plain(report.hourlyRate)],
    [],
    [title('volunteer'), title('department'), title('hours'), title('value')],
    ...report.volunteers.map((v) => [
      `${v.firstName} ${v.lastName}`.trim(),
      v.department ?? '',
      plain(v.hours),
      plain(v.value),
    ]),
    [],
    [title('department'), title('hours'), title('value')],
    ...report.departments.map((d) => [d.department, plain(d.hours), plain(d.value)]),
    [],
    [title('total'), plain(report.totalHours), plain(report.totalValue)],
  ])

export const volunteerHoursFileName = (from: string, to: string) => `volunteer-hours-${from}-to-${to}.csv`
