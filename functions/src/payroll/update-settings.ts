import { badRequest, DOUBLE_TIME_BELOW_OVERTIME, PayrollSettings, PayrollSettingsUpdate } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { payrollSettingsOf } from '../workflows/payroll.ts'

/** Changes any subset; weekStartDay is the organization's own setting, written in the same update. */
export default defineRoute({
  method: 'PUT',
  path: '/api/payroll/settings',
  auth: 'supervisor',
  body: PayrollSettingsUpdate,
  response: PayrollSettings,
  uses: ['table'],
  handler: async ({ body, db, session }) => {
    const org = await db.organization.get()
    // A change of one daily threshold is checked against the other as stored.
    const overtime = body.dailyOvertimeHours !== undefined ? body.dailyOvertimeHours : org.dailyOvertimeHours
    const double = body.dailyDoubleTimeHours !== undefined ? body.dailyDoubleTimeHours : org.dailyDoubleTimeHours
    if (overtime !== null && double !== null && double <= overtime)
      throw badRequest(DOUBLE_TIME_BELOW_OVERTIME, { dailyDoubleTimeHours: DOUBLE_TIME_BELOW_OVERTIME })
    return payrollSettingsOf(await db.organization.updateSettings(body, session.user))
  },
})
