import { QuickbooksMatching } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { quickbooksMatching } from '../workflows/quickbooks.ts'

/** QuickBooks' employees and classes beside our paid members and codes: the pairs kept, and the rule's for the rest. */
export default defineRoute({
  method: 'GET',
  path: '/api/integrations/quickbooks/matching',
  auth: 'supervisor',
  wholeChurch: true,
  response: QuickbooksMatching,
  uses: ['table', 'integrations', 'secretsKey'],
  handler: ({ db }) => {
    return quickbooksMatching(db)
  },
})
