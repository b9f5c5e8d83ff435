import { describe, expect, it } from 'vitest'
import { bulkCsvHeader, type ReportItem } from '@app/core'
import { makeReportItem } from '../../../test/list-item-fixtures.ts'
import * as summary from './report-summary.ts'

/** Report items numbered from 1, each with its own overrides. */
const numbered = (overrides: readonly Partial<ReportItem>[]) =>
  overrides.map((o, i) => makeReportItem({ id: i + 1, ...o }))

describe('barWidthPercent', () => {
  it('is the count over 4, capped at the full width', () => {
    expect(summary.barWidthPercent(0)).toBe(0)
    expect(summary.barWidthPercent(1)).toBe(25)
    expect(summary.barWidthPercent(3)).toBe(75)
    expect(summary.barWidthPercent(4)).toBe(100)
    expect(summary.barWidthPercent(9)).toBe(100)
  })
})

describe('sheetsLabel', () => {
  it('reads "n sheet(s)"', () => {
    expect(summary.sheetsLabel(1)).toBe('1 sheet(s)')
    expect(summary.sheetsLabel(12)).toBe('12 sheet(s)')
  })
})

describe('weeklySummary', () => {
  it('counts timesheets per week, oldest week first', () => {
    const items = numbered(['2026-11-16', '2026-11-09', '2026-11-16'].map((weekStartDate) => ({ weekStartDate })))
    expect(summary.weeklySummary(items)).toEqual([
      { weekStartDate: '2026-11-09', count: 1 },
      { weekStartDate: '2026-11-16', count: 2 },
    ])
    expect(summary.weeklySummary([])).toEqual([])
  })
})

describe('quickStats', () => {
  it('counts approved and pending and rounds the approval rate', () => {
    const items = numbered((['approved', 'approved', 'pending'] as const).map((status) => ({ status })))
    // 2 of 3 is 66.67%: rounded to 67.
    expect(summary.quickStats(items)).toEqual({ total: 3, approved: 2, pending: 1, approvalRate: 67 })
    expect(summary.quickStats([...items, makeReportItem({ id: 4, status: 'rejected' })]).approvalRate).toBe(50)
  })

  it('gives a 0% rate, not NaN, for an empty period', () => {
    expect(summary.quickStats([])).toEqual({ total: 0, approved: 0, pending: 0, approvalRate: 0 })
  })
})

describe('reportCsv', () => {
  it('writes the bulk export columns with one row per timesheet', () => {
    const csv = summary.reportCsv(
      [
        makeReportItem({
          id: 1,
          status: 'approved',
          approver: { firstName: 'Grace', lastName: 'Hopper' },
          approvedAt: '2026-11-21T10:00:00.000Z',
        }),
        makeReportItem({ id: 2, employee: null, status: 'pending' }),
      ],
      'America/Chicago',
      'monday',
    )
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const lines = csv.slice(1).trimEnd().split('\r\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toBe(bulkCsvHeader('America/Chicago').join(','))
    // Mon 8h, Tue 0, Wed 22:00-02:00 over midnight 4h, Thu-Sat 0, Sun 4.5h: 16.5 hours.
    expect(lines[1]).toBe(
      'Ann Lee,,Youth,2026-11-16,Approved,8.00,0.00,4.00,0.00,0.00,0.00,4.50,16.50,0,2026-11-20 09:00,Grace Hopper,2026-11-21 04:00',
    )
    expect(lines[2]).toBe(
      'Removed member,,,2026-11-16,Pending Review,8.00,0.00,4.00,0.00,0.00,0.00,4.50,16.50,0,2026-11-20 09:00,,',
    )
  })

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const csv = summary.reportCsv(
      [makeReportItem({ employee: { firstName: '=cmd', lastName: 'x', department: '+1', profileImageUrl: null } })],
      'UTC',
      'monday',
    )
    expect(csv).toContain("'=cmd x,,'+1,")
  })

  it('names the file after the period', () => {
    expect(summary.reportFileName('2026-11-01', '2026-11-30')).toBe('timesheets-report-2026-11-01-to-2026-11-30.csv')
  })
})

describe('hours per week and per member', () => {
  it('adds the hours of each week and of each member, with core’s sums', () => {
    // Each fixture week is 16.5 hours (see reportCsv above).
    const items = [
      makeReportItem({ id: 1 }),
      makeReportItem({ id: 2, weekStartDate: '2026-11-09' }),
      makeReportItem({
        id: 3,
        employeeId: 'emp-9',
        employee: { firstName: 'Zoë', lastName: 'Adams', department: null, profileImageUrl: null },
      }),
      makeReportItem({ id: 4, employee: null, employeeId: 'gone' }),
    ]
    expect(summary.hoursByWeek(items, (w) => `Week of ${w}`)).toEqual([
      { key: '2026-11-09', label: 'Week of 2026-11-09', hours: 16.5 },
      { key: '2026-11-16', label: 'Week of 2026-11-16', hours: 49.5 },
    ])
    expect(summary.hoursByMember(items).map((r) => [r.label, r.hours])).toEqual([
      ['Ann Lee', 33],
      ['Removed member', 16.5],
      ['Zoë Adams', 16.5],
    ])
  })
})
