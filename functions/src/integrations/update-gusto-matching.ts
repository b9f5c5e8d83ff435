import { GustoMatchingUpdate, GustoMatchingView, type LeaveKind } from '@app/core'
import { gustoMatchingView } from '../workflows/gusto-connection.ts'
import { chosenPairs } from '../workflows/integrations.ts'
import { matchingUpdate } from '../workflows/matching-routes.ts'

/** The supervisor's pairs: a member with a Gusto employee, a kind of leave with a time-off policy. */
export default matchingUpdate({
  vendor: 'gusto',
  body: GustoMatchingUpdate,
  response: GustoMatchingView,
  view: gustoMatchingView,
  pairs: (body, now) => ({
    policy: chosenPairs(
      body.kinds as Partial<Record<LeaveKind, string | null>>,
      now.kinds.map((k) => k.kind),
      now.policies,
      'kinds',
    ),
  }),
})
