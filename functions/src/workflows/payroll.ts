import {
  carriedWeekStarts,
  currentWeekStart,
  DEFAULT_PAY_TYPE,
  timesheetPayroll,
  totalsByMember,
  type Organization,
  type OvertimeRules,
  type PayrollPerson,
  type PayrollSettings,
  type Period,
  type Timesheet,
  type TimesheetAnswer,
  type User,
} from '@app/core'
import type { OrgDb } from '@app/data'

/** The organization's overtime rules, as stored on its item. */
export const rulesOf = (org: Organization): OvertimeRules => ({
  weeklyOvertimeHours: org.weeklyOvertimeHours,
  dailyOvertimeHours: org.dailyOvertimeHours,
  dailyDoubleTimeHours: org.dailyDoubleTimeHours,
})

/**
 * A timesheet as every route answers it: with its payroll figures for its member's pay type and
 * role (a member no longer on record counts as non-exempt staff).
 */
export const withPayroll = (
  sheet: Timesheet,
  org: Organization,
  member: Pick<User, 'payType' | 'role'> | undefined,
): TimesheetAnswer => ({
  ...sheet,
  payroll: timesheetPayroll(sheet, rulesOf(org), member?.payType ?? DEFAULT_PAY_TYPE, member?.role ?? 'employee'),
})

/** The period schedule's anchor: the one set, or else the organization's current week start. */
export const anchorOf = (org: Organization) => org.payPeriodAnchor ?? currentWeekStart(org.timeZone, org.weekStartDay)

/** GET /api/payroll/settings answer. */
export const payrollSettingsOf = (org: Organization): PayrollSettings => ({
  weekStartDay: org.weekStartDay,
  weeklyOvertimeHours: org.weeklyOvertimeHours,
  dailyOvertimeHours: org.dailyOvertimeHours,
  dailyDoubleTimeHours: org.dailyDoubleTimeHours,
  payPeriodFrequency: org.payPeriodFrequency,
  payPeriodAnchor: anchorOf(org),
  adpCompanyCode: org.adpCompanyCode,
  adpBatchId: org.adpBatchId,
  volunteerHourlyRate: org.volunteerHourlyRate,
})

const personOf =
  (people: Map<string, User>) =>
  (employeeId: string): PayrollPerson => {
    const p = people.get(employeeId)
    return {
      employeeId,
      firstName: p?.firstName ?? 'Removed',
      lastName: p?.lastName ?? 'member',
      department: p?.department ?? null,
      payrollId: p?.payrollId ?? null,
    }
  }

/**
 * The stored figures of the workweeks a date range carries (those ending inside it: README,
 * "Pay periods"), split into payroll members and volunteers by their role at approval.
 */
export const payrollTotals = async (db: OrgDb, range: Period) => {
  const weeks = carriedWeekStarts(range)
  const [figures, members] = await Promise.all([
    db.payroll.figuresOfWeeks(weeks.start, weeks.end),
    db.users.listForRecords(),
  ])
  const person = personOf(new Map(members.map((m) => [m.id, m])))
  return {
    payroll: totalsByMember(
      figures.filter((f) => f.role !== 'volunteer'),
      person,
    ),
    volunteers: totalsByMember(
      figures.filter((f) => f.role === 'volunteer'),
      person,
    ),
    members,
  }
}
