import {
  badRequest,
  Campus,
  CAMPUS_UNKNOWN_MESSAGE,
  campusesUpdateProblem,
  campusHasMembersMessage,
  conflict,
  removedCampuses,
  startingCampus,
  type CampusesUpdate,
} from '@app/core'
import { directoryMoves } from './aggregates.ts'
import { auditRecord, memberSubject, type Person } from './audit.ts'
import { keys } from './keys.ts'
import { isConditionFailure, nowIso, table, type TransactInput } from './table.ts'
import { currentMemberUpdate, storedMembersOf } from './users.ts'
import { listChanges, readVersionedList, versionedPut, withIds } from './versioned-list.ts'

const subject = { type: 'organization' } as const

/** How a campus reads in the audit trail. */
const describe = (c: Campus) => [c.name, c.address, c.active ? 'active' : 'inactive'].join(' · ')

/**
 * An organization's campuses, one item holding the list (at most 50) with `activeIds`, the ids a
 * member may be given, and a `version` every change moves: a member given a campus moves it too
 * (`memberCheck`), so a removal that counted no members cannot commit past a member added meanwhile.
 */
export const campusesOf = (orgId: string) => {
  const read = () => readVersionedList(keys.campuses(orgId), 'campuses', (c) => Campus.parse(c))
  return {
    /** Every campus, active or not, in the organization's order (none for most churches). */
    async list(): Promise<Campus[]> {
      return (await read()).list
    },

    /**
     * Replaces the list, conditioned on the version read, with one audit record naming each campus
     * added, changed or removed. A campus still holding members (or named by a supervisor's campuses)
     * is not removed: 409 naming how many, and nothing changes. Then the members without a campus
     * (a church's members when its first campuses are saved) start at `membersStartAt`, or the
     * first active campus (`startMembersAt`).
     */
    async replace(update: CampusesUpdate, by: Person): Promise<Campus[]> {
      const saved = await replaceList(update, by)
      const start = startingCampus(saved, update.membersStartAt)
      if (start) await startMembersAt(orgId, start.id, by)
      return saved
    },
  }

  async function replaceList(update: CampusesUpdate, by: Person): Promise<Campus[]> {
    const current = await read()
    const problem = campusesUpdateProblem(current.list, update)
    if (problem) throw badRequest(problem, { campuses: problem })
    const removed = removedCampuses(current.list, update)
    if (removed.length) {
      const members = await storedMembersOf(orgId)
      for (const campus of removed) {
        const count = members.filter((m) => m.campusId === campus.id || m.campusIds?.includes(campus.id)).length
        if (count) throw conflict(campusHasMembersMessage(campus.name, count))
      }
    }
    const next: Campus[] = withIds(update.campuses)
    const changes = [
      ...listChanges(current.list, next, 'campus', describe),
      ...removed.map((c) => ({ field: `campus ${c.id}`, before: describe(c), after: null })),
    ]
    if (!changes.length) return current.list
    try {
      await table.transact([
        versionedPut(
          { ...keys.campuses(orgId), campuses: next, activeIds: next.filter((c) => c.active).map((c) => c.id) },
          current.version,
        ),
        auditRecord(orgId, by, { action: 'settings.changed', subject, changes }),
      ])
    } catch (e) {
      if (isConditionFailure(e, 0)) throw conflict('Campuses or their members changed at the same moment; try again')
      throw e
    }
    return next
  }
}

/** Members given their starting campus in one transaction: 2 items each, 8 directory shards, the head and the check (≤ 100). */
const START_CHUNK = 40

/**
 * Gives every current member without a campus `campusId`, START_CHUNK members a transaction, each
 * with its `member.edited` record (campus: none → the campus) and directory entry, and the campus
 * still active when it commits (`campusMemberCheck`). A member is changed only while they still
 * have no campus and are as read; one changed meanwhile is read again. Nothing else of a member
 * changes, so their weeks keep what they stored: a week made before campuses counts at the campus
 * they start at (`weekCampus`). What a crash leaves undone, the next save of the list finishes.
 */
export const startMembersAt = async (orgId: string, campusId: string, by: Person): Promise<number> => {
  let started = 0
  for (let round = 0; round < 5; round++) {
    const waiting = (await storedMembersOf(orgId)).filter((m) => !m.campusId)
    let changedMeanwhile = false
    for (let i = 0; i < waiting.length; i += START_CHUNK) {
      const now = nowIso()
      const chunk = waiting.slice(i, i + START_CHUNK)
      try {
        await table.transact([
          campusMemberCheck(orgId, campusId),
          ...chunk.flatMap((m) => [
            currentMemberUpdate(orgId, m.id, {
              set: 'SET campusId = :c, updatedAt = :now',
              when: 'updatedAt = :u AND (attribute_not_exists(campusId) OR campusId = :none)',
              values: { ':c': campusId, ':now': now, ':u': m.updatedAt, ':none': null },
            }),
            auditRecord(orgId, by, {
              action: 'member.edited',
              subject: memberSubject(m),
              changes: [{ field: 'campusId', before: null, after: campusId }],
            }),
          ]),
          ...directoryMoves(
            orgId,
            chunk.map((m) => ({ user: { ...m, campusId, updatedAt: now }, before: { user: m, removed: false } })),
          ),
        ])
        started += chunk.length
      } catch (e) {
        // The campus made inactive or removed meanwhile: the members wait for the next save.
        if (isConditionFailure(e, 0)) return started
        if (!isConditionFailure(e)) throw e
        changedMeanwhile = true
      }
    }
    if (!changedMeanwhile) return started
  }
  return started
}

/**
 * The transaction item that gives a member `campusId`: the campus must still be active when it
 * commits, and the list's version moves (a removal counting members meanwhile then fails).
 */
export const campusMemberCheck = (orgId: string, campusId: string): TransactInput => ({
  Update: {
    Key: keys.campuses(orgId),
    UpdateExpression: 'ADD version :one',
    ConditionExpression: 'contains(activeIds, :c)',
    ExpressionAttributeValues: { ':one': 1, ':c': campusId },
  },
})

/** The 400 of a member whose campus stopped being active while they were given it. */
export const campusGone = () => badRequest(CAMPUS_UNKNOWN_MESSAGE, { campusId: CAMPUS_UNKNOWN_MESSAGE })
