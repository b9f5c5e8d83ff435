import {
  AppError,
  badRequest,
  hoursOf,
  integrationMessages,
  planGusto,
  type GustoMatching,
  type GustoPlan,
  type GustoPreview,
  type Period,
  type Person,
  type User,
} from '@app/core'
import type { OrgDb } from '@app/data'
import { periodState, sendView } from './integration-sends.ts'
import { payrollRecords } from './payroll.ts'

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
  // Only a closed period's hours are final.
  if (!stored || stored.status !== 'closed' || stored.start !== start)
    throw badRequest(integrationMessages.periodNotClosed)
  const period = { start: stored.start, end: stored.end }
  const { figures, members, leave } = await payrollRecords(db, period)
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

/** A connection that is missing or refused: the preview still shows our side, every member unmatched. */
const notConnected = (e: unknown) =>
  e instanceof AppError &&
  (e.message === integrationMessages.notConnected || e.message === integrationMessages.reconnectNeeded)

/**
 * GET /api/payroll/periods/{start}/gusto: exactly what Send would send (the plan the send job makes,
 * with the matching of the connection now) and the last send. 400 for a period that is not closed.
 */
export const gustoPeriodPreview = async (
  db: OrgDb,
  start: string,
  matchingOf: () => Promise<GustoMatching>,
): Promise<GustoPreview> => {
  const [state, stored] = await Promise.all([periodState(db, start), db.gustoSends.read(start)])
  if (state.status !== 'closed') throw badRequest(integrationMessages.periodNotClosed)
  const matching = await matchingOf().catch((e: unknown) => {
    if (notConnected(e)) return { employees: {}, policies: {} }
    throw e
  })
  const { period, plan, members } = await gustoPlanFor(db, start, matching)
  return { start: period.start, end: period.end, ...gustoPreviewOf(plan, members), send: sendView(stored, state) }
}
