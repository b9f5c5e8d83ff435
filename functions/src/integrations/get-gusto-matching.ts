import { GustoMatchingView } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { gustoMatchingView } from '../workflows/gusto-connection.ts'

/** Gusto's employees and time-off policies beside our paid members and kinds of leave: the pairs kept, and the rule's for the rest. */
export default defineRoute({
  method: 'GET',
  path: '/api/integrations/gusto/matching',
  auth: 'supervisor',
  wholeChurch: true,
  response: GustoMatchingView,
  uses: ['table', 'integrations', 'secretsKey'],
  handler: ({ db }) => {
    return gustoMatchingView(db)
  },
})
