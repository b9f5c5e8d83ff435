import {
  badRequest,
  currentWeekStart,
  dayLabel,
  isWeekStart,
  weekTotalHours,
  type Organization,
  type Timesheet,
  type TimesheetListItem,
} from '@app/core'
import type { OrgDb } from '@app/data'

/** This week's start in the organization's zone, by its week start day (DESIGN.md section 5). */
export const currentWeekOf = (org: Organization) => currentWeekStart(org.timeZone, org.weekStartDay)

/** A week start date must fall on the organization's week start day. */
export const assertWeekStart = (org: Organization, date: string) => {
  if (!isWeekStart(date, org.weekStartDay)) {
    const message = `Week start date must be a ${dayLabel[org.weekStartDay]}`
    throw badRequest(message, { weekStartDate: message })
  }
}

/** List items carry their employee (spec section 3), removed members included, and the week's total. */
export const withEmployees = async (db: OrgDb, items: Timesheet[]): Promise<TimesheetListItem[]> => {
  const ids = [...new Set(items.map((t) => t.employeeId))]
  const people = new Map(await Promise.all(ids.map(async (id) => [id, await db.users.findForRecords(id)] as const)))
  return items.map((t) => {
    const person = people.get(t.employeeId)
    return {
      ...t,
      totalHours: weekTotalHours(t),
      employee: person
        ? {
            firstName: person.firstName,
            lastName: person.lastName,
            department: person.department,
            profileImageUrl: person.profileImageUrl,
          }
        : null,
    }
  })
}
