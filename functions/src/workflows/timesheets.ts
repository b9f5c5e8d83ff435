import {
  addDays,
  badRequest,
  currentWeekStart,
  dayLabel,
  isWeekStart,
  weekTotalHours,
  type Organization,
  type Timesheet,
  type TimesheetListItem,
} from '@app/core'
import { config } from '@app/adapters'
import type { DirectoryEntry, OrgDb } from '@app/data'
import { withPayroll } from './payroll.ts'

/** This week's start in the organization's zone, by its week start day (DESIGN.md section 5). */
export const currentWeekOf = (org: Organization) => currentWeekStart(org.timeZone, org.weekStartDay)

/**
 * A week start date must fall on the organization's week start day, and within the window
 * around this week (no timesheets, and no review emails, for weeks decades away).
 */
export const assertWeekStart = (org: Organization, date: string) => {
  const refuse = (message: string) => {
    throw badRequest(message, { weekStartDate: message })
  }
  if (!isWeekStart(date, org.weekStartDay)) refuse(`Week start date must be a ${dayLabel[org.weekStartDay]}`)
  const thisWeek = currentWeekOf(org)
  const { back, ahead } = config.timesheetWeeks
  if (date < addDays(thisWeek, -7 * back) || date > addDays(thisWeek, 7 * ahead))
    refuse(`Week start date must be within the past ${back} weeks or the next ${ahead} weeks`)
}

/**
 * List items carry their employee (spec section 3), removed members included, and the week's total,
 * from the organization's member directory (one read, however many members or timesheets).
 */
export const withEmployees = async (db: OrgDb, items: Timesheet[]): Promise<TimesheetListItem[]> => {
  const [{ directory }, org] = await Promise.all([db.aggregates.summary(), db.organization.get()])
  return listed(items, directory, org)
}

/** Timesheets as lists show them, with the members of `directory` (`db.aggregates.summary()`). */
export const listed = (items: Timesheet[], directory: Map<string, DirectoryEntry>, org: Organization) =>
  items.map((t): TimesheetListItem => {
    const person = directory.get(t.employeeId)
    return {
      ...withPayroll(t, org, person),
      totalHours: weekTotalHours(t),
      employee: person
        ? {
            firstName: person.firstName,
            lastName: person.lastName,
            department: person.department,
            profileImageUrl: person.profileImageUrl,
            email: person.email,
          }
        : null,
    }
  })
