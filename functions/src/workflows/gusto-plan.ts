import {
  addDays,
  carriedWeekStarts,
  conflict,
  hoursOf,
  planGusto,
  type GustoMatching,
  type GustoPlan,
  type GustoPreview,
  type GustoSendStatus,
  type Period,
  type Person,
  type User,
} from '@app/core'
import type { OrgDb, StoredGustoSend } from '@app/data'
import { leaveOf } from './payroll.ts'

/** Said when a period that is not closed is previewed or sent: only a closed period's hours are final. */
export const PERIOD_NOT_CLOSED = 'Close this pay period before sending it'

/**
 * Everything Gusto gets for a closed pay period, read from what approval stored: the figures of
 * the workweeks the period carries, the approved timesheets those figures came from (for their
 * shifts), each member's role and the period's paid leave. A send job reads this once per run.
 */
export const gustoPlanFor = async (
  db: OrgDb,
  start: string,
  matching: GustoMatching,
): Promise<{ period: Period; timeZone: string; members: User[]; plan: GustoPlan }> => {
  const [org, [stored]] = await Promise.all([db.organization.get(), db.payroll.periods(start, start)])
  if (!stored || stored.status !== 'closed' || stored.start !== start) throw conflict(PERIOD_NOT_CLOSED)
  const period = { start: stored.start, end: stored.end }
  const weeks = carriedWeekStarts(period)
  const [figures, members, leave] = await Promise.all([
    db.payroll.figuresOfWeeks(weeks.start, weeks.end),
    db.users.listForRecords(),
    leaveOf(db, { start: weeks.start, end: addDays(weeks.end, 6) }),
  ])
  const ids = [...new Set(figures.filter((f) => f.payType === 'non-exempt').map((f) => f.timesheetId))]
  const sheets = await Promise.all(ids.map((id) => db.timesheets.find(id)))
  const timesheets = new Map(sheets.flatMap((s) => (s ? [[s.id, s] as const] : [])))
  return {
    period,
    timeZone: org.timeZone,
    members,
    plan: planGusto({ timeZone: org.timeZone, members, weeks: figures, timesheets, leave, matching }),
  }
}

/** A member as the preview names them (one removed since keeps their place, as payroll files do). */
export const personOf = (members: readonly User[]) => {
  const byId = new Map(members.map((m) => [m.id, m]))
  return (employeeId: string): Person => {
    const m = byId.get(employeeId)
    return { employeeId, firstName: m?.firstName ?? 'Removed', lastName: m?.lastName ?? 'member' }
  }
}

/** The preview's members and problems from a plan: hours from core's minutes, members by name. */
export const gustoPreviewOf = (
  plan: GustoPlan,
  members: readonly User[],
): Pick<GustoPreview, 'members' | 'problems' | 'timeSheetCount'> => {
  const person = personOf(members)
  return {
    members: plan.members
      .map((m) => ({
        ...person(m.employeeId),
        matched: m.employeeUuid !== null,
        timeSheets: m.timeSheets,
        regularHours: hoursOf(m.regularMinutes),
        overtimeHours: hoursOf(m.overtimeMinutes),
        doubleTimeHours: hoursOf(m.doubleTimeMinutes),
        vacationHours: m.leave.vacation,
        sickHours: m.leave.sick,
        personalHours: m.leave.personal,
        holidayHours: m.leave.holiday,
      }))
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName)),
    problems: plan.problems.map((p) => ({
      code: p.code,
      person: person(p.employeeId),
      ...(p.code === 'policy-unmatched' ? { kind: p.kind } : {}),
      ...(p.code === 'figures-changed' ? { date: p.date } : {}),
    })),
    timeSheetCount: plan.shifts.length,
  }
}

/**
 * The last send as the Payroll page shows it. A send is changed since sent when the period was
 * reopened after it (still open, or closed again later: its close is not the one that was sent).
 */
export const gustoSendView = (
  stored: StoredGustoSend | null,
  period: { status: 'open' | 'closed'; closedAt: string | null },
): GustoSendStatus | null => {
  if (!stored) return null
  const { closedAt, requestedBy: _by, attempts: _attempts, ...view } = stored
  return {
    ...view,
    changedSinceSent: stored.sentAt !== null && (period.status !== 'closed' || period.closedAt !== closedAt),
  }
}
