import {
  actingFor,
  approverOf,
  isAwayOn,
  reviewersOf,
  todayIn,
  type Organization,
  type Roster,
  type RoutingMember,
  type User,
} from '@app/core'
import type { DirectoryEntry, OrgDb } from '@app/data'

/** Who approves whom and who is away, from the member directory: one query, however many members. */
export const rosterOf = (directory: ReadonlyMap<string, DirectoryEntry>): Roster =>
  new Map([...directory].map(([id, entry]) => [id, { ...entry, id }]))

/**
 * The supervisors' roster (every member whose role is supervisor, from the routing item) with one
 * more member: the part of the roster that member's week is routed by (routing reads nothing else of
 * a member who is not a current supervisor). A supervisor keeps the routing item's entry.
 */
export const withMember = (supervisors: Roster, memberId: string, member: User | undefined): Roster =>
  member && !supervisors.has(memberId)
    ? new Map([
        ...supervisors,
        [
          memberId,
          { id: memberId, role: member.role, supervisorId: member.supervisorId, away: member.away, removed: false },
        ],
      ])
    : supervisors

/** The organization's roster and today's date in its zone (away dates are in that zone). */
export const routingOf = async (db: OrgDb, org: Organization) => {
  const { directory } = await db.aggregates.summary()
  return { roster: rosterOf(directory), today: todayIn(org.timeZone), directory }
}

const unique = (ids: (string | null | undefined)[], except: string) =>
  [...new Set(ids)].filter((id): id is string => Boolean(id) && id !== except)

/**
 * The part of the roster one member's week is routed by: the member, their approver and the final
 * approvers (with the second approval on), and the delegates of those away today. A few reads
 * whatever the size of the organization (the whole directory grew each submission's and decision's
 * cost with it: the cost bench's decision route ×1.3 per member from 10 to 1,000 members). Enough
 * for `approverOf`, `actingFor`, `onBehalfOf`, `approvalStep` and `finalReviewersOf`; asking every
 * supervisor (a member with no approver) needs the whole roster (`reviewersFor`).
 */
export const memberRoutingOf = async (
  db: OrgDb,
  org: Organization,
  member: RoutingMember | undefined,
  memberId: string,
) => {
  const today = todayIn(org.timeZone)
  const finals = org.approvals.twoStep ? org.approvals.finalApproverIds : []
  const first = await db.users.routingEntries(unique([member?.supervisorId, ...finals], memberId))
  const known = new Set([memberId, ...first.map((e) => e.id)])
  const delegates = unique(
    first.filter((e) => isAwayOn(e.away, today)).map((e) => e.away!.delegateId),
    memberId,
  ).filter((id) => !known.has(id))
  const second = delegates.length ? await db.users.routingEntries(delegates) : []
  const roster: Roster = new Map(
    [...(member ? [{ ...member, id: memberId }] : []), ...first, ...second].map((e) => [e.id, e]),
  )
  return { roster, today }
}

/**
 * Who is asked to decide `member`'s submission (core's `reviewersOf`): from the member's part of
 * the roster when they have an approver who is not acting as themselves, else (every supervisor is
 * asked) from the whole roster.
 */
export const reviewersFor = async (db: OrgDb, org: Organization, member: RoutingMember) => {
  const { roster, today } = await memberRoutingOf(db, org, member, member.id)
  const approver = approverOf(member.id, roster)
  if (approver && actingFor(approver, roster, today) !== member.id) return reviewersOf(member.id, roster, today)
  const whole = await routingOf(db, org)
  return reviewersOf(member.id, whole.roster, whole.today)
}
