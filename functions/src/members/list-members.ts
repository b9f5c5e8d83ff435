import { MemberList } from '@app/core'
import { defineRoute } from '../http/define-route.ts'

export default defineRoute({
  method: 'GET',
  path: '/api/employees',
  auth: 'supervisor',
  scope: 'members:read',
  response: MemberList,
  uses: ['table:read'],
  handler: async ({ db }) => {
    const members = await db.users.list()
    return members.sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
  },
})
