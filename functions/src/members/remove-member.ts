import { z } from 'zod'
import { conflict } from '@app/core'
import { staffPool } from '@app/adapters'
import { sessions } from '@app/data'
import { defineRoute } from '../http/define-route.ts'

/** Removes a member: their sign-in and sessions end at once; their timesheets stay for the records. */
export default defineRoute({
  method: 'DELETE',
  path: '/api/employees/{id}',
  auth: 'supervisor',
  params: z.object({ id: z.uuid('Member id must be a valid id') }),
  uses: ['table', 'staffPool'],
  handler: async ({ params, session, db }) => {
    if (params.id === session.userId) throw conflict('You cannot remove yourself')
    const target = await db.users.get(params.id)
    if (target.role === 'supervisor') {
      const supervisors = (await db.users.list()).filter((m) => m.role === 'supervisor')
      if (supervisors.length <= 1) throw conflict('An organization needs at least one supervisor')
    }
    const removed = await db.members.remove(params.id)
    await sessions.deleteForUser(db.orgId, removed.id)
    if (removed.username) await staffPool.deleteUser(removed.username)
    return undefined
  },
})
