import { AllocationCode, badRequest, codesUpdateProblem, conflict, type AllocationCodesUpdate } from '@app/core'
import { auditRecord, type Person } from './audit.ts'
import { keys } from './keys.ts'
import { isConditionFailure, table } from './table.ts'
import { listChanges, readVersionedList, versionedPut, withIds } from './versioned-list.ts'

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
  const read = () => readVersionedList(keys.allocationCodes(orgId), 'codes', (c) => AllocationCode.parse(c))
  return {
    /** Every code, active or not, in the organization's order. */
    async list(): Promise<AllocationCode[]> {
      return (await read()).list
    },

    /**
     * Replaces the list (every stored code must still be in it), conditioned on the version read, with
     * one audit record naming each code added or changed, in one transaction.
     */
    async replace(update: AllocationCodesUpdate, by: Person): Promise<AllocationCode[]> {
      const current = await read()
      const problem = codesUpdateProblem(current.list, update)
      if (problem) throw badRequest(problem, { codes: problem })
      const next: AllocationCode[] = withIds(update.codes)
      const changes = listChanges(current.list, next, 'allocationCode', describe)
      if (!changes.length) return current.list
      try {
        await table.transact([
          versionedPut({ ...keys.allocationCodes(orgId), codes: next }, current.version),
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
