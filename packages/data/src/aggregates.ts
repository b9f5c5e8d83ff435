import { Timesheet, unavailable, User, weekTotalMinutes, type Roster, type TimesheetStatus } from '@app/core'
import * as z from 'zod'
import { keys } from './keys.ts'
import { reminderOrganizations } from './notifications.ts'
import {
  activeStaffMove,
  pendingStage,
  routingFrom,
  routingItem,
  routingMoves,
  routingOfItem,
  stageAttribute,
  supervisorRoster,
  waitingRoutes,
  type MemberWrite,
  type PendingCounts,
  type Routing,
} from './routing-counts.ts'
import { isConditionFailure, table, type Item, type TransactInput } from './table.ts'
import { withApproverIn } from './users.ts'

/**
 * Maintained aggregates of one organization, so the dashboard stats, the timesheet list
 * and reports read a few small items instead of every timesheet and every member:
 *
 * - the head (`STATS#timesheets`): timesheet counts by status, `writes` (moved by every change
 *   below, so a rebuild can tell that nothing changed while it ran) and `aggregates` (set once the
 *   organization's aggregates are complete: organizations made before them are rebuilt on first read);
 * - one item per week with submissions (`STATS#week#<week start>`): how many of its timesheets are
 *   pending, approved and rejected, and the approved paid minutes (drafts are not counted: a new
 *   draft only moves the head);
 * - the member directory (`STATS#members#<shard>`): what lists and reports show of each member,
 *   removed ones included, one attribute per member id, spread over a few items by a hash of the id
 *   (an item holds at most 400 KB);
 * - each member's pending timesheets (`PENDING#<member id>`, an item each), counted apart before
 *   and after a first of two approvals: who a pending week waits for depends only on its member,
 *   whether its first approval is recorded, the roster and the settings, so a campus's "Waiting for
 *   me" counts from these items and the directory, whatever the number of pending weeks (a
 *   member's new approver or a supervisor's time away moves nothing here);
 * - the routing item (`STATS#routing`, routing-counts.ts): the supervisors' routing and the pending
 *   counts by approver, so the stat row's "Waiting for me" and a decision read one small item;
 * - in the head, `activeStaff`: current members who are not supervisors.
 *
 * Each is moved in the same transaction as the change that moves it: `aggregateMoves` by every
 * timesheet write that changes a status, `directoryMove` by every write of a member.
 */

/**
 * Stored in the head once an organization's aggregates are complete; a higher one makes every
 * organization read the slow way until `npm run job -- rebuild-aggregates` rebuilds it. 2: each
 * member's pending counts. 3: the routing item (`STATS#routing`), the head's `activeStaff`, and each
 * member's pending counts in an item of their own (`PENDING#<member id>`), instead of one
 * item for all (which every decision rewrote whole, its size growing with the members).
 */
export const AGGREGATES_VERSION = 3
export const DIRECTORY_SHARDS = 8

type Submitted = Exclude<TimesheetStatus, 'draft'>
const isSubmitted = (s: TimesheetStatus): s is Submitted => s !== 'draft'

/** What lists and reports show of a member (the embedded employee, the approver) and what their payroll figures need. */
export const DirectoryEntry = User.pick({
  firstName: true,
  lastName: true,
  department: true,
  profileImageUrl: true,
  email: true,
  payType: true,
  role: true,
})
  .extend({ removed: z.boolean() })
  // Who approves the member and a supervisor's time away (routing reads them with the directory).
  .extend({ supervisorId: z.string().nullable().default(null), away: User.shape.away })
  // The member's campus: lists and stats keep a campus admin to their campuses' members with it.
  .extend({ campusId: User.shape.campusId })
export type DirectoryEntry = z.infer<typeof DirectoryEntry>

export interface WeekStats {
  pending: number
  approved: number
  rejected: number
  approvedMinutes: number
}
const emptyWeek = (): WeekStats => ({ pending: 0, approved: 0, rejected: 0, approvedMinutes: 0 })

export type { PendingCounts, Routing } from './routing-counts.ts'

/** Every aggregate of an organization, as stored (or as rebuilt from its timesheets and members). */
export interface Aggregates {
  counts: Record<TimesheetStatus, number>
  weeks: Record<string, WeekStats>
  directory: Record<string, DirectoryEntry>
  /** Members with pending timesheets only. */
  pendingByMember: Record<string, PendingCounts>
  routing: Routing
  /** Current members who are not supervisors. */
  activeStaff: number
}

