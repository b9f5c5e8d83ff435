import {
  addDays,
  conflict,
  dayOfDate,
  KIOSK_TRIES,
  kioskMessages,
  kioskPeriodClosedMessage,
  nowHHMM,
  runningStart,
  spanFields,
  spansAfterClockIn,
  spansAfterClockOut,
  spansProblem,
  TimesheetDays,
  todayIn,
  weekStartFor,
  type DayName,
  type Organization,
  type PunchAnswer,
  type Timesheet,
  type User,
} from '@app/core'
import { config } from '@app/adapters'
import type { OrgDb } from '@app/data'
import { brandOf, queuedEmail, recipientOf } from '../views/queued-email.ts'

/** A day's shift (its last span) that has started and not ended. */
const isOpen = (sheet: Timesheet | undefined, day: DayName): sheet is Timesheet =>
  sheet !== undefined && runningStart(sheet, day) !== undefined

/**
 * Where a member stands at `now` in the organization's zone: today's week and day, and the shift
 * they are clocked in on, if any: today's, or yesterday's when it started later in the day than now
 * (an overnight shift ends on the day it started; an older one left open is not closed by a punch).
 */
export async function clockOf(db: OrgDb, org: Organization, memberId: string, now = new Date()) {
  const today = todayIn(org.timeZone, now)
  const time = nowHHMM(now, org.timeZone)
  const week = weekStartFor(today, org.weekStartDay)
  const day = dayOfDate(today)
  const sheet = await db.timesheets.weekOf(memberId, week)
  if (isOpen(sheet, day)) return { time, week, day, sheet, open: { sheet, day } }
  const yesterday = addDays(today, -1)
  const yesterdayWeek = weekStartFor(yesterday, org.weekStartDay)
  const earlier = yesterdayWeek === week ? sheet : await db.timesheets.weekOf(memberId, yesterdayWeek)
  const yesterdayDay = dayOfDate(yesterday)
  // Yesterday's shift ends now only if that keeps its day within 24 hours (the spans rule); else it
  // stays open for a supervisor to finish, and this punch clocks in today.
  if (
    isOpen(earlier, yesterdayDay) &&
    runningStart(earlier, yesterdayDay)! > time &&
    !spansProblem(yesterdayDay, spansAfterClockOut(earlier, yesterdayDay, time)!)
  )
    return { time, week, day, sheet, open: { sheet: earlier, day: yesterdayDay } }
  return { time, week, day, sheet, open: undefined }
}

/**
 * Why a punch may not change the member's week (`sheet`, or none yet, starting `week`), said for the
 * person at the kiosk: its pay period is closed (said first: nothing opens the week until the period
 * is reopened), or the week waits for approval or is approved. Undefined when it may.
 */
async function refusal(db: OrgDb, week: string, sheet: Timesheet | undefined) {
  const closed = await db.payroll.lockingPeriod(week)
  if (closed) return kioskPeriodClosedMessage(closed)
  if (sheet?.status === 'pending') return kioskMessages.weekPending
  if (sheet?.status === 'approved') return kioskMessages.weekApproved
  return undefined
}

/**
 * A punch at a kiosk: clocks the member out of their open shift (its end, now), or in
 * (today's start, or a new span after today's last one, now). A week the member can no longer
 * change, and a day that can take no more spans, are refused (409) with what to do: the kiosk never
 * overwrites a finished shift. Saved as the member's own save, recorded 'at kiosk {name}'. (A period
 * closed between the check and the write is still refused by the write, in its own words.)
 */
export async function punch(
  db: OrgDb,
  org: Organization,
  member: User,
  kioskName: string,
  now = new Date(),
): Promise<Omit<PunchAnswer, 'firstName'>> {
  const clock = await clockOf(db, org, member.id, now)
  const options = { atKiosk: kioskName }
  const target = clock.open?.sheet ?? clock.sheet
  const refused = await refusal(db, target?.weekStartDate ?? clock.week, target)
  if (refused) throw conflict(refused)
  if (clock.open) {
    const { sheet, day } = clock.open
    const spans = spansAfterClockOut(sheet, day, clock.time)!
    const days = { ...TimesheetDays.parse(sheet), ...spanFields(day, spans) }
    await db.timesheets.saveDays(sheet.id, member, days, sheet.version, options)
    return { action: 'out', time: clock.time }
  }
  const sheet = clock.sheet ?? (await db.timesheets.getOrCreate(member, clock.week))
  const spans = spansAfterClockIn(sheet, clock.day, clock.time)
  if (!spans) throw conflict(kioskMessages.alreadyDone)
  const days = { ...TimesheetDays.parse(sheet), ...spanFields(clock.day, spans) }
  await db.timesheets.saveDays(sheet.id, member, days, sheet.version, options)
  return { action: 'in', time: clock.time }
}

/** The emails that tell the organization's supervisors, each in their language, that the kiosk `kioskName` locked itself. */
export async function kioskLockedEmails(db: OrgDb, kioskName: string) {
  const [org, users] = await Promise.all([db.organization.get(), db.users.list()])
  return users
    .filter((u) => u.role === 'supervisor' && u.email)
    .map((s) =>
      queuedEmail('kioskLocked', s.language, {
        to: recipientOf(s),
        organization: brandOf(org),
        kiosk: kioskName,
        count: KIOSK_TRIES.attempts,
        settingsUrl: `${config.appOrigin}/settings#kiosk`,
      }),
    )
}
