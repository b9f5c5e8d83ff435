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
  type User,
} from '@app/core'
import { config } from '@app/adapters'
import type { OrgDb } from '@app/data'
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

/** List items carry their employee (spec section 3), removed members included, and the week's total. */
export const withEmployees = async (db: OrgDb, items: Timesheet[]): Promise<TimesheetListItem[]> => {
  const [people, org] = await Promise.all([
    peopleOf(
      db,
      items.map((t) => t.employeeId),
    ),
    db.organization.get(),
  ])
  return items.map((t) => {
    const person = people.get(t.employeeId)
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
}

/**
 * The members named by some timesheets: a few are read one by one; more than that, the whole
 * membership is read in one query (an organization's members fit in a page or two), instead of one read each.
 */
export const peopleOf = async (db: OrgDb, ids: string[]): Promise<Map<string, User>> => {
  const wanted = [...new Set(ids)]
  if (wanted.length > 4) return new Map((await db.users.listForRecords()).map((u) => [u.id, u]))
  const found = await Promise.all(wanted.map((id) => db.users.findForRecords(id)))
  return new Map(found.flatMap((u) => (u ? [[u.id, u] as const] : [])))
}