/** The shard of a member's directory entry: a stable hash of the id. */
export const shardOf = (userId: string) => {
  let h = 0
  for (let i = 0; i < userId.length; i++) h = (h * 31 + userId.charCodeAt(i)) >>> 0
  return h % DIRECTORY_SHARDS
}

/** A member's directory entry: what the directory holds of them (also what a list of one member's own timesheets needs). */
export const directoryEntryOf = (user: User, removed = false): DirectoryEntry => ({
  firstName: user.firstName,
  lastName: user.lastName,
  department: user.department,
  profileImageUrl: user.profileImageUrl,
  email: user.email,
  payType: user.payType,
  role: user.role,
  removed,
  supervisorId: user.supervisorId,
  away: user.away,
  ...(user.campusId ? { campusId: user.campusId } : {}),
})

const approvedMinutes = (t: Timesheet | null) => (t?.status === 'approved' ? weekTotalMinutes(t) : 0)

/** Counts the change in the head (`writes` always, so a rebuild running meanwhile starts over). */
const headMove = (
  orgId: string,
  from: TimesheetStatus | null,
  to: TimesheetStatus | null,
  activeStaff = 0,
): TransactInput => {
  const adds: Record<string, number> = { writes: 1, ...(activeStaff ? { activeStaff } : {}) }
  if (from !== to) {
    if (from) adds[from] = -1
    if (to) adds[to] = (adds[to] ?? 0) + 1
  }
  return addsTo(keys.timesheetStats(orgId), adds)
}

const addsTo = (key: { pk: string; sk: string }, adds: Record<string, number>): TransactInput => {
  const names = Object.keys(adds)
  return {
    Update: {
      Key: key,
      UpdateExpression: `ADD ${names.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:a${i}`, adds[n]])),
    },
  }
}

/** Whether a write from `before` to `after` moves the pending counts (and so needs the member's route). */
export const movesPending = (before: Timesheet | null, after: Timesheet) => pendingStage(before) !== pendingStage(after)

/**
 * The aggregate updates of a timesheet going from `before` (null: new) to `after`: none when its
 * status and approved minutes stay (a save of a draft), otherwise the head and its week, as ADDs.
 * When its pending stage changes, its member's counts and their `route`'s (routing-counts.ts).
 */
export const aggregateMoves = (
  orgId: string,
  before: Timesheet | null,
  after: Timesheet,
  route?: string,
): TransactInput[] => {
  const from = before?.status ?? null
  const minutes = approvedMinutes(after) - approvedMinutes(before)
  const [stageBefore, stageAfter] = [pendingStage(before), pendingStage(after)]
  const pending: Record<string, number> = {}
  const routed: Record<string, number> = {}
  if (stageBefore !== stageAfter) {
    if (route === undefined) throw new Error('A change of a pending stage needs its member route')
    if (stageBefore) pending[stageBefore] = -1
    if (stageAfter) pending[stageAfter] = 1
    if (stageBefore) routed[stageAttribute(stageBefore, route)] = -1
    if (stageAfter) routed[stageAttribute(stageAfter, route)] = 1
  }
  const pendingMove = Object.keys(pending).length
    ? [addsTo(keys.memberPending(orgId, after.employeeId), pending), addsTo(keys.routing(orgId), routed)]
    : []
  if (from === after.status && minutes === 0)
    return pendingMove.length ? [...pendingMove, headMove(orgId, null, null)] : []
  const week: Record<string, number> = {}
  if (from && isSubmitted(from)) week[from] = -1
  if (isSubmitted(after.status)) week[after.status] = (week[after.status] ?? 0) + 1
  if (minutes) week.approvedMinutes = minutes
  const changed = Object.entries(week).filter(([, n]) => n !== 0)
  return [
    headMove(orgId, from, after.status),
    ...(changed.length ? [addsTo(keys.weekStats(orgId, after.weekStartDate), Object.fromEntries(changed))] : []),
    ...pendingMove,
  ]
}

/**
 * The directory entries of several members written in one transaction (one update per shard, as a
 * transaction writes each item once), the routing item's part (routing-counts.ts: the counts of
 * those re-routed move, from `pending` as read by `storedPendingOf`; the check that they are still
 * those is `routingMoves(...).checks`, which the caller adds last), and the head's `writes` and
 * `activeStaff`. Each write names the member as stored before (`before`), none for a new member.
 */
