import { randomUUID } from 'node:crypto'
import { AllocationCode, badRequest, codesUpdateProblem, conflict, type AllocationCodesUpdate } from '@app/core'
import { auditRecord, type Person } from './audit.ts'
import { keys } from './keys.ts'
import { isConditionFailure, nowIso, table } from './table.ts'

const subject = { type: 'organization' } as const

/** How a code's settings read in the audit trail ('' for a setting not given). */
const describe = (c: AllocationCode) =>
  [
    c.name,
    c.kind,
    c.className ?? '',
    c.budgetHours ?? '',
    c.from ?? '',
    c.to ?? '',
    c.active ? 'active' : 'inactive',
    // ADP cost number, last and only when set (records written before it read the same).
    ...(c.costNumber ? [`cost ${c.costNumber}`] : []),
  ].join(' · ')

/**
 * An organization's ministries and funds, one item holding the whole list (at most 200
 * codes, a few KB). A code is never deleted, only made inactive; a new code gets its id here.
 */
export const allocationCodesOf = (orgId: string) => {
  const read = async () => {
    const item = await table.get(keys.allocationCodes(orgId))
    return {
      codes: ((item?.codes as unknown[] | undefined) ?? []).map((c) => AllocationCode.parse(c)),
      version: Number(item?.version ?? 0),
    }
  }
  return {
    /** Every code, active or not, in the organization's order. */
    async list(): Promise<AllocationCode[]> {
      return (await read()).codes
    },

    /**
     * Replaces the list (every stored code must still be in it), conditioned on the version read, with
     * one audit record naming each code added or changed, in one transaction.
     */
    async replace(update: AllocationCodesUpdate, by: Person): Promise<AllocationCode[]> {
      const current = await read()
      const problem = codesUpdateProblem(current.codes, update)
      if (problem) throw badRequest(problem, { codes: problem })
      const next: AllocationCode[] = update.codes.map((c) => ({ ...c, id: c.id ?? randomUUID().slice(0, 8) }))
      const before = new Map(current.codes.map((c) => [c.id, c]))
      const changes = next.flatMap((c) => {
        const was = before.get(c.id)
        return was && describe(was) === describe(c)
          ? []
          : [{ field: `allocationCode ${c.id}`, before: was ? describe(was) : null, after: describe(c) }]
      })
      if (!changes.length) return current.codes
      try {
        await table.transact([
          {
            Put: {
              Item: { ...keys.allocationCodes(orgId), codes: next, version: current.version + 1, updatedAt: nowIso() },
              ConditionExpression: current.version ? 'version = :v' : 'attribute_not_exists(pk)',
              ...(current.version ? { ExpressionAttributeValues: { ':v': current.version } } : {}),
            },
          },
          auditRecord(orgId, by, { action: 'settings.changed', subject, changes }),
        ])
      } catch (e) {
        if (isConditionFailure(e, 0))
          throw conflict('Ministries and funds changed at the same moment; reload to see them')
        throw e
      }
      return next
    },
  }
}
