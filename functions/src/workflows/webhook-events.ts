import type { Period, Timesheet, TimeOffRequestView, User, WebhookEventData } from '@app/core'
import type { Person } from '@app/data'

/**
 * The `data` of each webhook event, as core's WebhookEventData defines it: ids, statuses and dates
 * a receiving system uses to fetch the rest through the API with a token; no names, addresses,
 * comments or kinds of leave.
 */
const byOf = (p: Person) => ({ userId: p.id })

export const timesheetEventData = (
  sheet: Pick<Timesheet, 'id' | 'employeeId' | 'weekStartDate'>,
  status: 'pending' | 'approved' | 'rejected',
  by: Person,
): WebhookEventData<'timesheet.approved'> => ({
  timesheetId: sheet.id,
  employeeId: sheet.employeeId,
  weekStartDate: sheet.weekStartDate,
  status,
  by: byOf(by),
})

export const memberEventData = (member: Pick<User, 'id' | 'role'>, by: Person): WebhookEventData<'member.added'> => ({
  memberId: member.id,
  role: member.role,
  by: byOf(by),
})

export const periodEventData = (
  period: Pick<Period, 'start' | 'end'>,
  by: Person,
): WebhookEventData<'pay_period.closed'> => ({
  start: period.start,
  end: period.end,
  by: byOf(by),
})

/** A time-off request asked for, decided or cancelled. */
export const timeOffEventData = (
  request: Pick<TimeOffRequestView, 'id' | 'employeeId' | 'from' | 'to' | 'hours'>,
  status: 'pending' | 'approved' | 'rejected' | 'cancelled',
  by: Person,
): WebhookEventData<'time_off.approved'> => ({
  timeOffId: request.id,
  employeeId: request.employeeId,
  from: request.from,
  to: request.to,
  hours: request.hours,
  status,
  by: byOf(by),
})
