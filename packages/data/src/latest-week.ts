import { keys } from './keys.ts'
import type { TransactInput } from './table.ts'

/**
 * The week whose timesheet a member made last, kept on their member item. Every request reads that
 * item with its session, so the current week's timesheet is read by its id in the next round, without
 * its week item first. Only a hint: a week it does not name is found through its week item.
 */
export interface LatestWeek {
  weekStartDate: string
  timesheetId: number
}

/** The hint on a member's item, if it holds a well-formed one. */
export const latestWeekOf = (member: Record<string, unknown> | undefined): LatestWeek | undefined => {
  const w = member?.latestWeek as Partial<LatestWeek> | undefined
  return typeof w?.weekStartDate === 'string' && Number.isSafeInteger(w.timesheetId)
    ? { weekStartDate: w.weekStartDate, timesheetId: w.timesheetId! }
    : undefined
}

/** The hint kept on the member's item, in the transaction that makes their week's timesheet. */
export const keepLatestWeek = (orgId: string, employeeId: string, latest: LatestWeek): TransactInput => ({
  Update: {
    Key: keys.user(orgId, employeeId),
    UpdateExpression: 'SET latestWeek = :w',
    // Never makes a member item that is not there.
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':w': latest },
  },
})

/** Each member's latest week among these timesheets (a seeded organization stores what its weeks' making would have). */
export const latestWeeksIn = (sheets: { id: number; employeeId: string; weekStartDate: string }[]) => {
  const latest = new Map<string, LatestWeek>()
  for (const t of sheets) {
    const known = latest.get(t.employeeId)
    if (!known || t.weekStartDate > known.weekStartDate)
      latest.set(t.employeeId, { weekStartDate: t.weekStartDate, timesheetId: t.id })
  }
  return latest
}
