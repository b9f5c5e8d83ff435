import {
  DEFAULT_ADP_LEAVE_CODES,
  DEFAULT_IIF_LEAVE_ITEMS,
  type PayPeriod,
  type PayrollSettings,
  type Person,
  type VolunteerHours,
} from '@app/core'

/** Test data only: what the payroll routes answer. */

export const person = (employeeId: string, firstName: string, lastName: string): Person => ({
  employeeId,
  firstName,
  lastName,
})

export const makePayrollSettings = (overrides: Partial<PayrollSettings> = {}): PayrollSettings => ({
  weekStartDay: 'monday',
  weeklyOvertimeHours: 40,
  dailyOvertimeHours: null,
  dailyDoubleTimeHours: null,
  payPeriodFrequency: 'biweekly',
  payPeriodAnchor: '2026-11-09',
  adpCompanyCode: null,
  adpBatchId: null,
  volunteerHourlyRate: 33.49,
  leavePayItems: DEFAULT_IIF_LEAVE_ITEMS,
  adpLeaveCodes: DEFAULT_ADP_LEAVE_CODES,
  ...overrides,
})

/** The open biweekly period of Nov 9 - Nov 22, 2026: one week of 45 paid hours and one of 38. */
export const makePayPeriod = (overrides: Partial<PayPeriod> = {}): PayPeriod => ({
  start: '2026-11-09',
  end: '2026-11-22',
  status: 'open',
  closedAt: null,
  closedBy: null,
  reopenedReason: null,
  notSubmitted: [],
  pending: [],
  approvedHours: 82,
  regularHours: 78,
  overtimeHours: 4,
  doubleTimeHours: 0,
  breakMinutes: 60,
  ...overrides,
})

export const makeVolunteerHours = (overrides: Partial<VolunteerHours> = {}): VolunteerHours => ({
  from: '2026-11-16',
  to: '2026-11-22',
  hourlyRate: 33.49,
  totalHours: 12.5,
  totalValue: 418.63,
  volunteers: [
    { employeeId: 'v-1', firstName: 'Vera', lastName: 'Jones', department: 'Youth', hours: 8, value: 267.92 },
    { employeeId: 'v-2', firstName: '=Sam', lastName: 'Cole', department: null, hours: 4.5, value: 150.71 },
  ],
  departments: [
    { department: 'Youth', hours: 8, value: 267.92 },
    { department: 'No department', hours: 4.5, value: 150.71 },
  ],
  ...overrides,
})