export const directoryMoves = (
  orgId: string,
  changed: MemberWrite[],
  pending?: Record<string, PendingCounts>,
): TransactInput[] => {
  const byShard = new Map<number, MemberWrite[]>()
  for (const c of changed) byShard.set(shardOf(c.user.id), [...(byShard.get(shardOf(c.user.id)) ?? []), c])
  return [
    ...[...byShard].map(([shard, entries]) => ({
      Update: {
        Key: keys.memberDirectory(orgId, shard),
        UpdateExpression: `SET ${entries.map((_, i) => `#id${i} = :entry${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map((e, i) => [`#id${i}`, e.user.id])),
        ExpressionAttributeValues: Object.fromEntries(
          entries.map((e, i) => [`:entry${i}`, directoryEntryOf(e.user, e.removed === true)]),
        ),
      },
    })),
    ...routingMoves(orgId, changed, pending).moves,
    headMove(orgId, null, null, activeStaffMove(changed)),
  ]
}

/** The directory entry of a member written (added, edited, removed), and the aggregates it moves (`directoryMoves`). */
export const directoryMove = (
  orgId: string,
  write: MemberWrite,
  pending?: Record<string, PendingCounts>,
): TransactInput[] => directoryMoves(orgId, [write], pending)

/** The aggregates as they must be: computed from the timesheets and the members (with `removedAt`). */
export const aggregatesFrom = (timesheets: Timesheet[], members: (User & { removedAt?: unknown })[]): Aggregates => {
  const counts: Record<TimesheetStatus, number> = { draft: 0, pending: 0, approved: 0, rejected: 0 }
  const weeks: Record<string, WeekStats> = {}
  const pendingByMember: Record<string, PendingCounts> = {}
  for (const t of timesheets) {
    counts[t.status]++
    const stage = pendingStage(t)
    if (stage) (pendingByMember[t.employeeId] ??= { awaitingFirst: 0, awaitingFinal: 0 })[stage]++
    if (!isSubmitted(t.status)) continue
    const week = (weeks[t.weekStartDate] ??= emptyWeek())
    week[t.status]++
    week.approvedMinutes += approvedMinutes(t)
  }
  const directory = Object.fromEntries(members.map((m) => [m.id, directoryEntryOf(m, Boolean(m.removedAt))]))
  const activeStaff = members.filter((m) => !m.removedAt && m.role !== 'supervisor').length
  return { counts, weeks, directory, pendingByMember, routing: routingFrom(timesheets, members), activeStaff }
}

/** The items that hold `aggregates` (seeding writes them; a rebuild puts them). */
export const aggregateItems = (
  orgId: string,
  a: Aggregates,
  weeksToClear: string[] = [],
  pendingToClear: string[] = [],
): Item[] => {
  const shards: Item[] = Array.from({ length: DIRECTORY_SHARDS }, (_, n) => ({ ...keys.memberDirectory(orgId, n) }))
  for (const [id, entry] of Object.entries(a.directory)) Object.assign(shards[shardOf(id)]!, { [id]: entry })
  const none: PendingCounts = { awaitingFirst: 0, awaitingFinal: 0 }
  return [
    ...shards,
    ...Object.entries(a.pendingByMember).map(([id, c]) => ({ ...keys.memberPending(orgId, id), ...c })),
    ...pendingToClear
      .filter((id) => !a.pendingByMember[id])
      .map((id) => ({ ...keys.memberPending(orgId, id), ...none })),
    routingItem(orgId, a.routing),
    ...Object.entries(a.weeks).map(([week, s]) => ({ ...keys.weekStats(orgId, week), ...s })),
    ...weeksToClear.filter((w) => !a.weeks[w]).map((week) => ({ ...keys.weekStats(orgId, week), ...emptyWeek() })),
  ]
}

/** The head as seeding writes it: counts, complete. */
export const aggregateHead = (orgId: string, a: Aggregates): Item => ({
  ...keys.timesheetStats(orgId),
  ...a.counts,
  activeStaff: a.activeStaff,
  aggregates: AGGREGATES_VERSION,
})

