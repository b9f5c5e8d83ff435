import { addDays, currentWeekStart, TimesheetDays } from '@app/core'
import { orgDb, type Person } from '@app/data'

/**
 * A pending timesheet of `member` (two hours on Monday), `weeksBack` weeks before this one, so
 * that each call of a test can submit a week of its own.
 */
export const pendingSheetOf = async (orgId: string, member: Person, weeksBack: number) => {
  const db = orgDb(orgId)
  const sheet = await db.timesheets.getOrCreate(
    member,
    addDays(currentWeekStart('America/Chicago', 'monday'), -7 * weeksBack),
  )
  await db.timesheets.saveDays(sheet.id, member, TimesheetDays.parse({ mondayStart: '09:00', mondayEnd: '11:00' }))
  return db.timesheets.submit(sheet.id, member)
}
