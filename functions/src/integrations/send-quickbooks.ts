import { PeriodParams, QuickbooksSendResult } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { sendQuickbooksPeriod } from '../workflows/quickbooks.ts'

/**
 * Sends a closed pay period to QuickBooks Online: one TimeActivity per member, day, code and kind
 * of pay; a second send updates only what changed. 400 when the period is not closed.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/payroll/periods/{start}/quickbooks/send',
  auth: 'supervisor',
  params: PeriodParams,
  response: QuickbooksSendResult,
  uses: ['table', 'integrations', 'secretsKey'],
  handler: ({ params, db, session }) => sendQuickbooksPeriod(db, params.start, session.user),
})
