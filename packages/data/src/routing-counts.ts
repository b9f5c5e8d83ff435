import type { Away, Role, Roster, RoutingMember, Timesheet, User } from '@app/core'
import { keys } from './keys.ts'
import { table, type Item, type TransactInput } from './table.ts'

/**
 * The routing item (`STATS#routing`): what "Waiting for me" and a decision's routing need, in one
 * item whose size grows with the supervisors, not with the members or the pending weeks.
 *
 * - every member whose role is supervisor (removed ones marked): their approver and time away
 *   (`sup#<id>`), moved by every write of such a member;
 * - pending timesheets counted by route (`awaitingFirst#<route>`, `awaitingFinal#<route>`): a
 *   supervisor's own weeks by their id (`of:<id>`), anyone else's by the approver stored on them
 *   (`to:<approver id>`, `to:` for none). Who a week of a member who is not a current supervisor
 *   waits for depends only on that approver and the supervisors (core's routing never reads more of
 *   such a member), so a group stands in for its members. Moved by the timesheet writes that
 *   change a week's pending stage (under a check that the member's route is still the one
 *   counted), and by the member writes that change a member's route (re-routing: under a check
 *   that the member's pending counts are still the ones moved).
 *
 * A supervisor's time away starting or ending moves no count: the reader applies today's
 * delegations to the counts.
 */

/** A member's pending timesheets: awaiting their (first) approval, and awaiting the final one after a first. */
export interface PendingCounts {
  awaitingFirst: number
  awaitingFinal: number
}
export type PendingStage = keyof PendingCounts
export const PENDING_STAGES: PendingStage[] = ['awaitingFirst', 'awaitingFinal']

/** Where a timesheet stands among the pending ones, or null when it is not pending. */
export const pendingStage = (t: Timesheet | null): PendingStage | null =>
  t?.status === 'pending' ? (t.approvals.length ? 'awaitingFinal' : 'awaitingFirst') : null

/** The attribute of `STATS#routing` that counts pending timesheets of one stage for a route. */
export const stageAttribute = (stage: PendingStage, id: string) => `${stage}#${id}`

/** The counts an item keeps by `stageAttribute`, ids with none left out. */
export const stageCountsOf = (item: Record<string, unknown> | undefined): Record<string, PendingCounts> => {
  const byId: Record<string, PendingCounts> = {}
  for (const [name, value] of Object.entries(item ?? {})) {
    const at = name.indexOf('#')
    const stage = name.slice(0, at) as PendingStage
    if (at < 0 || !PENDING_STAGES.includes(stage) || !Number(value)) continue
    ;(byId[name.slice(at + 1)] ??= { awaitingFirst: 0, awaitingFinal: 0 })[stage] = Number(value)
  }
  return byId
}

/** What the routing item keeps of a member whose role is supervisor. */
export interface SupervisorRoute {
  supervisorId: string | null
  away: Away | null
  removed: boolean
}

export interface Routing {
  /** Every member whose role is supervisor, removed ones included, by id. */
  supervisors: Record<string, SupervisorRoute>
  /** Pending counts by route (`routeOf`), routes with none left out. */
  pending: Record<string, PendingCounts>
}

/** What decides a member's route: their role and the approver stored on them. */
export type RouteMember = Pick<User, 'role' | 'supervisorId'>

const OWN = 'of:'
const GROUP = 'to:'
const SUPERVISOR = 'sup#'

/** The route a member's pending weeks are counted under (an unknown member's: no approver). */
export const routeOf = (id: string, m: RouteMember | undefined) =>
  m?.role === 'supervisor' ? `${OWN}${id}` : `${GROUP}${m?.supervisorId ?? ''}`

const supervisorRouteOf = (u: Pick<User, 'supervisorId' | 'away'>, removed: boolean): SupervisorRoute => ({
  supervisorId: u.supervisorId ?? null,
  away: u.away ?? null,
  removed,
})

/** The routing item as it must be, from every timesheet and member (with `removedAt`). */
export const routingFrom = (
  timesheets: readonly Timesheet[],
  members: readonly (User & { removedAt?: unknown })[],
): Routing => {
  const byId = new Map(members.map((m) => [m.id, m]))
  const supervisors: Routing['supervisors'] = {}
  for (const m of members) if (m.role === 'supervisor') supervisors[m.id] = supervisorRouteOf(m, Boolean(m.removedAt))
  const pending: Routing['pending'] = {}
  for (const t of timesheets) {
    const stage = pendingStage(t)
    if (stage)
      (pending[routeOf(t.employeeId, byId.get(t.employeeId))] ??= { awaitingFirst: 0, awaitingFinal: 0 })[stage]++
  }
  return { supervisors, pending }
}

