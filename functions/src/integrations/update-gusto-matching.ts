import { GustoMatchingUpdate, GustoMatchingView, type LeaveKind } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { gustoMatchingView } from '../workflows/gusto-connection.ts'
import { chosenPairs, keepChosenPairs } from '../workflows/integrations.ts'

/**
 * Keeps the supervisor's pairs (a member with a Gusto employee, a kind of leave with a time-off
 * policy; null removes one, and the rule decides again). Every id must be one of ours and one
 * Gusto has now: otherwise 400 and nothing is kept. Answers the matching as it stands after.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/integrations/gusto/matching',
  auth: 'supervisor',
  wholeChurch: true,
  body: GustoMatchingUpdate,
  response: GustoMatchingView,
  uses: ['table', 'integrations', 'secretsKey'],
  handler: async ({ body, db, session }) => {
    const now = await gustoMatchingView(db)
    const members = chosenPairs(
      body.members,
      now.members.map((m) => m.memberId),
      now.employees,
      'members',
    )
    const kinds = body.kinds as Partial<Record<LeaveKind, string | null>>
    const policies = chosenPairs(
      kinds,
      now.kinds.map((k) => k.kind),
      now.policies,
      'kinds',
    )
    await keepChosenPairs(db, 'gusto', session.user, { member: members, policy: policies })
    return gustoMatchingView(db)
  },
})
