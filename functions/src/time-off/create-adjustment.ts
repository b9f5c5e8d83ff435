import { LedgerEntry, TimeOffAdjustment, todayIn } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/** Issue 32: a supervisor grants or removes hours of a member's balance, with the reason (ledger and audit trail). */
export default defineRoute({
  method: 'POST',
  path: '/api/time-off/adjustments',
  auth: 'supervisor',
  body: TimeOffAdjustment,
  response: LedgerEntry,
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    const [member, org] = await Promise.all([db.users.get(body.employeeId), db.organization.get()])
    return db.timeOff.adjust(
      member,
      { kind: body.kind, hours: body.hours, reason: body.reason, date: todayIn(org.timeZone) },
      session.user,
    )
  },
})
