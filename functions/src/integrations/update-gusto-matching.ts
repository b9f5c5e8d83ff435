import { badRequest, GustoMatchingUpdate, GustoMatchingView, type LeaveKind } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertWholeChurch } from '../workflows/campuses.ts'
import { gustoMatchingView } from '../workflows/gusto-connection.ts'

/**
 * Keeps the supervisor's pairs (a member with a Gusto employee, a kind of leave with a time-off
 * policy; null removes one, and the rule decides again). Every id must be one of ours and one
 * Gusto has now: otherwise 400 and nothing is kept. Answers the matching as it stands after.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/integrations/gusto/matching',
  auth: 'supervisor',
  body: GustoMatchingUpdate,
  response: GustoMatchingView,
  uses: ['table', 'integrations', 'secretsKey'],
  handler: async ({ body, db, session }) => {
    assertWholeChurch(session.user)
    const now = await gustoMatchingView(db)
    const employees = new Map(now.employees.map((e) => [e.id, e.name]))
    const policies = new Map(now.policies.map((p) => [p.id, p.name]))
    const members = new Set(now.members.map((m) => m.memberId))
    const kinds = new Set<string>(now.kinds.map((k) => k.kind))
    const pairs = (
      given: Record<string, string | null | undefined>,
      ours: Set<string>,
      theirs: Map<string, string>,
      field: string,
    ) =>
      Object.entries(given).map(([ourId, vendorId = null]) => {
        if (!ours.has(ourId) || (vendorId !== null && !theirs.has(vendorId)))
          throw badRequest(`Unknown ${field}: ${ourId}`, { [field]: `Unknown ${field}: ${ourId}` })
        return { ourId, vendorId, vendorName: vendorId === null ? '' : theirs.get(vendorId)! }
      })
    const memberPairs = pairs(body.members, members, employees, 'members')
    const kindPairs = pairs(body.kinds as Partial<Record<LeaveKind, string | null>>, kinds, policies, 'kinds')
    if (memberPairs.length) await db.integrations.saveMatches('gusto', 'member', memberPairs, session.user)
    if (kindPairs.length) await db.integrations.saveMatches('gusto', 'policy', kindPairs, session.user)
    return gustoMatchingView(db)
  },
})
