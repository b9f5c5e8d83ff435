import {
  APPROVER_REACH_MESSAGE,
  approverReachCheck,
  approverReaches,
  NARROW_APPROVER_MESSAGE,
  NARROW_DELEGATE_MESSAGE,
  NARROW_FINAL_APPROVER_MESSAGE,
  reachCovers,
  todayIn,
  badRequest,
  campusFilter,
  campusScopeProblem,
  inCampuses,
  forbidden,
  inScope,
  memberCampusProblem,
  notFound,
  WHOLE_CHURCH_ONLY,
  wholeChurch,
  type MemberRouting,
  type MemberUpdate,
  type NewMember,
  type User,
  weekCampus,
  weekInScope,
} from '@app/core'
import type { OrgDb } from '@app/data'

/** Campuses, billing, approval settings and integrations are the whole church's: 403 for a campus admin. */
export const assertWholeChurch = (actor: Pick<User, 'campusIds'>) => {
  if (!wholeChurch(actor)) throw forbidden(WHOLE_CHURCH_ONLY)
}

/** A member out of the actor's campuses is not found, exactly as another organization's. */
export const assertInScope = <M extends { campusId?: string | null }>(actor: Pick<User, 'campusIds'>, member: M) => {
  if (!inScope(actor, member)) throw notFound('member')
  return member
}

/**
 * The campus fields of an add or an edit (`before`: the member edited): the member's campus
 * required (and active) once the organization has campuses, and one of a campus admin's own; a
 * supervisor's campuses, and roles (a supervisor made or unmade), given only by a whole-church
 * supervisor, so a campus admin never widens anyone's reach, their own included. The campuses are read only
 * when the request names a campus field or the organization may have some (an add), so the spec's
 * calls of a church without campuses cost what they did. 400 on the field otherwise.
 */
export const assertMemberCampus = async (
  db: OrgDb,
  actor: Pick<User, 'campusIds'>,
  fields: Pick<NewMember | MemberUpdate, 'campusId' | 'campusIds' | 'role'>,
  before?: Pick<User, 'role'>,
) => {
  const scoped = !wholeChurch(actor)
  const roleAsked = before ? fields.role !== undefined && fields.role !== before.role : fields.role === 'supervisor'
  if (scoped && (fields.campusIds !== undefined || roleAsked)) throw forbidden(WHOLE_CHURCH_ONLY)
  if (before && fields.campusId === undefined && fields.campusIds === undefined) return
  const campuses = await db.campuses.list()
  const problem = memberCampusProblem(campuses, fields.campusId, !before)
  if (problem) throw badRequest(problem, { campusId: problem })
  if (scoped && fields.campusId && !actor.campusIds!.includes(fields.campusId)) {
    throw badRequest(CAMPUS_NOT_YOURS, { campusId: CAMPUS_NOT_YOURS })
  }
  const scopeProblem = fields.campusIds ? campusScopeProblem(campuses, fields.campusIds) : undefined
  if (scopeProblem) throw badRequest(scopeProblem, { campusIds: scopeProblem })
}

/**
 * A member's approver must reach them: a campus admin named approver of a member of another campus
 * (or of none) would be asked about weeks they cannot open. Core's `approverReachCheck` says when
 * (the approver or the member's campus changes; `before`: the member edited), so the approver a
 * moved member keeps is checked as a new one is; the approver is read only then. An approver who is
 * no supervisor is the write's own check.
 */
export const assertApproverReaches = async (
  db: OrgDb,
  fields: MemberRouting,
  before?: Pick<User, 'supervisorId' | 'campusId'>,
) => {
  const check = approverReachCheck(fields, before)
  if (!check) return
  if (!approverReaches(await db.users.find(check.approverId), check.campusId))
    throw badRequest(APPROVER_REACH_MESSAGE, { supervisorId: APPROVER_REACH_MESSAGE })
}

/**
 * A supervisor's campuses narrowed (`campusIds`, by a whole-church supervisor) may not leave them
 * asked about what they can no longer open: a final approver stays whole-church, and the members
 * they approve and the supervisors they stand in for (away now or later) stay within their reach.
 * Reads the organization and the members only when the reach narrows.
 */
