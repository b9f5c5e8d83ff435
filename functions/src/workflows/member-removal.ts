import { addDays, todayIn, weekStartFor, type User } from '@app/core'
import { staffPool } from '@app/adapters'
import { sessions, type Effects, type OrgDb, type Person } from '@app/data'

/**
 * The first day whose holidays a member removed today is no longer paid: today, or, when a closed
 * pay period locks this week (one closed early, before a holiday at the week's end), the first day
 * of the first week no closed period locks. That period's payroll was run with those holidays, and
 * its figures are read from today's records: the removal must not take them back.
 */
export const holidayPayEndsOn = async (db: OrgDb): Promise<string> => {
  const org = await db.organization.get()
  let day = todayIn(org.timeZone)
  for (let week = weekStartFor(day, org.weekStartDay); await db.payroll.weekLocked(week); week = addDays(week, 7))
    day = addDays(week, 7)
  return day
}

/**
 * Removes a member (a supervisor's removal, or a directory's deactivation: the same soft removal,
 * their hours and history stay). The commit ends their sign-in lookups, so the staff login refuses
 * them at once; their sessions end after, and their pool login is deleted last (one left behind by
 * a Cognito outage signs in nowhere: the removal stands either way).
 */
export async function removeMember(
  db: OrgDb,
  memberId: string,
  by: Person | { system: string },
  options: { effects?: Effects; action?: 'member.removed' | 'member.deactivated' } = {},
): Promise<User> {
  const removed = await db.members.remove(memberId, by, { ...options, leftOn: await holidayPayEndsOn(db) })
  await sessions.deleteForUser(db.orgId, removed.id)
  if (removed.username)
    await staffPool.deleteUser(removed.username).catch((e: unknown) => {
      console.log(
        JSON.stringify({ level: 'warn', event: 'staff-login-not-deleted', orgId: db.orgId, error: String(e) }),
      )
    })
  return removed
}
