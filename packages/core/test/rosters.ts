import fc from 'fast-check'
import type { Roster } from '../src/approvals.ts'

/**
 * Any roster of `ids` for routing laws: the first `supervisors` of them are supervisors or staff,
 * the rest staff; each may have an approver among the ids (or `strangers`, ids nobody has), an
 * absence between one of `from` and one of `to` with a delegate among the ids, and be removed.
 */
export const anyRoster = (
  ids: string[],
  supervisors: number,
  away: { from: string[]; to: string[] },
  strangers: string[] = [],
) =>
  fc
    .tuple(
      ...ids.map((_, i) =>
        fc.record({
          role:
            i < supervisors
              ? fc.constantFrom('supervisor' as const, 'supervisor' as const, 'employee' as const)
              : fc.constant('employee' as const),
          supervisorId: fc.option(fc.constantFrom(...ids, ...strangers), { nil: null }),
          away: fc.option(
            fc.record({
              from: fc.constantFrom(...away.from),
              to: fc.constantFrom(...away.to),
              delegateId: fc.constantFrom(...ids),
            }),
            { nil: null },
          ),
          removed: fc.boolean(),
        }),
      ),
    )
    .map((ms): Roster => new Map(ms.map((m, i) => [ids[i]!, { ...m, id: ids[i]! }])))
