import { hireDateOf, inScope, MemberList } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

export default defineRoute({
  method: 'GET',
  path: '/api/employees',
  auth: 'supervisor',
  scope: 'members:read',
  response: MemberList,
  errors: [404],
  uses: ['table:read'],
  handler: async ({ db, session }) => {
    const [all, org] = await Promise.all([db.users.list(), db.organization.get()])
    // A campus admin lists their campuses' members only.
    const members = all.filter((m) => inScope(session.user, m))
    // A member stored before hire dates is answered with the day they were added (in the organization's zone).
    return members
      .map((m) => ({ ...m, hireDate: hireDateOf(m, org.timeZone) }))
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
  },
})
