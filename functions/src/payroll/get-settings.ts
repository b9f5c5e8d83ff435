import { PayrollSettings } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { payrollSettingsOf } from '../workflows/payroll.ts'

/** Settings → Payroll: thresholds, pay periods, ADP codes and the volunteer rate, with the workweek start. */
export default defineRoute({
  method: 'GET',
  path: '/api/payroll/settings',
  auth: 'supervisor',
  response: PayrollSettings,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ db }) => payrollSettingsOf(await db.organization.get()),
})
