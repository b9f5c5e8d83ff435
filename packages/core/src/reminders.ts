import * as z from 'zod'
import { addDays, dateOfDay, DAYS, dayOfDate, todayIn, weekStartFor, type DayName } from './week.ts'
import type { WeekStartDay } from './week-schemas.ts'

/**
 * Reminders (issue 20): who is due which reminder email, when. Pure functions of the organization's
 * settings, its members and timesheets, and the time: the job (functions/src/jobs/reminders.ts)
 * reads the data, asks these, and queues the emails once per person, kind and period.
 */

/** The kinds of reminder email; each can be turned off by the member who gets it. */
export const ReminderKind = z.enum(['reminder', 'digest', 'timer'], { error: 'Unknown kind of email' })
export type ReminderKind = z.infer<typeof ReminderKind>

/** What a member sees beside each kind (profile, unsubscribe page, supervisors' list). */
export const reminderKindLabel: Record<ReminderKind, string> = {
  reminder: 'Weekly timesheet reminders',
  digest: 'Weekly digest of timesheets waiting for approval',
  timer: 'Forgotten timer nudges',
}

const Weekday = z.enum(DAYS, { error: 'Choose a day of the week' })
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 16:00')

/** A day of the week and a wall-clock time in the organization's time zone. */
export const ReminderSchedule = z.object({ day: Weekday, time: ClockTime })
export type ReminderSchedule = z.infer<typeof ReminderSchedule>

/** Settings → Notifications (supervisors). */
export const NotificationSettings = z.object({
  remindersEnabled: z.boolean({ error: 'remindersEnabled must be true or false' }),
  staffReminder: ReminderSchedule,
  supervisorDigest: ReminderSchedule,
  forgottenTimerHours: z
    .number({ error: 'Enter a number of hours' })
    .int('Enter whole hours')
    .min(1, 'At least 1 hour')
    .max(72, 'At most 72 hours'),
})
export type NotificationSettings = z.infer<typeof NotificationSettings>

/**
 * What an organization has until a supervisor changes it: staff are reminded on the last day of
 * the workweek (Friday, whichever day weeks start on) at 16:00, supervisors get the digest on the
 * first day of the next week at 09:00, and a timer running 12 hours counts as forgotten.
 */
export const defaultNotificationSettings = (weekStartDay: WeekStartDay): NotificationSettings => ({
  remindersEnabled: true,
  staffReminder: { day: 'friday', time: '16:00' },
  supervisorDigest: { day: weekStartDay, time: '09:00' },
  forgottenTimerHours: 12,
})

/** How long after its moment a reminder may still go out (a job that was down catches up). */
export const REMINDER_GRACE_HOURS = 24

/** Milliseconds between UTC and the wall clock of `timeZone` at `at` (positive east of UTC). */
const zoneOffset = (at: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    calendar: 'gregory',
    numberingSystem: 'latn',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at)
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value)
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'))
  return wall - Math.floor(at / 1000) * 1000
}

/**
 * The instant a wall-clock time on a date reads in a time zone. Across a daylight-saving change
 * the offset is taken again at the first guess; a time the clocks skip (02:30 on a spring-forward
 * night) falls one hour later, and a time that happens twice (autumn) is its first occurrence.
 */
export const zonedInstant = (date: string, time: string, timeZone: string): Date => {
  const [h, m] = time.split(':').map(Number) as [number, number]
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(y, mo - 1, d, h, m)
  const first = wall - zoneOffset(wall, timeZone)
  const second = wall - zoneOffset(first, timeZone)
  if (first === second) return new Date(first)
  // Two offsets: the wall time is skipped (neither maps back to it) or repeated (both do).
  const readsBack = (t: number) => t + zoneOffset(t, timeZone) === wall
  if (readsBack(first) && readsBack(second)) return new Date(Math.min(first, second))
  return new Date(readsBack(first) ? first : readsBack(second) ? second : Math.max(first, second))
}

/**
 * The moment a week's reminder of `schedule` goes out: the first `schedule.day` after the week's
 * first day (days 2 to 7 of the week, or the first day of the next week), at `schedule.time`.
 * So Friday reminds of the week that is finishing and Monday of the week that just finished.
 */
export const reminderMoment = (weekStart: string, schedule: ReminderSchedule, timeZone: string): Date => {
  const offset = (DAYS.indexOf(schedule.day) - DAYS.indexOf(dayOfDate(weekStart)) + 7) % 7 || 7
  return zonedInstant(addDays(weekStart, offset), schedule.time, timeZone)
}

