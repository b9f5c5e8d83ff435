import { GustoSendStatus, PeriodParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { requestSend } from '../workflows/integration-sends.ts'

/**
 * Queues a closed period's send to Gusto for the send job (retried with backoff, a 429 at its
 * Retry-After) and answers its status; 400 when the period is not closed, 409 when Gusto is not
 * connected or a send is already under way.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/payroll/periods/{start}/gusto/send',
  auth: 'supervisor',
  wholeChurch: true,
  params: PeriodParams,
  response: GustoSendStatus,
  uses: ['table'],
  handler: ({ params, db, session }) => {
    return requestSend(db, 'gusto', params.start, session.user)
  },
})