/** The routing item holding `r` (seeding writes it; a rebuild puts it). */
export const routingItem = (orgId: string, r: Routing): Item => {
  const item: Item = { ...keys.routing(orgId) }
  for (const [id, s] of Object.entries(r.supervisors)) item[`${SUPERVISOR}${id}`] = s
  for (const [route, c] of Object.entries(r.pending))
    for (const stage of PENDING_STAGES) if (c[stage]) item[stageAttribute(stage, route)] = c[stage]
  return item
}

/** The routing item as stored (zero counts left out). */
export const routingOfItem = (item: Record<string, unknown> | undefined): Routing => {
  const supervisors: Routing['supervisors'] = {}
  for (const [name, value] of Object.entries(item ?? {}))
    if (name.startsWith(SUPERVISOR)) {
      const s = value as Partial<SupervisorRoute>
      supervisors[name.slice(SUPERVISOR.length)] = {
        supervisorId: s.supervisorId ?? null,
        away: s.away ?? null,
        removed: s.removed === true,
      }
    }
  return { supervisors, pending: stageCountsOf(item) }
}

/** The supervisors as routing members (core's `Roster`), removed ones marked. */
const supervisorMembers = (r: Routing): RoutingMember[] =>
  Object.entries(r.supervisors).map(([id, s]) => ({ id, role: 'supervisor' as Role, ...s }))

/**
 * What core's `waitingCount` routes, from the routing item: the supervisors, and one stand-in member
 * per group route (no role of its own, the group's approver), each with its pending counts. Every
 * supervisor's own weeks are counted under their id. The same answer as the whole directory and
 * each member's counts: routing reads nothing else of a member who is not a current supervisor.
 */
export const waitingRoutes = (r: Routing) => {
  const roster = new Map<string, RoutingMember>(supervisorMembers(r).map((m) => [m.id, m]))
  const pending: [string, PendingCounts][] = []
  for (const [route, counts] of Object.entries(r.pending)) {
    if (route.startsWith(OWN)) {
      pending.push([route.slice(OWN.length), counts])
      continue
    }
    const approver = route.slice(GROUP.length)
    roster.set(route, { id: route, role: 'employee', supervisorId: approver || null, away: null })
    pending.push([route, counts])
  }
  return { roster: roster as Roster, pending }
}

/** Every member whose role is supervisor, as routing reads them. */
export const supervisorRoster = (r: Routing): Roster => new Map(supervisorMembers(r).map((m) => [m.id, m]))

/** A member's route as stored, read consistently (a timesheet write that changes a week's pending stage). */
export const storedRouteMember = async (orgId: string, memberId: string): Promise<RouteMember | undefined> => {
  const item = await table.get(keys.user(orgId, memberId), true, ['pk', 'role', 'supervisorId'])
  return item
    ? { role: item.role as Role, supervisorId: (item.supervisorId as string | null | undefined) ?? null }
    : undefined
}

/**
 * The check that the member's route is still `member`'s when a timesheet write commits: a member
 * re-routed meanwhile moved their counts, so the write is tried again with the new route.
 */
export const routeCheck = (orgId: string, memberId: string, member: RouteMember | undefined): TransactInput => {
  const Key = keys.user(orgId, memberId)
  if (!member) return { ConditionCheck: { Key, ConditionExpression: 'attribute_not_exists(pk)' } }
  if (member.role === 'supervisor')
    return {
      ConditionCheck: {
        Key,
        ConditionExpression: '#role = :s',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':s': 'supervisor' },
      },
    }
  return {
    ConditionCheck: {
      Key,
      ConditionExpression: member.supervisorId
        ? 'attribute_exists(pk) AND #role <> :s AND supervisorId = :a'
        : 'attribute_exists(pk) AND #role <> :s AND (attribute_not_exists(supervisorId) OR attribute_type(supervisorId, :null))',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: member.supervisorId
        ? { ':s': 'supervisor', ':a': member.supervisorId }
        : { ':s': 'supervisor', ':null': 'NULL' },
    },
  }
}

/** A member written: as now, and as stored before (none: a new member). */
export interface MemberWrite {
  user: User
  removed?: boolean
  before?: { user: RouteMember; removed: boolean }
}

const isActiveStaff = (u: Pick<User, 'role'>, removed: boolean) => !removed && u.role !== 'supervisor'

