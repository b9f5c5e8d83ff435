import { balanceOf, checkAdjustment, forbidden, LedgerEntry, policyOf, TimeOffAdjustment, todayIn } from '@app/core'
import { assertInScope } from '../workflows/campuses.ts'
import { defineRoute } from '../http/define-route.ts'

/**
 * A supervisor grants or removes hours of a member's balance, with the reason (ledger and audit
 * trail). Never their own balance: like every other decision about oneself, another supervisor makes it.
 * Removing hours stops at zero where the kind's policy allows no negative balance.
 */
export default defineRoute({
  method: 'POST',
  path: '/api/time-off/adjustments',
  auth: 'supervisor',
  body: TimeOffAdjustment,
  response: LedgerEntry,
  errors: [404],
  uses: ['table'],
  handler: async ({ body, session, db }) => {
    if (body.employeeId === session.userId) throw forbidden('You cannot adjust your own time off balance')
    const [member, org, policies, ledger] = await Promise.all([
      db.users.get(body.employeeId).then((m) => assertInScope(session.user, m)),
      db.organization.get(),
      db.timeOff.policies(),
      db.timeOff.ledger(body.employeeId),
    ])
    const today = todayIn(org.timeZone)
    const { availableHours } = balanceOf(
      ledger.filter((e) => e.kind === body.kind),
      today,
    )
    checkAdjustment(policyOf(policies, body.kind), availableHours, body.hours)
    return db.timeOff.adjust(
      member,
      { kind: body.kind, hours: body.hours, reason: body.reason, date: today },
      session.user,
    )
  },
})
