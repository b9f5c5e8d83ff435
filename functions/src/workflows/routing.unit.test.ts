import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  addDays,
  approvalStep,
  finalReviewersOf,
  onBehalfOf,
  reviewersOf,
  todayIn,
  type Organization,
  type Roster,
  type RoutingMember,
} from '@app/core'
import type { OrgDb } from '@app/data'
import { anyRoster } from '../../../packages/core/test/rosters.ts'
import { memberRoutingOf, reviewersFor } from './routing.ts'

/**
 * cost: a submission and a decision read only the member's part of the roster (the
 * member, their approver, the final approvers, the delegates of those away). Law: whatever the
 * roster, that part routes exactly as the whole directory does.
 */
const today = todayIn('UTC')
const ids = ['s1', 's2', 's3', 's4', 'e1', 'e2', 'e3']
const arbitraryRoster = anyRoster(
  ids,
  4,
  { from: [addDays(today, -3), today, addDays(today, 1)], to: [addDays(today, -1), today, addDays(today, 4)] },
  ['gone'],
)

/** The data layer as routing reads it, over one whole roster. */
const dbOver = (roster: Roster, reads: string[][]) =>
  ({
    users: {
      routingEntries: async (wanted: string[]) => {
        reads.push(wanted)
        return wanted.flatMap((id) => (roster.has(id) ? [roster.get(id)!] : []))
      },
    },
    aggregates: { summary: async () => ({ directory: roster }) },
  }) as unknown as OrgDb

const orgWith = (twoStep: boolean, finalApproverIds: string[]) =>
  ({ timeZone: 'UTC', approvals: { twoStep, finalApproverIds } }) as unknown as Organization

describe("routing by the member's part of the roster", () => {
  it('law: reviewers, delegation, the two steps and final reviewers are those of the whole roster', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitraryRoster,
        fc.constantFrom(...ids),
        fc.constantFrom(...ids),
        fc.boolean(),
        fc.subarray(ids),
        fc.boolean(),
        async (roster, memberId, deciderId, twoStep, finals, approved) => {
          const org = orgWith(twoStep, finals)
          const member = roster.get(memberId) as RoutingMember
          const reads: string[][] = []
          const db = dbOver(roster, reads)
          expect(await reviewersFor(db, org, member)).toEqual(reviewersOf(memberId, roster, today))

          const part = await memberRoutingOf(db, org, member, memberId)
          expect(part.today).toBe(today)
          // A few reads, never the whole roster: the approver and the finals, then their delegates.
          expect(reads.slice(-2).flat().length).toBeLessThanOrEqual(2 * (1 + finals.length))
          const behalf = onBehalfOf(memberId, deciderId, roster, today)
          expect(onBehalfOf(memberId, deciderId, part.roster, today)).toBe(behalf)
          const settings = org.approvals
          const approvals = approved ? [{ approverId: 's1', onBehalfOfId: null, at: today }] : []
          const step = { memberId, deciderId, onBehalfOfId: behalf, settings, approvals }
          expect(approvalStep({ ...step, roster: part.roster })).toBe(approvalStep({ ...step, roster }))
          expect(finalReviewersOf(memberId, settings, part.roster, today)).toEqual(
            finalReviewersOf(memberId, settings, roster, today),
          )
        },
      ),
      { numRuns: 300 },
    )
  })
})
