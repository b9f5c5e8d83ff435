import { badRequest, QuickbooksMatching, QuickbooksMatchingUpdate } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { quickbooksMatching } from '../workflows/quickbooks.ts'

/**
 * Keeps the supervisor's pairs (a member with a QuickBooks employee, a code with a class; null
 * removes one). Every id must be one of ours and one QuickBooks has now: otherwise 400 and nothing
 * is kept. Answers the matching as it stands after.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/integrations/quickbooks/matching',
  auth: 'supervisor',
  body: QuickbooksMatchingUpdate,
  response: QuickbooksMatching,
  uses: ['table', 'integrations', 'secretsKey'],
  handler: async ({ body, db, session }) => {
    const now = await quickbooksMatching(db)
    const employees = new Map(now.employees.map((e) => [e.id, e.name]))
    const classes = new Map(now.classes.map((c) => [c.id, c.name]))
    const members = new Set(now.members.map((m) => m.memberId))
    const codes = new Set(now.codes.map((c) => c.code))
    const pairs = (
      given: Record<string, string | null>,
      ours: Set<string>,
      theirs: Map<string, string>,
      field: string,
    ) =>
      Object.entries(given).map(([ourId, vendorId]) => {
        if (!ours.has(ourId) || (vendorId !== null && !theirs.has(vendorId)))
          throw badRequest(`Unknown ${field}: ${ourId}`, { [field]: `Unknown ${field}: ${ourId}` })
        return { ourId, vendorId, vendorName: vendorId === null ? '' : theirs.get(vendorId)! }
      })
    const memberPairs = pairs(body.members, members, employees, 'members')
    const codePairs = pairs(body.codes, codes, classes, 'codes')
    if (memberPairs.length) await db.integrations.saveMatches('quickbooks', 'member', memberPairs, session.user)
    if (codePairs.length) await db.integrations.saveMatches('quickbooks', 'code', codePairs, session.user)
    return quickbooksMatching(db)
  },
})
