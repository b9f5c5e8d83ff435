/**
 * Who reaches which campus, zod-free: the first screens (the dashboard's campus filter) use these
 * without bringing the schemas of campus.ts along.
 */

/** A campus's id as the server gives it: lowercase letters, digits and dashes. */
export const CAMPUS_ID_PATTERN = /^[a-z0-9-]{1,40}$/

/** Whether a text (a page's address parameter) is a campus id's shape. */
export const isCampusId = (text: string) => CAMPUS_ID_PATTERN.test(text)

/** Who acts: their campuses (absent or empty: the whole church). */
export interface ScopedActor {
  campusIds?: readonly string[] | undefined
}

/** Whether the actor sees the whole church (a supervisor limited to no campus). */
export const wholeChurch = (actor: ScopedActor) => !actor.campusIds?.length

/**
 * The one scope rule: a whole-church supervisor reaches every member; a campus admin only the
 * members of their campuses (a member of no campus is the whole church's alone).
 */
export const inScope = (actor: ScopedActor, member: { campusId?: string | null | undefined }) =>
  wholeChurch(actor) || (member.campusId != null && actor.campusIds!.includes(member.campusId))

/**
 * Whether `stand` reaches every member `actor` reaches: a delegate deciding for a supervisor away
 * must be able to open all that is routed to that supervisor.
 */
export const reachCovers = (stand: ScopedActor, actor: ScopedActor) =>
  wholeChurch(stand) || (!wholeChurch(actor) && actor.campusIds!.every((c) => stand.campusIds!.includes(c)))

/** Who a member's weeks are sent to and where they work: what an add or an edit gives, or a member has. */
export interface MemberRouting {
  supervisorId?: string | null | undefined
  campusId?: string | null | undefined
}

/**
 * The approver a member will have and the campus that approver must reach, when an add or an edit
 * (`before`: the member edited) changes either; undefined when there is nothing to check (no
 * approver, or an edit changing neither). A move to another campus keeps the member's approver
 * unless it names a new one, so the approver kept is checked against the new campus exactly as a
 * new approver is: the edit route and the member import (and the sync) ask this same question.
 */
export const approverReachCheck = (
  fields: MemberRouting,
  before?: MemberRouting,
): { approverId: string; campusId: string | null | undefined } | undefined => {
  const approverId = fields.supervisorId === undefined ? before?.supervisorId : fields.supervisorId
  const campusId = fields.campusId === undefined ? before?.campusId : fields.campusId
  const changed =
    !before ||
    (fields.supervisorId !== undefined && fields.supervisorId !== (before.supervisorId ?? null)) ||
    (fields.campusId !== undefined && fields.campusId !== (before.campusId ?? null))
  return approverId && changed ? { approverId, campusId } : undefined
}

/**
 * Whether an approver reaches a member of `campusId`: a campus admin asked about weeks of another
 * campus could not open them. An approver not found (no longer a supervisor) is not this rule's to
 * refuse: the write checks that the approver is a supervisor when it commits.
 */
export const approverReaches = (approver: ScopedActor | undefined, campusId: string | null | undefined) =>
  approver === undefined || inScope(approver, { campusId })

export const DELEGATE_REACH_MESSAGE = 'Choose a supervisor who reaches every campus you do'
export const APPROVER_REACH_MESSAGE = "Choose an approver who reaches this member's campus"
/** Final approvers finish every member's week: only a supervisor of the whole church opens them all. */
export const FINAL_APPROVER_REACH_MESSAGE = 'Final approvers must be supervisors of the whole church'
/** Narrowing a supervisor's campuses keeps every rule above: what they are asked about stays theirs. */
export const NARROW_FINAL_APPROVER_MESSAGE = 'This supervisor is a final approver, who must reach the whole church'
export const NARROW_APPROVER_MESSAGE =
  'This supervisor approves members outside these campuses: give them another approver first'
export const NARROW_DELEGATE_MESSAGE = 'This supervisor stands in for a supervisor beyond these campuses'

/**
 * The campus a report or file is run for: a campus admin's own campuses whatever they ask (one of
 * theirs narrows it; another is none of theirs), a whole-church supervisor's choice or everyone.
 * Undefined is the whole church.
 */
export const campusFilter = (actor: ScopedActor, asked: string | undefined): readonly string[] | undefined => {
  if (wholeChurch(actor)) return asked ? [asked] : undefined
  if (!asked) return actor.campusIds
  return actor.campusIds!.includes(asked) ? [asked] : []
}
