import * as z from 'zod'
import { conflict, MemberUpdate, User } from '@app/core'
import { sessions } from '@app/data'
import { defineRoute } from '../http/define-route.ts'

/**
 * Edits a member (issue 19): names, email, department, role, pay type and payroll id. A changed
 * role ends the member's sessions, since a session carries the role it was opened with.
 */
export default defineRoute({
  method: 'PATCH',
  path: '/api/employees/{id}',
  auth: 'supervisor',
  params: z.object({ id: z.uuid('Member id must be a valid id') }),
  body: MemberUpdate,
  response: User,
  uses: ['table'],
  handler: async ({ params, body, session, db }) => {
    if (params.id === session.userId && body.role !== undefined && body.role !== session.user.role)
      throw conflict('You cannot change your own role')
    const before = await db.users.get(params.id)
    const updated = await db.members.update(params.id, body, session.userId)
    if (updated.role !== before.role) await sessions.deleteForUser(db.orgId, updated.id)
    return updated
  },
})
