import {
  addDays,
  AppError,
  currentWeekStart,
  digests,
  dueWeek,
  APPROVER_ALERT_AFTER_MS,
  approverAlertAt,
  forgottenClockOuts,
  hasAnyTime,
  membersToRemind,
  reviewersOf,
  routedTo,
  todayIn,
  wantsEmail,
  type ReminderKind,
  type ReminderMember,
  type User,
} from '@app/core'
import { config } from '@app/adapters'
import { orgDb, reminderOrganizations, type OrgDb, type QueuedEmail } from '@app/data'
import { brandOf, namesOf, queuedEmail, recipientOf, sheetDaysOf } from '../views/queued-email.ts'
import type { TemplateName, TemplateValues } from '../views/templates.ts'
import { decisionLinkUrls } from './decision-links.ts'
import { deliver } from './mailer.ts'
import { unsubscribeUrl } from './unsubscribe-links.ts'

/** Pending timesheets listed in one digest (the rest wait in the dashboard it links to). */
const DIGEST_MAX_ITEMS = 25

export interface ReminderRunOptions {
  now?: Date
  /**
   * Run as if it were each schedule's configured time in the current week now (`npm run job --
   * reminders`): staff are reminded of this week and supervisors get the digest at once.
   */
  asIfScheduled?: boolean
  /** Only these organizations (tests); otherwise every organization on the job's list. */
  orgIds?: string[]
}

interface Outgoing {
  kind: ReminderKind
  /**
   * The week (or, for a missing clock-out, the day; for the approver's alert, the day and the member)
   * the email is about: sent once per recipient, kind and period.
   */
  period: string
  userId: string
  email: QueuedEmail
}

const link = (path: string) => `${config.appOrigin}${path}`

/** What one organization is due now, as emails not yet queued. */
const dueEmails = async (db: OrgDb, now: Date, asIfScheduled: boolean): Promise<Outgoing[]> => {
  const [org, settings] = await Promise.all([db.organization.get(), db.notifications.settings()])
  if (!settings.remindersEnabled) return []
  const thisWeek = currentWeekStart(org.timeZone, org.weekStartDay, now)
  const staffWeek = asIfScheduled ? thisWeek : dueWeek(settings.staffReminder, org, now)
  const digestWeek = asIfScheduled ? thisWeek : dueWeek(settings.supervisorDigest, org, now)
  const recipients = await db.notifications.recipients()
  const users = new Map(recipients.map((r) => [r.user.id, r.user]))
  const members: ReminderMember[] = recipients.map((r) => ({ ...r.user, optedOut: r.optedOut }))
  const brand = brandOf(org)
  // Who approves whom: the digest's routing and the missing clock-out's approver.
  const roster = new Map(recipients.map((r) => [r.user.id, r.user]))
  const today = todayIn(org.timeZone, now)
  /** One email of `kind` to `user`, in their language, with its own unsubscribe link. */
  const emailTo = async <K extends TemplateName>(
    kind: ReminderKind,
    period: string,
    user: Pick<User, 'id' | 'email' | 'firstName' | 'language'>,
    template: K,
    values: Omit<TemplateValues<K>, 'to' | 'unsubscribeUrl'>,
  ): Promise<Outgoing> => ({
    kind,
    period,
    userId: user.id,
    email: queuedEmail(template, user.language, {
      ...values,
      to: recipientOf(user),
      unsubscribeUrl: await unsubscribeUrl({ orgId: db.orgId, userId: user.id, kind }),
    } as TemplateValues<K>),
  })
  const out: Outgoing[] = []

  // Drafts of this week and the last: the timers, and who started (but did not submit) a week.
  const drafts = await db.notifications.drafts(addDays(thisWeek, -7), thisWeek)

  if (staffWeek) {
    const submitted = await db.timesheets.inWeeks(staffWeek, staffWeek)
    const states = [...submitted, ...drafts.map((d) => ({ ...d, holdsTime: hasAnyTime(d) }))]
    for (const m of membersToRemind(staffWeek, members, states)) {
      out.push(
        await emailTo('reminder', staffWeek, users.get(m.id)!, 'weekReminder', {
          organization: brand,
          weekStartDate: staffWeek,
          weekUrl: link(`/submit-timesheet?week=${staffWeek}`),
        }),
      )
    }
  }

  if (digestWeek) {
    const pending = await db.timesheets.all('pending')
    // Each supervisor's digest lists what is routed to them (their members, delegations, final approvals).
    const routing = (sheet: (typeof pending)[number]) => routedTo(sheet, org.approvals, roster, today)
    for (const { supervisor, sheets } of digests(members, pending, routing)) {
      const items = await Promise.all(
        sheets.slice(0, DIGEST_MAX_ITEMS).map(async (sheet) => {
          const { approve, decline } = await decisionLinkUrls({
            orgId: db.orgId,
            timesheetId: sheet.id,
            version: sheet.version,
            supervisorId: supervisor.id,
          })
          const employee = users.get(sheet.employeeId)
          return {
            ...(employee ? { employee: namesOf(employee) } : {}),
            sheet: { id: sheet.id, ...sheetDaysOf(sheet) },
            approveUrl: approve,
            declineUrl: decline,
          }
        }),
      )
      out.push(
        await emailTo('digest', digestWeek, users.get(supervisor.id)!, 'digest', {
          organization: brand,
          items,
          dashboardUrl: link('/'),
        }),
      )
    }
  }

  // A day's timer past the organization's limit: the member once, their approver an hour later.
  const declined = await db.notifications.declined(addDays(thisWeek, -7), thisWeek)
  const limit = settings.forgottenTimerHours
  for (const missing of forgottenClockOuts([...drafts, ...declined], members, limit, org.timeZone, now)) {
    const member = users.get(missing.employeeId)!
    const about = { organization: brand, day: missing.day, date: missing.date, start: missing.start, hours: limit }
    const memberWants = wantsEmail(
      members.find((m) => m.id === member.id)!,
      'timer',
    )
    if (memberWants)
      out.push(await emailTo('timer', missing.date, member, 'stillWorking', { ...about, dashboardUrl: link('/') }))
    if (now.getTime() < missing.limitAt.getTime() + APPROVER_ALERT_AFTER_MS) continue
    // The approver hears an hour after the member's email (never in the run that queues the member's).
    const memberEmailAt = await db.notifications.sentAt('timer', missing.date, member.id)
    if ((memberWants && !memberEmailAt) || now.getTime() < approverAlertAt(missing, memberEmailAt).getTime()) continue
    for (const approverId of reviewersOf(member.id, roster, today)) {
      const approver = members.find((m) => m.id === approverId)
      if (!approver || !wantsEmail(approver, 'timer')) continue
      const user = users.get(approverId)!
      out.push(
        await emailTo('timer', `${missing.date}#${member.id}`, user, 'clockOutMissing', {
          ...about,
          employee: namesOf(member),
          dashboardUrl: link('/'),
        }),
      )
    }
  }
  return out
}