/**
 * The week a schedule reminds of at `now`, if its moment has come and is less than the grace
 * period old; otherwise none. The moment of a week falls within the seven days after its start,
 * so only this week and the last can be due.
 */
export const dueWeek = (
  schedule: ReminderSchedule,
  org: { timeZone: string; weekStartDay: WeekStartDay },
  now: Date,
): string | undefined => {
  const current = weekStartFor(todayIn(org.timeZone, now), org.weekStartDay)
  return [current, addDays(current, -7)].find((week) => {
    const since = now.getTime() - reminderMoment(week, schedule, org.timeZone).getTime()
    return since >= 0 && since < REMINDER_GRACE_HOURS * 3_600_000
  })
}

/** A member as the selection needs them. */
export interface ReminderMember {
  id: string
  role: 'employee' | 'supervisor' | 'volunteer'
  email: string | null
  /** The kinds this member turned off. */
  optedOut: readonly ReminderKind[]
}

export interface SheetState {
  id: number
  employeeId: string
  weekStartDate: string
  status: 'draft' | 'pending' | 'approved' | 'rejected'
}

const wants = (m: ReminderMember, kind: ReminderKind) => Boolean(m.email) && !m.optedOut.includes(kind)

/**
 * Who gets the staff reminder for `week`: staff and volunteers with a draft or no timesheet for
 * it, and supervisors who started a draft for it (they keep their own hours, but many do not keep
 * any). Anyone who submitted (pending, approved, or declined and told so) gets none.
 */
export const membersToRemind = (
  week: string,
  members: readonly ReminderMember[],
  sheets: readonly SheetState[],
): ReminderMember[] => {
  const status = new Map(sheets.filter((s) => s.weekStartDate === week).map((s) => [s.employeeId, s.status]))
  return members.filter((m) => {
    const s = status.get(m.id)
    const notSubmitted = s === undefined || s === 'draft'
    const keepsHours = m.role !== 'supervisor' || s === 'draft'
    return wants(m, 'reminder') && notSubmitted && keepsHours
  })
}

/**
 * Each supervisor's digest: the pending timesheets of others, oldest week first; none when empty.
 * With `routedTo` (issue 31), only the timesheets routed to that supervisor (their approver's
 * routing, delegation included).
 */
export const digests = <S extends SheetState>(
  members: readonly ReminderMember[],
  pending: readonly S[],
  routedTo?: (sheet: S) => readonly string[],
): { supervisor: ReminderMember; sheets: S[] }[] =>
  members
    .filter((m) => m.role === 'supervisor' && wants(m, 'digest'))
    .map((supervisor) => ({
      supervisor,
      sheets: pending
        .filter((s) => s.status === 'pending' && s.employeeId !== supervisor.id)
        .filter((s) => !routedTo || routedTo(s).includes(supervisor.id))
        .sort((a, b) => a.weekStartDate.localeCompare(b.weekStartDate) || a.id - b.id),
    }))
    .filter((d) => d.sheets.length > 0)

/** A draft's day with a start and no end: its clock is still running (clock-in saves at once). */
export interface RunningTimer {
  employeeId: string
  timesheetId: number
  weekStartDate: string
  day: DayName
  /** The day's date: the nudge is sent once per member and date. */
  date: string
  start: string
  startedAt: Date
}

/** Timers in drafts that have run `hours` or longer at `now`, for members who want the nudge. */
export const forgottenTimers = (
  drafts: readonly (SheetState & Record<string, unknown>)[],
  members: readonly ReminderMember[],
  hours: number,
  timeZone: string,
  now: Date,
): RunningTimer[] => {
  const byId = new Map(members.map((m) => [m.id, m]))
  return drafts.flatMap((sheet) => {
    const member = byId.get(sheet.employeeId)
    if (sheet.status !== 'draft' || !member || !wants(member, 'timer')) return []
    return DAYS.flatMap((day) => {
      const start = sheet[`${day}Start`]
      const end = sheet[`${day}End`]
      if (typeof start !== 'string' || !start || end) return []
      const date = dateOfDay(sheet.weekStartDate, day)
      const startedAt = zonedInstant(date, start, timeZone)
      if (now.getTime() - startedAt.getTime() < hours * 3_600_000) return []
      return [
        {
          employeeId: sheet.employeeId,
          timesheetId: sheet.id,
          weekStartDate: sheet.weekStartDate,
          day,
          date,
          start,
          startedAt,
        },
      ]
    })
  })
}
