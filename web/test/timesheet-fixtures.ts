import {
  DEFAULT_OVERTIME_RULES,
  TimesheetDays,
  timesheetPayroll,
  type Timesheet,
  type TimesheetAnswer,
} from '@app/core'

const makeStoredTimesheet = (overrides: Partial<Timesheet>): Timesheet => ({
  ...TimesheetDays.parse({}),
  id: 7,
  organizationId: 'org-1',
  employeeId: 'user-1',
  weekStartDate: '2026-11-16',
  status: 'draft',
  version: 3,
  approvedBy: null,
  approvedAt: null,
  comments: null,
  commentHistory: [],
  submittedAt: null,
  createdAt: '2026-11-16T08:00:00.000Z',
  updatedAt: '2026-11-16T08:00:00.000Z',
  enteredOffline: false,
  approvals: [],
  ...overrides,
})

/**
 * Test data only: a draft for the week of Monday 2026-11-16 (tests run "now" on Wednesday
 * 2026-11-18), with the payroll figures the server would add for a non-exempt staff member.
 */
export const makeTimesheet = (overrides: Partial<TimesheetAnswer> = {}): TimesheetAnswer => {
  const timesheet = makeStoredTimesheet(overrides)
  return {
    ...timesheet,
    payroll: overrides.payroll ?? timesheetPayroll(timesheet, DEFAULT_OVERTIME_RULES, 'non-exempt', 'employee'),
  }
}

/** Wednesday 2026-11-18, 10:15:30 UTC. */
export const WEDNESDAY_MORNING = new Date('2026-11-18T10:15:30Z')
