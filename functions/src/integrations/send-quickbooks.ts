import { PeriodParams, QuickbooksSendStatus } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { requestSend } from '../workflows/integration-sends.ts'

/**
 * Queues a closed pay period's send to QuickBooks Online for the send job (one TimeActivity per
 * member, day, code and kind of pay; retried with backoff, a 429 at its Retry-After; a second send
 * updates only what changed) and answers its status, the shape Gusto's send answers. 400 when the
 * period is not closed, 409 when QuickBooks is not connected or a send is already under way.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/payroll/periods/{start}/quickbooks/send',
  auth: 'supervisor',
  wholeChurch: true,
  params: PeriodParams,
  response: QuickbooksSendStatus,
  uses: ['table'],
  handler: ({ params, db, session }) => {
    return requestSend(db, 'quickbooks', params.start, session.user)
  },
})
