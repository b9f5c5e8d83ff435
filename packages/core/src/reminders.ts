import * as z from 'zod'
import { CLOCK_OUT_LIMIT_HOURS, missingClockOuts, type MissingClockOut } from './clock-out.ts'
import type { WeekTimes } from './hours.ts'
import { addDays, DAYS, dayOfDate, todayIn, weekStartFor } from './week.ts'
import type { WeekStartDay } from './week-schemas.ts'
import { zonedInstant } from './datetime.ts'

/**
 * Reminders: who is due which reminder email, when. Pure functions of the organization's
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
  timer: 'Forgotten clock-out emails',
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
  /** A day's timer running this long has a missing clock-out. */
  forgottenTimerHours: z
    .number({ error: 'Enter a number of hours' })
    .int('Enter whole hours')
    .min(CLOCK_OUT_LIMIT_HOURS.min, `At least ${CLOCK_OUT_LIMIT_HOURS.min} hours`)
    .max(CLOCK_OUT_LIMIT_HOURS.max, `At most ${CLOCK_OUT_LIMIT_HOURS.max} hours`),
})
export type NotificationSettings = z.infer<typeof NotificationSettings>

/**
 * What an organization has until a supervisor changes it: staff are reminded on the last day of
 * the workweek (Friday, whichever day weeks start on) at 16:00, supervisors get the digest on the
 * first day of the next week at 09:00, and a timer running 10 hours has a missing clock-out.
 */
export const defaultNotificationSettings = (weekStartDay: WeekStartDay): NotificationSettings => ({
  remindersEnabled: true,
  staffReminder: { day: 'friday', time: '16:00' },
  supervisorDigest: { day: weekStartDay, time: '09:00' },
  forgottenTimerHours: CLOCK_OUT_LIMIT_HOURS.default,
})

/**
 * The settings as stored on the organization item, or the defaults when none were saved. A limit
 * saved by an older version (1 to 72 hours) is read into today's range rather than dropping the rest.
 */
export const notificationSettingsOf = (stored: unknown, weekStartDay: WeekStartDay): NotificationSettings => {
  const raw = stored && typeof stored === 'object' ? { ...(stored as Record<string, unknown>) } : undefined
  if (raw && typeof raw.forgottenTimerHours === 'number' && Number.isInteger(raw.forgottenTimerHours))
    raw.forgottenTimerHours = Math.min(
      CLOCK_OUT_LIMIT_HOURS.max,
      Math.max(CLOCK_OUT_LIMIT_HOURS.min, raw.forgottenTimerHours),
    )
  const saved = NotificationSettings.safeParse(raw)
  return saved.success ? saved.data : defaultNotificationSettings(weekStartDay)
}

/** How long after its moment a reminder may still go out (a job that was down catches up). */
export const REMINDER_GRACE_HOURS = 24

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
  /** A supervisor marked unpaid keeps no timesheet: never reminded to submit one. */
  unpaid?: boolean
}

export interface SheetState {
  id: number
  employeeId: string
  weekStartDate: string
  status: 'draft' | 'pending' | 'approved' | 'rejected'
  /**
   * Whether the week holds any time. Opening the dashboard makes an empty draft of the current
   * week, so only a draft with time shows that a supervisor keeps their hours; unknown reads as yes.
   */
  holdsTime?: boolean
}

const wants = (m: ReminderMember, kind: ReminderKind) => Boolean(m.email) && !m.optedOut.includes(kind)

/**
 * Who gets the staff reminder for `week`: staff and volunteers with a draft or no timesheet for
 * it, and paid supervisors whose draft of it holds time (they may keep their own hours, but many
 * keep none, and an empty draft is made just by opening the week). Anyone who submitted (pending,
 * approved, or declined and told so) gets none, nor does a supervisor marked unpaid.
 */
export const membersToRemind = (
  week: string,
  members: readonly ReminderMember[],
  sheets: readonly SheetState[],
): ReminderMember[] => {
  const ofWeek = new Map(sheets.filter((s) => s.weekStartDate === week).map((s) => [s.employeeId, s]))
  return members.filter((m) => {
    const s = ofWeek.get(m.id)
    const notSubmitted = s === undefined || s.status === 'draft'
    const keepsHours = m.role !== 'supervisor' || (!m.unpaid && s?.status === 'draft' && s.holdsTime !== false)
    return wants(m, 'reminder') && notSubmitted && keepsHours
  })
}

/**
 * Each supervisor's digest: the pending timesheets of others, oldest week first; none when empty.
 * With `routedTo`, only the timesheets routed to that supervisor (their approver's
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

/** A day whose clock-out is missing, with whose week it is. */
export interface ForgottenClockOut extends MissingClockOut {
  employeeId: string
  timesheetId: number
  weekStartDate: string
}

/**
 * The missing clock-outs in the editable timesheets (draft or declined: where a timer can run) of
 * current members, at `now`. Whether anyone is emailed is the job's to decide (opt-outs, approver).
 */
export const forgottenClockOuts = (
  sheets: readonly (SheetState & WeekTimes)[],
  members: readonly Pick<ReminderMember, 'id'>[],
  limitHours: number,
  timeZone: string,
  now: Date,
): ForgottenClockOut[] => {
  const current = new Set(members.map((m) => m.id))
  return sheets
    .filter((s) => (s.status === 'draft' || s.status === 'rejected') && current.has(s.employeeId))
    .flatMap((sheet) =>
      missingClockOuts(sheet, limitHours, timeZone, now).map((missing) => ({
        ...missing,
        employeeId: sheet.employeeId,
        timesheetId: sheet.id,
        weekStartDate: sheet.weekStartDate,
      })),
    )
}

/** Whether a member wants the kind of email (and has an address to get it at). */
export const wantsEmail = wants
