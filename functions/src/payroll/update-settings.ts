import {
  anchorOf,
  formatLongDate,
  badRequest,
  closedPeriodSplitBy,
  DOUBLE_TIME_BELOW_OVERTIME,
  PayrollSettings,
  PayrollSettingsUpdate,
} from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { payrollSettingsOf } from '../workflows/payroll.ts'

/**
 * Changes any subset; weekStartDay is the organization's own setting, written in the same update.
 * A new pay schedule that would split a closed period is refused: reopen it first.
 */
export default defineRoute({
  method: 'PUT',
  path: '/api/payroll/settings',
  auth: 'supervisor',
  // The church's own settings, every campus's alike: its whole-church supervisors change them.
  wholeChurch: true,
  body: PayrollSettingsUpdate,
  response: PayrollSettings,
  errors: [404],
  uses: ['table'],
  handler: async ({ body, db, session }) => {
    const org = await db.organization.get()
    // A change of one daily threshold is checked against the other as stored.
    const overtime = body.dailyOvertimeHours !== undefined ? body.dailyOvertimeHours : org.dailyOvertimeHours
    const double = body.dailyDoubleTimeHours !== undefined ? body.dailyDoubleTimeHours : org.dailyDoubleTimeHours
    if (overtime !== null && double !== null && double <= overtime)
      throw badRequest(DOUBLE_TIME_BELOW_OVERTIME, { dailyDoubleTimeHours: DOUBLE_TIME_BELOW_OVERTIME })
    const frequency = body.payPeriodFrequency ?? org.payPeriodFrequency
    const anchor = body.payPeriodAnchor ?? anchorOf(org)
    if (frequency !== org.payPeriodFrequency || anchor !== anchorOf(org)) {
      const split = closedPeriodSplitBy(await db.payroll.closed(), frequency, anchor)
      if (split) {
        const message = `The new pay schedule would split the closed pay period ${formatLongDate(split.start)} to ${formatLongDate(split.end)}. Reopen it first, or choose an anchor date that keeps it whole.`
        throw badRequest(message, { [body.payPeriodAnchor ? 'payPeriodAnchor' : 'payPeriodFrequency']: message })
      }
    }
    return payrollSettingsOf(await db.organization.updateSettings(body, session.user))
  },
})
