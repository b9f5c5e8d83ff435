import { totalsByCode, UNALLOCATED, type AllocationCode, type DayAllocation } from './allocation.ts'
import type { AllocationReport } from './api/reports.ts'
import { hoursOf, type DayFigures, type MemberWeek } from './overtime.ts'

/** The name of the code that takes hours no code was given (the web shows it in the reader's language). */
export const UNALLOCATED_NAME = 'Unallocated'

/** Where a stored day's minutes went; figures stored before allocations existed are all 'unallocated'. */
export const dayAllocationsOf = (day: DayFigures): DayAllocation[] =>
  day.allocations ?? (day.paidMinutes > 0 ? [{ code: UNALLOCATED, minutes: day.paidMinutes }] : [])

/** Minutes per code of a stored member-week. */
export const weekAllocationsOf = (week: MemberWeek): DayAllocation[] => totalsByCode(week.days.map(dayAllocationsOf))

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0)
const money = (n: number) => Math.round(n * 100) / 100

export interface ReportPerson {
  firstName: string
  lastName: string
}

/**
 * The allocation report from stored member-weeks: staff hours per code (a code's
 * `percent` of all staff paid hours, a member's of that member's own paid hours), and volunteers'
 * hours per code valued at the volunteer rate. Codes come in the organization's order, then
 * 'Unallocated'; a code shows when it has hours, or when it is an active one with budget hours.
 */
export const allocationReport = (
  weeks: readonly MemberWeek[],
  codes: readonly AllocationCode[],
  personOf: (employeeId: string) => ReportPerson,
  volunteerRate: number,
): AllocationReport => {
  const staff = new Map<string, Map<string, number>>() // code → member → minutes
  const memberTotals = new Map<string, number>()
  const volunteers = new Map<string, number>()
  for (const week of weeks) {
    for (const { code, minutes } of weekAllocationsOf(week)) {
      if (week.role === 'volunteer') {
        volunteers.set(code, (volunteers.get(code) ?? 0) + minutes)
        continue
      }
      const members = staff.get(code) ?? new Map<string, number>()
      members.set(week.employeeId, (members.get(week.employeeId) ?? 0) + minutes)
      staff.set(code, members)
      memberTotals.set(week.employeeId, (memberTotals.get(week.employeeId) ?? 0) + minutes)
    }
  }
  const known = new Map(codes.map((c) => [c.id, c]))
  const order = [
    ...codes.map((c) => c.id),
    ...[...staff.keys(), ...volunteers.keys()].filter((c) => !known.has(c) && c !== UNALLOCATED),
    UNALLOCATED,
  ]
  const nameOf = (code: string) => known.get(code)?.name ?? (code === UNALLOCATED ? UNALLOCATED_NAME : code)
  const allStaff = [...memberTotals.values()].reduce((a, m) => a + m, 0)
  const byName = (a: ReportPerson, b: ReportPerson) =>
    a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName)
  return {
    codes: order.flatMap((code) => {
      const members = staff.get(code)
      const stored = known.get(code)
      if (!members && !(stored?.active && stored.budgetHours !== null)) return []
      const minutes = [...(members?.values() ?? [])].reduce((a, m) => a + m, 0)
      return [
        {
          code,
          name: nameOf(code),
          hours: hoursOf(minutes),
          percent: percentOf(minutes, allStaff),
          budgetHours: stored?.budgetHours ?? null,
          members: [...(members ?? [])]
            .map(([employeeId, m]) => ({
              employeeId,
              firstName: personOf(employeeId).firstName,
              lastName: personOf(employeeId).lastName,
              hours: hoursOf(m),
              percent: percentOf(m, memberTotals.get(employeeId) ?? 0),
            }))
            .sort(byName),
        },
      ]
    }),
    volunteers: order.flatMap((code) => {
      const minutes = volunteers.get(code)
      if (!minutes) return []
      return [{ code, name: nameOf(code), hours: hoursOf(minutes), value: money(hoursOf(minutes) * volunteerRate) }]
    }),
  }
}

/** The share of a grant's budget hours used (0 to 100 and beyond), or null without a budget. */
export const budgetUsedPercent = (hours: number, budgetHours: number | null) =>
  budgetHours === null || budgetHours <= 0 ? null : percentOf(hours, budgetHours)

/** From this share of its budget hours a grant code warns. */
export const BUDGET_WARNING_PERCENT = 90
