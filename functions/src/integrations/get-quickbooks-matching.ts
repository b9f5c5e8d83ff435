import { QuickbooksMatching } from '@app/core'
import { matchingRead } from '../workflows/matching-routes.ts'
import { quickbooksMatching } from '../workflows/quickbooks.ts'

/** QuickBooks' employees, classes and pay types beside our paid members, codes and kinds of pay. */
export default matchingRead('quickbooks', QuickbooksMatching, quickbooksMatching)
