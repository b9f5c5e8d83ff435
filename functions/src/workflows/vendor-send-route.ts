import type * as z from 'zod'
import { PeriodParams } from '@app/core'
import type { SendVendor } from '@app/data'
import { defineRoute, type Route } from '../http/define-route.ts'
import { requestSend } from './integration-sends.ts'

/**
 * POST of a closed period's send: queues it for the send job (retried with backoff, a 429 at its
 * Retry-After; a second send changes only what changed) and answers its status. 400 when the
 * period is not closed, 409 when the vendor is not connected or a send is already under way.
 */
export const sendRoute = <S>(vendor: SendVendor, response: z.ZodType<S>): Route =>
  defineRoute({
    method: 'POST',
    path: `/api/payroll/periods/{start}/${vendor}/send`,
    auth: 'supervisor',
    wholeChurch: true,
    params: PeriodParams,
    response,
    errors: [409],
    uses: ['table'],
    handler: ({ params, db, session }) => requestSend(db, vendor, params.start, session.user),
  })
