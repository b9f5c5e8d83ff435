import {
  DEFAULT_OVERTIME_RULES,
  timesheetPayroll,
  weekTotalHours,
  type DashboardStats,
  type ListedTimesheet,
  type ReportItem,
} from '@app/core'
import { makeStoredTimesheet } from './timesheet-fixtures.ts'

/** Test data only: a list item as GET /api/timesheets answers it. */
export function makeTimesheet(overrides: Partial<ListedTimesheet> = {}): ListedTimesheet {
  const base: ListedTimesheet = {
    // No breaks unless a test gives some.
    ...makeStoredTimesheet({
      id: 1,
      employeeId: 'emp-1',
      status: 'pending',
      version: 2,
      submittedAt: '2026-11-20T15:00:00.000Z',
      createdAt: '2026-11-16T09:00:00.000Z',
      updatedAt: '2026-11-20T15:00:00.000Z',
    }),
    mondayStart: '09:00',
    mondayEnd: '17:00',
    mondayActivity: 'Sermon prep',
    wednesdayStart: '22:00',
    wednesdayEnd: '02:00',
    wednesdayActivity: 'Night shelter',
    sundayStart: '08:00',
    sundayEnd: '12:30',
    sundayActivity: 'Services',
    notes: 'Covered for Sam on Wednesday',
    employee: { firstName: 'Ann', lastName: 'Lee', department: 'Youth', profileImageUrl: null },
    totalHours: 0,
    payroll: { paidHours: 0, breakMinutes: 0, regularHours: 0, overtimeHours: 0, doubleTimeHours: 0 },
    ...overrides,
  }
  // Derived as the server derives them, unless the test sets them.
  return {
    ...base,
    totalHours: weekTotalHours(base),
    payroll: overrides.payroll ?? timesheetPayroll(base, DEFAULT_OVERTIME_RULES, 'non-exempt', 'employee'),
  }
}

export const makeReportItem = (overrides: Partial<ReportItem> = {}): ReportItem => ({
  ...makeTimesheet(overrides),
  approver: null,
  ...overrides,
})

/** Dashboard counts: none waiting, approved or declined unless a test says so. */
export const makeStats = (overrides: Partial<DashboardStats> = {}): DashboardStats => ({
  pending: 0,
  approved: 0,
  approvedTotal: 0,
  rejected: 0,
  totalTimesheets: 0,
  activeEmployees: 0,
  ...overrides,
})

/** Member `id`'s (employee emp-`id`) timesheet for the week from `weekStartDate`, in `status`. */
export const memberTimesheet = (
  id: number,
  status: ListedTimesheet['status'],
  weekStartDate: string,
  [firstName, lastName, department]: readonly [string, string, string],
) =>
  makeTimesheet({
    id,
    status,
    employeeId: `emp-${id}`,
    weekStartDate,
    employee: { firstName, lastName, department, profileImageUrl: null },
  })
