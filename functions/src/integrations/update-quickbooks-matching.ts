import { QUICKBOOKS_RECORD_KINDS, QuickbooksMatching, QuickbooksMatchingUpdate } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { chosenPairs, keepChosenPairs } from '../workflows/integrations.ts'
import { quickbooksMatching } from '../workflows/quickbooks.ts'

/**
 * Keeps the supervisor's pairs (a member with a QuickBooks employee, a code with a class, a kind of
 * pay with a pay type; null removes one). Every id must be one of ours and one QuickBooks has now:
 * otherwise 400 and nothing is kept. Answers the matching as it stands after.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/integrations/quickbooks/matching',
  auth: 'supervisor',
  wholeChurch: true,
  body: QuickbooksMatchingUpdate,
  response: QuickbooksMatching,
  uses: ['table', 'integrations', 'secretsKey'],
  handler: async ({ body, db, session }) => {
    const now = await quickbooksMatching(db)
    const members = chosenPairs(
      body.members,
      now.members.map((m) => m.memberId),
      now.employees,
      'members',
    )
    const codes = chosenPairs(
      body.codes,
      now.codes.map((c) => c.code),
      now.classes,
      'codes',
    )
    const payItems = chosenPairs(body.payItems, QUICKBOOKS_RECORD_KINDS, now.payItems, 'payItems')
    await keepChosenPairs(db, 'quickbooks', session.user, { member: members, code: codes, payItem: payItems })
    return quickbooksMatching(db)
  },
})
