import i18next from 'i18next'
import { toCsv, UNALLOCATED, type AllocationReport } from '@app/core'

/** Two decimals without grouping, so every spreadsheet reads the cell as a number. */
const plain = (n: number) => n.toFixed(2)

const title = (key: string, options: Record<string, unknown> = {}) =>
  i18next.t(`supervisor:allocationCsv.${key}`, options)

/** A code's name as the report shows it ('Unallocated' in the reader's language). */
export const allocationName = (row: { code: string; name: string }) =>
  row.code === UNALLOCATED ? i18next.t('supervisor:allocation.report.unallocated') : row.name

/** Budget hours used, as a percent of the budget (null without a budget). */
export const budgetUsedPercent = (hours: number, budgetHours: number | null) =>
  budgetHours === null || budgetHours <= 0 ? null : Math.round((hours / budgetHours) * 1000) / 10

/** At this share of its budget hours a grant's code is warned about. */
export const BUDGET_WARNING_PERCENT = 90

/**
 * The allocation report as the CSV the treasurer gives the bookkeeper: one row per
 * code with its hours, percent and budget; one per member and code; one per code of volunteer
 * hours with their value. Built in the browser with core's formula-safe writer.
 */
export const allocationCsv = (report: AllocationReport, from: string, to: string): string =>
  toCsv([
    [title('title'), title('period', { from, to })],
    [],
    [title('code'), title('hours'), title('percent'), title('budgetHours'), title('budgetRemaining')],
    ...report.codes.map((c) => [
      allocationName(c),
      plain(c.hours),
      plain(c.percent),
      c.budgetHours === null ? '' : plain(c.budgetHours),
      c.budgetHours === null ? '' : plain(c.budgetHours - c.hours),
    ]),
    [],
    [title('code'), title('member'), title('hours'), title('memberPercent')],
    ...report.codes.flatMap((c) =>
      c.members.map((m) => [allocationName(c), `${m.firstName} ${m.lastName}`.trim(), plain(m.hours), plain(m.percent)]),
    ),
    [],
    [title('code'), title('volunteerHours'), title('value')],
    ...report.volunteers.map((v) => [allocationName(v), plain(v.hours), plain(v.value)]),
  ])

export const allocationFileName = (from: string, to: string) => `allocation-${from}-to-${to}.csv`
