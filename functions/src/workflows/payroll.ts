import {
  allDaySpans,
  anchorOf,
  carriedWeekStarts,
  hireDateOf,
  leaveDaysOf,
  leftOnOf,
  inCampuses,
  weekCampus,
  leaveByMember,
  type MemberTotals,
  DEFAULT_PAY_TYPE,
  noHoursOf,
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
import type { OrgDb, RecordMember } from '@app/data'

/** The organization's overtime rules, as stored on its item. */
export const rulesOf = (org: Organization): OvertimeRules => ({
  weeklyOvertimeHours: org.weeklyOvertimeHours,
  dailyOvertimeHours: org.dailyOvertimeHours,
  dailyDoubleTimeHours: org.dailyDoubleTimeHours,
})

/**
 * A timesheet as every route answers it: every day's spans (one for the spec's day, none
 * for an empty one), and its payroll figures for its member's pay type and role (a member no longer
 * on record counts as non-exempt staff).
 */
export const withPayroll = (
  sheet: Timesheet,
  org: Organization,
  member: Pick<User, 'payType' | 'role'> | undefined,
): TimesheetAnswer => ({
  ...sheet,
  ...allDaySpans(sheet),
  payroll: timesheetPayroll(sheet, rulesOf(org), member?.payType ?? DEFAULT_PAY_TYPE, member?.role ?? 'employee'),
})

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
  leavePayItems: org.leavePayItems,
  adpLeaveCodes: org.adpLeaveCodes,
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
 * What approval stored for a date range: the figures of the workweeks it carries, every member the
 * records name, and each member's paid leave over those weeks (`leaveOf`).
 */
export const payrollRecords = async (db: OrgDb, range: Period) => {
  const weeks = carriedWeekStarts(range)
  const membersRead = db.users.listForRecords()
  const [figures, members, leave] = await Promise.all([
    db.payroll.figuresOfWeeks(weeks.start, weeks.end),
    membersRead,
    leaveOf(db, range, membersRead),
  ])
  return { figures, members, leave }
}

/**
 * The stored figures of the workweeks a date range carries (those ending inside it: README,
 * "Pay periods"), split into payroll members and volunteers by their role at approval.
 */
export const payrollTotals = async (db: OrgDb, range: Period, campusIds?: readonly string[]) => {
  const { figures: allFigures, members, leave: allLeave } = await payrollRecords(db, range)
  // One campus's run (or a campus admin's): each week where it was worked, leave where its member is now.
  const byId = new Map(members.map((m) => [m.id, m]))
  const figures = allFigures.filter((f) => inCampuses(campusIds, { campusId: weekCampus(f, byId.get(f.employeeId)) }))
  const leave = new Map([...allLeave].filter(([id]) => inCampuses(campusIds, byId.get(id) ?? {})))
  const person = personOf(byId)
  return {
    payroll: withLeaveRows(
      totalsByMember(
        figures.filter((f) => f.role !== 'volunteer'),
        person,
      ),
      leave,
      members,
      person,
    ),
    volunteers: totalsByMember(
      figures.filter((f) => f.role === 'volunteer'),
      person,
    ),
    members,
  }
}

/**
 * Each member's paid leave over the days of the workweeks a range carries (`leaveDaysOf`: leave is
 * paid in the same period as the week it falls in): approved time off and the holidays it pays.
 * `membersRead`: every member the records name (`listForRecords`, read once beside the rest), so
 * one removed since keeps the holidays they were paid before their removal.
 */
const leaveOf = async (db: OrgDb, range: Period, membersRead: Promise<readonly RecordMember[]>) => {
  const org = await db.organization.get()
  const days = leaveDaysOf(range, org.weekStartDay)
  const [approved, calendar, members] = await Promise.all([
    db.timeOff.list({ status: 'approved', from: days.start, to: days.end }),
    db.timeOff.calendar(),
    membersRead,
  ])
  return leaveByMember({
    ...days,
    approved,
    holidays: calendar.holidays,
    members: members.map((m) => ({
      id: m.id,
      role: m.role,
      unpaid: m.unpaid,
      hireDate: hireDateOf(m, org.timeZone),
      campusId: m.campusId,
      leftOn: leftOnOf(m, org.timeZone),
    })),
  })
}

/** The payroll rows with each member's leave; a member with leave and no approved week gets a row of their own. */
const withLeaveRows = (
  rows: MemberTotals[],
  leave: Map<string, MemberTotals['leave'] & object>,
  members: User[],
  person: (id: string) => PayrollPerson,
): MemberTotals[] => {
  const known = new Set(rows.map((r) => r.employeeId))
  const byId = new Map(members.map((m) => [m.id, m]))
  const extra = [...leave.keys()]
    .filter((id) => !known.has(id))
    .map((id) => noHoursOf(person(id), byId.get(id)?.payType ?? DEFAULT_PAY_TYPE))
  return [...rows, ...extra]
    .map((r) => ({ ...r, leave: leave.get(r.employeeId) }))
    .sort(
      (a, b) =>
        a.lastName.localeCompare(b.lastName) ||
        a.firstName.localeCompare(b.firstName) ||
        a.employeeId.localeCompare(b.employeeId),
    )
}
