import { randomUUID } from 'node:crypto'
import {
  badRequest,
  Campus,
  CAMPUS_UNKNOWN_MESSAGE,
  campusesUpdateProblem,
  campusHasMembersMessage,
  conflict,
  removedCampuses,
  type CampusesUpdate,
} from '@app/core'
import { auditRecord, type Person } from './audit.ts'
import { keys } from './keys.ts'
import { isConditionFailure, nowIso, table, type TransactInput } from './table.ts'
import { storedMembersOf } from './users.ts'

const subject = { type: 'organization' } as const

/** How a campus reads in the audit trail. */
const describe = (c: Campus) => [c.name, c.address, c.active ? 'active' : 'inactive'].join(' · ')

/**
 * An organization's campuses, one item holding the list (at most 50) with `activeIds`, the ids a
 * member may be given, and a `version` every change moves: a member given a campus moves it too
 * (`memberCheck`), so a removal that counted no members cannot commit past a member added meanwhile.
 */
export const campusesOf = (orgId: string) => {
  const read = async () => {
    const item = await table.get(keys.campuses(orgId), true)
    return {
      campuses: ((item?.campuses as unknown[] | undefined) ?? []).map((c) => Campus.parse(c)),
      version: Number(item?.version ?? 0),
    }
  }
  return {
    /** Every campus, active or not, in the organization's order (none for most churches). */
    async list(): Promise<Campus[]> {
      return (await read()).campuses
    },

    /**
     * Replaces the list, conditioned on the version read, with one audit record naming each campus
     * added, changed or removed. A campus still holding members (or named by a supervisor's campuses)
     * is not removed: 409 naming how many, and nothing changes.
     */
    async replace(update: CampusesUpdate, by: Person): Promise<Campus[]> {
      const current = await read()
      const problem = campusesUpdateProblem(current.campuses, update)
      if (problem) throw badRequest(problem, { campuses: problem })
      const removed = removedCampuses(current.campuses, update)
      if (removed.length) {
        const members = await storedMembersOf(orgId)
        for (const campus of removed) {
          const count = members.filter((m) => m.campusId === campus.id || m.campusIds?.includes(campus.id)).length
          if (count) throw conflict(campusHasMembersMessage(campus.name, count))
        }
      }
      const next: Campus[] = update.campuses.map((c) => ({ ...c, id: c.id ?? randomUUID().slice(0, 8) }))
      const before = new Map(current.campuses.map((c) => [c.id, c]))
      const changes = [
        ...next.flatMap((c) => {
          const was = before.get(c.id)
          return was && describe(was) === describe(c)
            ? []
            : [{ field: `campus ${c.id}`, before: was ? describe(was) : null, after: describe(c) }]
        }),
        ...removed.map((c) => ({ field: `campus ${c.id}`, before: describe(c), after: null })),
      ]
      if (!changes.length) return current.campuses
      try {
        await table.transact([
          {
            Put: {
              Item: {
                ...keys.campuses(orgId),
                campuses: next,
                activeIds: next.filter((c) => c.active).map((c) => c.id),
                version: current.version + 1,
                updatedAt: nowIso(),
              },
              ConditionExpression: current.version ? 'version = :v' : 'attribute_not_exists(pk)',
              ...(current.version ? { ExpressionAttributeValues: { ':v': current.version } } : {}),
            },
          },
          auditRecord(orgId, by, { action: 'settings.changed', subject, changes }),
        ])
      } catch (e) {
        if (isConditionFailure(e, 0)) throw conflict('Campuses or their members changed at the same moment; try again')
        throw e
      }
      return next
    },
  }
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
