import { QUICKBOOKS_RECORD_KINDS, QuickbooksMatching, QuickbooksMatchingUpdate } from '@app/core'
import { chosenPairs } from '../workflows/integrations.ts'
import { matchingUpdate } from '../workflows/matching-routes.ts'
import { quickbooksMatching } from '../workflows/quickbooks.ts'

/** The supervisor's pairs: a member with a QuickBooks employee, a code with a class, a kind of pay with a pay type. */
export default matchingUpdate({
  vendor: 'quickbooks',
  body: QuickbooksMatchingUpdate,
  response: QuickbooksMatching,
  view: quickbooksMatching,
  pairs: (body, now) => ({
    code: chosenPairs(
      body.codes,
      now.codes.map((c) => c.code),
      now.classes,
      'codes',
    ),
    payItem: chosenPairs(body.payItems, QUICKBOOKS_RECORD_KINDS, now.payItems, 'payItems'),
  }),
})