/**
 * One organization's reminders: each is recorded as sent and queued in the outbox in one
 * transaction (a second, overlapping run finds the record and queues nothing), then tried at
 * once; what SES refuses now the retry job sends later. Over the daily quota, the ones within it
 * go out now and the rest wait in the outbox for the next day (in part, never none). A closed
 * organization is reminded of nothing (its closure read once, here): no reminder, digest or
 * clock-out email is queued or recorded, so a reopened organization gets what is due then.
 */
export const remindOrganization = async (orgId: string, now = new Date(), asIfScheduled = false) => {
  const db = orgDb(orgId)
  if (await db.closure.state()) return { queued: 0, sent: 0, closed: true }
  const due = await dueEmails(db, now, asIfScheduled)
  if (!due.length) return { queued: 0, sent: 0 }
  const queued = []
  for (const d of due) {
    if (await db.notifications.remindOnce(d.kind, d.period, d.userId, { emails: [d.email] })) queued.push(d.email)
  }
  const org = queued.length ? await db.organization.get() : undefined
  let sent = 0
  for (const email of queued) if (await deliver(orgId, email.id, email.email, 0, org, false)) sent++
  return { queued: queued.length, sent }
}

/** The scheduled run: every organization on the list but the closed; one organization's failure stops no other. */
export const runReminders = async ({ now = new Date(), asIfScheduled = false, orgIds }: ReminderRunOptions = {}) => {
  const totals = { organizations: 0, closed: 0, queued: 0, sent: 0, failed: 0 }
  for await (const orgId of orgIds ?? reminderOrganizations()) {
    totals.organizations++
    try {
      const r = await remindOrganization(orgId, now, asIfScheduled)
      if ('closed' in r) totals.closed++
      totals.queued += r.queued
      totals.sent += r.sent
    } catch (e) {
      totals.failed++
      const error = e instanceof AppError ? e.message : e instanceof Error ? `${e.name}: ${e.message}` : String(e)
      console.log(JSON.stringify({ level: 'warn', event: 'reminders-failed', orgId, error }))
    }
  }
  return totals
}
