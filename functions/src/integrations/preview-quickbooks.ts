import { PeriodParams, QuickbooksPreview } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { quickbooksPeriodPreview } from '../workflows/quickbooks-plan.ts'

/** The Payroll page's preview: per member regular, overtime and each leave kind, per code; and the last send. */
export default defineRoute({
  method: 'GET',
  path: '/api/payroll/periods/{start}/quickbooks',
  auth: 'supervisor',
  wholeChurch: true,
  params: PeriodParams,
  response: QuickbooksPreview,
  errors: [404],
  uses: ['table:read'],
  handler: ({ params, db }) => {
    return quickbooksPeriodPreview(db, params.start)
  },
})
