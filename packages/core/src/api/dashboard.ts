import * as z from 'zod'

const count = z.number().int().nonnegative()

/** GET /api/dashboard/stats. */
export const DashboardStats = z.object({
  pending: count,
  /** Approved in the organization's current week. */
  approved: count,
  approvedTotal: count,
  rejected: count,
  totalTimesheets: count,
  activeEmployees: count,
  /** Pending timesheets routed to the signed-in supervisor or their delegators (`pending` counts everyone's). */
  waitingForMe: count.optional(),
})
export type DashboardStats = z.infer<typeof DashboardStats>
