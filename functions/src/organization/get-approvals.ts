import { ApprovalSettingsView, inScope, wholeChurch } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

/**
 * The optional second approval: off unless a supervisor turned it on. A campus admin also gets
 * the supervisors they may choose as an approver or a delegate (every one who reaches one of
 * their campuses, names only), whom their member list leaves out when they belong to another
 * campus: a whole-church supervisor always qualifies. A whole-church supervisor's answer, and a
 * church without campuses', is the settings alone, as it always was.
 */
export default defineRoute({
  method: 'GET',
  path: '/api/organization/approvals',
  auth: 'supervisor',
  response: ApprovalSettingsView,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ db, session }) => {
    const actor = session.user
    if (wholeChurch(actor)) return (await db.organization.get()).approvals
    const [org, members] = await Promise.all([db.organization.get(), db.users.list()])
    const reachesOneOfMine = (m: { campusIds?: readonly string[] }) =>
      actor.campusIds!.some((campusId) => inScope(m, { campusId }))
    const supervisors = members
      .filter((m) => m.role === 'supervisor' && reachesOneOfMine(m))
      .map(({ id, firstName, lastName, campusIds }) => ({
        id,
        firstName,
        lastName,
        ...(campusIds?.length ? { campusIds } : {}),
      }))
    return { ...org.approvals, supervisors }
  },
})
