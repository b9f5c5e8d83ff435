import { fullName, type Period, type Timesheet, type TimeOffRequestView, type User } from '@app/core'
import type { Person } from '@app/data'

/**
 * The `data` of each webhook event (issue 35): ids a receiving system can look up through the API,
 * and the few facts it most likely needs without a call back.
 */
const personOf = (p: Person) => ({ userId: p.id, name: fullName(p) })

export const timesheetEventData = (
  sheet: Pick<Timesheet, 'id' | 'employeeId' | 'weekStartDate'>,
  status: 'pending' | 'approved' | 'rejected',
  by: Person,
  comments?: string,
) => ({
  timesheetId: sheet.id,
  employeeId: sheet.employeeId,
  weekStartDate: sheet.weekStartDate,
  status,
  by: personOf(by),
  ...(comments !== undefined ? { comments } : {}),
})

export const memberEventData = (
  member: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'department'>,
  by: Person,
) => ({
  memberId: member.id,
  firstName: member.firstName,
  lastName: member.lastName,
  email: member.email ?? null,
  role: member.role,
  department: member.department ?? null,
  by: personOf(by),
})

export const periodEventData = (period: Pick<Period, 'start' | 'end'>, by: Person) => ({
  start: period.start,
  end: period.end,
  by: personOf(by),
})

/** Issue 35 with issue 32: a time-off request asked for, decided or cancelled. */
export const timeOffEventData = (
  request: Pick<TimeOffRequestView, 'id' | 'employeeId' | 'kind' | 'from' | 'to' | 'hours'>,
  status: 'pending' | 'approved' | 'rejected' | 'cancelled',
  by: Person,
  comments?: string,
) => ({
  timeOffId: request.id,
  employeeId: request.employeeId,
  kind: request.kind,
  from: request.from,
  to: request.to,
  hours: request.hours,
  status,
  by: personOf(by),
  ...(comments !== undefined ? { comments } : {}),
})
