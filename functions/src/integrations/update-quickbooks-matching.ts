import { QuickbooksMatching, QuickbooksMatchingUpdate } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { chosenPairs } from '../workflows/integrations.ts'
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
    const memberPairs = chosenPairs(
      body.members,
      new Set(now.members.map((m) => m.memberId)),
      new Map(now.employees.map((e) => [e.id, e.name])),
      'members',
    )
    const codePairs = chosenPairs(
      body.codes,
      new Set(now.codes.map((c) => c.code)),
      new Map(now.classes.map((c) => [c.id, c.name])),
      'codes',
    )
    if (memberPairs.length) await db.integrations.saveMatches('quickbooks', 'member', memberPairs, session.user)
    if (codePairs.length) await db.integrations.saveMatches('quickbooks', 'code', codePairs, session.user)
    return quickbooksMatching(db)
  },
})
