import {
  conflict,
  daysBetween,
  hireDateOf,
  holidayPayChanges,
  periodClosedMessage,
  weekStartFor,
  type Organization,
  type User,
} from '@app/core'
import type { OrgDb } from '@app/data'

/**
 * A closed pay period's leave figures are read from today's records (approved time off, the
 * holidays, each member's hire date, role and campus), so what would change them is refused (409,
 * as a timesheet write there is) until a supervisor reopens the period.
 */

/**
 * Refuses when any of `dates` falls in a week a closed period locks, naming the first such period
 * (one read a week, none for no date, and one more for the period when one is locked).
 */
export const refuseClosedDays = async (db: OrgDb, org: Organization, dates: readonly string[]) => {
  const weeks = [...new Set(dates.map((d) => weekStartFor(d, org.weekStartDay)))].sort()
  const locking = await Promise.all(weeks.map((week) => db.payroll.lockingPeriod(week)))
  const period = locking.find((p) => p !== undefined)
  if (period) throw conflict(periodClosedMessage(period))
}

/** Time off whose days fall in a closed pay period. */
export const refuseClosedWeeks = (db: OrgDb, org: Organization, request: { from: string; to: string }) =>
  refuseClosedDays(db, org, daysBetween(request.from, request.to))

const HOLIDAY_PAY_FIELDS = ['hireDate', 'role', 'unpaid', 'campusId'] as const

const holidayMember = (m: User, org: Organization) => ({
  role: m.role,
  unpaid: m.unpaid,
  hireDate: hireDateOf(m, org.timeZone),
  campusId: m.campusId,
})

/**
 * A member edit that changes the pay of a holiday in a closed period (a hire date moved past it, a
 * role, pay or campus change). Reads nothing unless such a field changes; `org` when already read.
 */
export const refuseClosedHolidayPay = async (
  db: OrgDb,
  before: User,
  changes: Partial<Pick<User, (typeof HOLIDAY_PAY_FIELDS)[number]>>,
  org?: Organization,
) => {
  const changed = HOLIDAY_PAY_FIELDS.filter((f) => changes[f] !== undefined && changes[f] !== before[f])
  if (!changed.length) return
  const after: User = { ...before, ...Object.fromEntries(changed.map((f) => [f, changes[f]])) }
  const [known, { holidays }] = await Promise.all([org ?? db.organization.get(), db.timeOff.calendar()])
  await refuseClosedDays(
    db,
    known,
    holidayPayChanges(holidays, holidayMember(before, known), holidayMember(after, known)),
  )
}