const KEY_FIELDS = new Set(['pk', 'sk'])
const weekOfKey = (sk: unknown) => String(sk).slice(keys.weekStatsPrefix.length)
const countsOf = (item: Record<string, unknown> | undefined): Record<TimesheetStatus, number> => {
  const n = (k: string) => Number(item?.[k] ?? 0)
  return { draft: n('draft'), pending: n('pending'), approved: n('approved'), rejected: n('rejected') }
}
const weekStatsOf = (item: Record<string, unknown> | undefined): WeekStats => ({
  pending: Number(item?.pending ?? 0),
  approved: Number(item?.approved ?? 0),
  rejected: Number(item?.rejected ?? 0),
  approvedMinutes: Number(item?.approvedMinutes ?? 0),
})
const memberOfPendingKey = (sk: unknown) => String(sk).slice(keys.memberPendingPrefix.length)
/** The pending counts kept in the `PENDING#<member>` items, members with none left out. */
const pendingCountsOf = (items: Record<string, unknown>[]): Record<string, PendingCounts> => {
  const byMember: Record<string, PendingCounts> = {}
  for (const i of items) {
    const c = { awaitingFirst: Number(i.awaitingFirst ?? 0), awaitingFinal: Number(i.awaitingFinal ?? 0) }
    if (c.awaitingFirst || c.awaitingFinal) byMember[memberOfPendingKey(i.sk)] = c
  }
  return byMember
}
const isComplete = (head: Record<string, unknown> | undefined) => Number(head?.aggregates ?? 0) >= AGGREGATES_VERSION

/** Every item of one kind in an organization's partition, read consistently. */
const partition = (orgId: string, prefix: string) =>
  table.queryPrefix(keys.orgPk(orgId), prefix, { ConsistentRead: true })

/** The aggregates as they must be, from the organization's timesheets and members (every one of them read). */
const computeAggregates = async (orgId: string) => {
  const [sheets, members] = await Promise.all([
    partition(orgId, keys.timesheetsPrefix),
    partition(orgId, keys.usersPrefix),
  ])
  return aggregatesFrom(
    sheets.map((i) => Timesheet.parse(i)),
    members.map((i) => ({ ...User.parse(i), removedAt: i.removedAt })),
  )
}

/**
 * Rebuilds every aggregate of an organization from its timesheets and members, for organizations
 * made before the aggregates existed (`npm run job -- rebuild-aggregates`), or to repair. Safe
 * beside live writes: the head is marked complete only if no change moved `writes` while it ran;
 * otherwise it starts over.
 */
export const rebuildAggregates = async (orgId: string): Promise<Aggregates> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const head = await table.get(keys.timesheetStats(orgId))
    const writes = Number(head?.writes ?? 0)
    const [built, weeks, pending] = await Promise.all([
      computeAggregates(orgId),
      partition(orgId, keys.weekStatsPrefix),
      partition(orgId, keys.memberPendingPrefix),
    ])
    await table.putMany(
      aggregateItems(
        orgId,
        built,
        weeks.map((w) => weekOfKey(w.sk)),
        pending.map((p) => memberOfPendingKey(p.sk)),
      ),
    )
    await table.delete(keys.legacyPending(orgId))
    try {
      await table.update(keys.timesheetStats(orgId), {
        UpdateExpression: 'SET #d = :d, #p = :p, #a = :a, #r = :r, #s = :s, #v = :v',
        ConditionExpression: writes ? '#w = :w' : 'attribute_not_exists(#w)',
        ExpressionAttributeNames: {
          '#d': 'draft',
          '#p': 'pending',
          '#a': 'approved',
          '#r': 'rejected',
          '#s': 'activeStaff',
          '#v': 'aggregates',
          '#w': 'writes',
        },
        ExpressionAttributeValues: {
          ':d': built.counts.draft,
          ':p': built.counts.pending,
          ':a': built.counts.approved,
          ':r': built.counts.rejected,
          ':s': built.activeStaff,
          ':v': AGGREGATES_VERSION,
          ...(writes ? { ':w': writes } : {}),
        },
      })
      return built
    } catch (e) {
      if (!isConditionFailure(e)) throw e
    }
  }
  throw unavailable('The organization is changing too fast to rebuild its figures; try again in a moment')
}

export interface Summary {
  counts: Record<TimesheetStatus, number>
  /** Every member who ever belonged, by id. */
  directory: Map<string, DirectoryEntry>
  /** Current members who are not supervisors (the dashboard's Active Employees). */
  activeStaff: number
  /** One week's submitted counts and approved minutes. */
  week: (week: string) => Promise<WeekStats>
}
/** What the whole church's stat row reads (`statRow`). */
export interface StatRow {
  counts: Record<TimesheetStatus, number>
  activeStaff: number
  week: WeekStats
  /** What core's `waitingCount` routes: the supervisors with one stand-in per approver, and the pending counts. */
  waiting: { roster: Roster; pending: [string, PendingCounts][] }
}

