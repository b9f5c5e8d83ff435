import { BalancesQuery, forbidden, TimeOffBalances } from '@app/core'
import { assertInScope } from '../workflows/campuses.ts'
import { defineRoute } from '../http/define-route.ts'
import { balancesFor } from '../workflows/time-off-accruals.ts'

/** The caller's balances per kind with the ledger; supervisors may ask for a member's (`?employeeId=`). */
export default defineRoute({
  method: 'GET',
  path: '/api/time-off/balances',
  auth: 'member',
  scope: 'time-off:read',
  query: BalancesQuery,
  response: TimeOffBalances,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ query, session, db }) => {
    const other = query.employeeId && query.employeeId !== session.userId
    if (other && session.user.role !== 'supervisor')
      throw forbidden("Only supervisors may see another member's balances")
    const [org, member] = await Promise.all([
      db.organization.get(),
      other
        ? db.users.get(query.employeeId!).then((m) => assertInScope(session.user, m))
        : Promise.resolve(session.user),
    ])
    return balancesFor(db, org, member)
  },
})