export const assertReachKept = async (db: OrgDb, before: User, campusIds: readonly string[] | undefined) => {
  if (campusIds === undefined || before.role !== 'supervisor' || !campusIds.length) return
  const next = { campusIds }
  if (reachCovers(next, before)) return
  const refuse = (message: string) => badRequest(message, { campusIds: message })
  const [org, members] = await Promise.all([db.organization.get(), db.users.list()])
  if (org.approvals.twoStep && org.approvals.finalApproverIds.includes(before.id))
    throw refuse(NARROW_FINAL_APPROVER_MESSAGE)
  if (members.some((m) => m.supervisorId === before.id && !inScope(next, m))) throw refuse(NARROW_APPROVER_MESSAGE)
  const today = todayIn(org.timeZone)
  const standsIn = members.filter((m) => m.away?.delegateId === before.id && m.away.to >= today)
  if (standsIn.some((m) => !reachCovers(next, m))) throw refuse(NARROW_DELEGATE_MESSAGE)
}

/**
 * The campus a new kiosk serves: the one asked (active, and one of a campus admin's own), or a
 * campus admin's first; none for a whole-church supervisor who names none (every member).
 */
export const kioskCampus = async (db: OrgDb, actor: Pick<User, 'campusIds'>, asked: string | undefined) => {
  if (asked === undefined) return wholeChurch(actor) ? undefined : actor.campusIds![0]
  const problem = memberCampusProblem(await db.campuses.list(), asked, true)
  if (problem) throw badRequest(problem, { campusId: problem })
  if (!inScope(actor, { campusId: asked })) throw badRequest(CAMPUS_NOT_YOURS, { campusId: CAMPUS_NOT_YOURS })
  return asked
}

/** Whom a kiosk session reaches: its campus's members, or (none) its maker's. */
export const kioskReach = (session: { kioskCampusId?: string; user: Pick<User, 'campusIds'> }) =>
  session.kioskCampusId ? { campusIds: [session.kioskCampusId] } : session.user

export const CAMPUS_NOT_YOURS = 'Choose one of your own campuses'

/**
 * Something of one member's (a timesheet, a time-off request, a balance) reached by a campus admin:
 * not found, as another organization's, unless the member is in their campuses. A whole-church
 * supervisor and a member reading their own cost no read.
 */
export const assertMemberItemInScope = async (
  db: OrgDb,
  actor: Pick<User, 'id' | 'campusIds'>,
  memberId: string,
  what: string,
) => {
  if (wholeChurch(actor) || memberId === actor.id) return
  const member = await db.users.findForRecords(memberId)
  if (!member || !inScope(actor, member)) throw notFound(what)
}

/**
 * The weeks a list holds for a campus (`?campusId=`, the dashboard's and the Payroll page's campus
 * filter) or for a campus admin (their own campuses whether they ask or not, `campusFilter`): those
 * worked there (`weekCampus`), whoever worked them and wherever they are now. Undefined (every week)
 * for a whole-church supervisor who asks for none. The one week filter of every list, so a campus
 * admin's default is exactly their campuses asked for.
 */
export const weeksAtCampus = (
  actor: Pick<User, 'campusIds'>,
  asked: string | undefined,
  member: (id: string) => { campusId?: string | null } | undefined,
) => {
  const campuses = campusFilter(actor, asked)
  if (campuses === undefined) return undefined
  return (week: { employeeId: string; campusId?: string | null }) =>
    inCampuses(campuses, { campusId: weekCampus(week, member(week.employeeId)) })
}

/**
 * One timesheet opened by a supervisor (its history, its CSV): not found, as another organization's,
 * unless the week was worked at one of a campus admin's campuses (`weekInScope`, the lists' rule).
 * A week stores its campus, so only a week made before campuses reads its member (one GetItem).
 */
export const assertWeekInScope = async (
  db: OrgDb,
  actor: Pick<User, 'id' | 'campusIds'>,
  week: { employeeId: string; campusId?: string | null },
) => {
  if (wholeChurch(actor) || week.employeeId === actor.id) return
  const member = week.campusId ? undefined : await db.users.findForRecords(week.employeeId)
  if (!weekInScope(actor, week, member)) throw notFound('timesheet')
}