/** Each entry's approver read as null unless a current supervisor in the directory (users.ts, `withApproverIn`). */
const withDirectoryApprovers = (directory: Summary['directory']): Summary['directory'] => {
  const isSupervisor = (id: string) => {
    const e = directory.get(id)
    return Boolean(e && !e.removed && e.role === 'supervisor')
  }
  return new Map([...directory].map(([id, entry]) => [id, withApproverIn(entry, isSupervisor)]))
}

const summaryOf = (counts: Summary['counts'], directory: Summary['directory'], week: Summary['week']): Summary => ({
  counts,
  directory: withDirectoryApprovers(directory),
  activeStaff: [...directory.values()].filter((m) => !m.removed && m.role !== 'supervisor').length,
  week,
})

/** The most members `entries` names in its projection (each name a placeholder; an expression holds at most 4 KB). */
const NAMED_ENTRIES = 200

/** Reading the aggregates of one organization. */
export const aggregatesOf = (orgId: string) => {
  /** The head and the directory, in one query (their sort keys are adjacent). */
  const headAndDirectory = async () => {
    const items = await table.queryAll({
      KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: {
        ':p': keys.orgPk(orgId),
        ':a': keys.memberDirectory(orgId, 0).sk,
        ':b': keys.timesheetStats(orgId).sk,
      },
      ConsistentRead: true,
    })
    const head = items.find((i) => i.sk === keys.timesheetStats(orgId).sk)
    const routing = routingOfItem(items.find((i) => i.sk === keys.routing(orgId).sk))
    const directory = new Map<string, DirectoryEntry>()
    for (const shard of items.filter((i) => String(i.sk).startsWith(keys.memberDirectory(orgId, 0).sk.slice(0, -1))))
      for (const [id, entry] of Object.entries(shard))
        if (!KEY_FIELDS.has(id)) directory.set(id, DirectoryEntry.parse(entry))
    return { head, directory, routing }
  }

  /**
   * The head's completeness and the routing item, with `also` in the same BatchGetItem; an
   * organization whose aggregates are not complete yet gets them computed (as `summary` does).
   */
  const headAndRouting = async (also: { pk: string; sk: string }[] = []) => {
    const [head, routing, ...rest] = await table.getMany([keys.timesheetStats(orgId), keys.routing(orgId), ...also])
    if (isComplete(head)) return { head, routing: routingOfItem(routing), rest, built: undefined }
    const built = await computeAggregates(orgId)
    return { head, routing: built.routing, rest, built }
  }

  return {
    /**
     * The counts, the directory and the weeks; `withWeek`'s figures are read beside the directory
     * (one round trip fewer for a caller that knows the week it will ask for). An organization whose aggregates are not complete
     * yet (made before them, until the rebuild job ran) gets them computed from every timesheet
     * and member: the same answer, slower, and nothing written (the reading routes may not write).
     */
    async summary(withWeek?: string): Promise<Summary> {
      const weekRead = withWeek === undefined ? undefined : table.get(keys.weekStats(orgId, withWeek))
      // Read or not, a failure of the early read is the caller's only through `week()`.
      weekRead?.catch(() => undefined)
      const read = await headAndDirectory()
      if (isComplete(read.head))
        return summaryOf(countsOf(read.head), read.directory, async (week) =>
          weekStatsOf(await (week === withWeek && weekRead ? weekRead : table.get(keys.weekStats(orgId, week)))),
        )
      const built = await computeAggregates(orgId)
      return summaryOf(built.counts, new Map(Object.entries(built.directory)), (week) =>
        Promise.resolve(built.weeks[week] ?? emptyWeek()),
      )
    },

    /**
     * What the directory holds of some members (a list page's employees, a report's employees and
     * approvers), by id, read with the head's completeness in one BatchGetItem: only their entries,
     * out of the shards that hold them (the whole shards past `NAMED_ENTRIES` ids, too many for one
     * projection). Entries as stored (`supervisorId` unchecked: `summary` checks approvers). An
     * organization whose aggregates are not complete yet gets them from `summary()`.
     */
    async entries(ids: readonly string[]): Promise<Map<string, DirectoryEntry>> {
      const wanted = [...new Set(ids)]
      if (!wanted.length) return new Map()
      const shards = [...new Set(wanted.map(shardOf))]
      const [head, ...read] = await table.getMany(
        [keys.timesheetStats(orgId), ...shards.map((n) => keys.memberDirectory(orgId, n))],
        wanted.length > NAMED_ENTRIES ? undefined : ['aggregates', ...wanted],
      )
      const found = new Map<string, DirectoryEntry>()
      if (!isComplete(head)) {
        const { directory } = await this.summary()
        for (const id of wanted) if (directory.has(id)) found.set(id, directory.get(id)!)
        return found
      }
      for (const shard of read)
        for (const id of wanted) if (shard?.[id] !== undefined) found.set(id, DirectoryEntry.parse(shard[id]))
      return found
    },

    /**
     * The whole church's stat row: the counts, the active staff, one week's figures and the routing
     * item, in one BatchGetItem of three small items whatever the number of members or pending
     * weeks (an organization whose aggregates are not complete yet gets them computed, as `summary`).
     */
    async statRow(week: string): Promise<StatRow> {
      const { head, routing, rest, built } = await headAndRouting([keys.weekStats(orgId, week)])
      if (built)
        return {
          counts: built.counts,
          activeStaff: built.activeStaff,
          week: built.weeks[week] ?? emptyWeek(),
          waiting: waitingRoutes(routing),
        }
      return {
        counts: countsOf(head),
        activeStaff: Number(head?.activeStaff ?? 0),
        week: weekStatsOf(rest[0]),
        waiting: waitingRoutes(routing),
      }
    },

    /**
     * Each member's pending timesheets, before and after a first approval (members with none left
     * out): a campus's stats route them with the directory. Every `PENDING#` item, in one query
     * beside the head's completeness (computed, as `summary`, while the aggregates are not complete).
     */
    async pendingByMember(): Promise<Map<string, PendingCounts>> {
      const [head, items] = await Promise.all([
        table.get(keys.timesheetStats(orgId), true, ['aggregates']),
        partition(orgId, keys.memberPendingPrefix),
      ])
      const pending = isComplete(head) ? pendingCountsOf(items) : (await computeAggregates(orgId)).pendingByMember
      return new Map(Object.entries(pending))
    },

    /**
     * Every member whose role is supervisor (removed ones marked) as routing reads them, from the
     * routing item: one BatchGetItem with the head's completeness, whatever the number of members.
     */
    async supervisorRoster(): Promise<Roster> {
      return supervisorRoster((await headAndRouting()).routing)
    },

    /** Every stored aggregate, for comparing with `aggregatesFrom` (tests, operations). */
    async stored(): Promise<Aggregates> {
      const [{ head, directory, routing }, weeks, pending] = await Promise.all([
        headAndDirectory(),
        table.queryPrefix(keys.orgPk(orgId), keys.weekStatsPrefix),
        partition(orgId, keys.memberPendingPrefix),
      ])
      return {
        counts: countsOf(head),
        weeks: Object.fromEntries(
          weeks
            .map((w) => [weekOfKey(w.sk), weekStatsOf(w)] as const)
            .filter(([, s]) => s.pending || s.approved || s.rejected || s.approvedMinutes),
        ),
        directory: Object.fromEntries(directory),
        pendingByMember: pendingCountsOf(pending),
        routing,
        activeStaff: Number(head?.activeStaff ?? 0),
      }
    },

    rebuild: () => rebuildAggregates(orgId),
  }
}

/**
 * Rebuilds the aggregates of the organizations named, or else of every organization on the
 * reminders list (`npm run job -- rebuild-aggregates [orgId...]`, once after deploying the
 * aggregates over older data). No Scan: an organization made before the reminders list is named
 * by id (until then its figures are computed on each read, right but slower).
 */
export const rebuildOrganizations = async (orgIds: string[], log: (line: string) => void = () => undefined) => {
  const ids = [...orgIds]
  if (!ids.length) for await (const orgId of reminderOrganizations()) ids.push(orgId)
  for (const orgId of ids) {
    const built = await rebuildAggregates(orgId)
    const timesheets = Object.values(built.counts).reduce((a, b) => a + b, 0)
    log(`${orgId}: ${timesheets} timesheets, ${Object.keys(built.directory).length} members`)
  }
  return { organizations: ids.length }
}
