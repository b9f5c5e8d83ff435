import { GustoPreview, PeriodParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { gustoConnectionOf } from '../workflows/gusto-connection.ts'
import { gustoPeriodPreview } from '../workflows/gusto-plan.ts'

/**
 * The Payroll page's preview of a closed period for Gusto: per member regular, overtime, double
 * time and each kind of leave (volunteers never; exempt members leave only), the members and kinds
 * not matched, and the last send. A period is the whole church's: its supervisors send it.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/payroll/periods/{start}/gusto',
  auth: 'supervisor',
  wholeChurch: true,
  params: PeriodParams,
  response: GustoPreview,
  errors: [404, 409, 503],
  uses: ['table', 'integrations', 'secretsKey'],
  handler: ({ params, db }) => {
    return gustoPeriodPreview(db, params.start, async () => (await gustoConnectionOf(db)).matching)
  },
})