/** How many members a write adds to (or takes from) the active staff (current members who are not supervisors). */
export const activeStaffMove = (changed: readonly MemberWrite[]) =>
  changed.reduce(
    (n, c) =>
      n +
      Number(isActiveStaff(c.user, c.removed === true)) -
      (c.before ? Number(isActiveStaff(c.before.user, c.before.removed)) : 0),
    0,
  )

/** The members of a write whose route changes (their pending counts move with them). */
export const reRouted = (changed: readonly MemberWrite[]) =>
  changed.filter((c) => c.before && routeOf(c.user.id, c.before.user) !== routeOf(c.user.id, c.user))

/** Some members' pending counts as stored (their `PENDING#<member>` items), read consistently before a write re-routes them. */
export const storedPendingOf = async (
  orgId: string,
  ids: readonly string[],
): Promise<Record<string, PendingCounts>> => {
  if (!ids.length) return {}
  const items = await table.getMany(ids.map((id) => keys.memberPending(orgId, id)))
  return Object.fromEntries(
    ids.map((id, i) => [
      id,
      { awaitingFirst: Number(items[i]?.awaitingFirst ?? 0), awaitingFinal: Number(items[i]?.awaitingFinal ?? 0) },
    ]),
  )
}

/**
 * The routing item's part of a members write (their supervisor entries; the counts of those
 * re-routed, moved from their old route to their new one) and, for those re-routed, the checks that
 * their pending counts are still `pending` (read by `storedPendingOf`), one per member: a week
 * submitted or decided meanwhile fails one, and the write reads again.
 */
export const routingMoves = (
  orgId: string,
  changed: readonly MemberWrite[],
  pending: Record<string, PendingCounts> = {},
): { moves: TransactInput[]; checks: TransactInput[] } => {
  const set: Record<string, unknown> = {}
  const remove: string[] = []
  const adds: Record<string, number> = {}
  for (const c of changed) {
    if (c.user.role === 'supervisor') set[`${SUPERVISOR}${c.user.id}`] = supervisorRouteOf(c.user, c.removed === true)
    else if (c.before?.user.role === 'supervisor') remove.push(`${SUPERVISOR}${c.user.id}`)
  }
  const moved = reRouted(changed)
  for (const c of moved) {
    const counts = pending[c.user.id] ?? { awaitingFirst: 0, awaitingFinal: 0 }
    for (const stage of PENDING_STAGES) {
      if (!counts[stage]) continue
      const from = stageAttribute(stage, routeOf(c.user.id, c.before!.user))
      const to = stageAttribute(stage, routeOf(c.user.id, c.user))
      adds[from] = (adds[from] ?? 0) - counts[stage]
      adds[to] = (adds[to] ?? 0) + counts[stage]
    }
  }
  const names: string[] = []
  const values: Record<string, unknown> = {}
  const name = (n: string) => `#n${names.push(n) - 1}`
  const value = (v: unknown) => {
    const at = `:v${Object.keys(values).length}`
    values[at] = v
    return at
  }
  const clauses = [
    Object.keys(set).length
      ? `SET ${Object.entries(set)
          .map(([n, v]) => `${name(n)} = ${value(v)}`)
          .join(', ')}`
      : '',
    remove.length ? `REMOVE ${remove.map(name).join(', ')}` : '',
    Object.keys(adds).length
      ? `ADD ${Object.entries(adds)
          .map(([n, v]) => `${name(n)} ${value(v)}`)
          .join(', ')}`
      : '',
  ].filter(Boolean)
  const moves: TransactInput[] = clauses.length
    ? [
        {
          Update: {
            Key: keys.routing(orgId),
            UpdateExpression: clauses.join(' '),
            ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
            ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
          },
        },
      ]
    : []
  return { moves, checks: moved.map((c) => pendingCheck(orgId, c.user.id, pending[c.user.id])) }
}

/** That a re-routed member's pending counts are still those moved. */
const pendingCheck = (orgId: string, memberId: string, counts: PendingCounts | undefined): TransactInput => {
  const values: Record<string, number> = { ':z': 0 }
  const conditions = PENDING_STAGES.map((stage) => {
    const n = counts?.[stage] ?? 0
    // None counted: absent or zero (a comparison with an absent attribute is false).
    if (!n) return `NOT ${stage} > :z`
    values[`:${stage}`] = n
    return `${stage} = :${stage}`
  })
  return {
    ConditionCheck: {
      Key: keys.memberPending(orgId, memberId),
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
    },
  }
}
