import { CampusDateRange, campusFilter, hoursOf, VolunteerHours } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { payrollTotals } from '../workflows/payroll.ts'

const money = (n: number) => Math.round(n * 100) / 100

/** Approved volunteer hours of the range, per volunteer and department, valued at the organization's rate. */
export default defineRoute({
  method: 'GET',
  path: '/api/reports/volunteer-hours',
  auth: 'supervisor',
  scope: 'payroll:read',
  query: CampusDateRange,
  response: VolunteerHours,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ query, session, db }) => {
    const [org, { volunteers }] = await Promise.all([
      db.organization.get(),
      payrollTotals(db, { start: query.from, end: query.to }, campusFilter(session.user, query.campusId)),
    ])
    const rate = org.volunteerHourlyRate
    const departments = new Map<string, number>()
    for (const v of volunteers) {
      const department = v.department ?? 'No department'
      departments.set(department, (departments.get(department) ?? 0) + v.paidMinutes)
    }
    const total = volunteers.reduce((a, v) => a + v.paidMinutes, 0)
    return {
      from: query.from,
      to: query.to,
      hourlyRate: rate,
      totalHours: hoursOf(total),
      totalValue: money(hoursOf(total) * rate),
      volunteers: volunteers.map((v) => ({
        employeeId: v.employeeId,
        firstName: v.firstName,
        lastName: v.lastName,
        department: v.department,
        hours: hoursOf(v.paidMinutes),
        value: money(hoursOf(v.paidMinutes) * rate),
      })),
      departments: [...departments]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([department, minutes]) => ({
          department,
          hours: hoursOf(minutes),
          value: money(hoursOf(minutes) * rate),
        })),
    }
  },
})
