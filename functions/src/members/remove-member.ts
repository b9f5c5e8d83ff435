import * as z from 'zod'
import { conflict, NoContent } from '@app/core'
import { staffPool } from '@app/adapters'
import { sessions } from '@app/data'
import { defineRoute } from '../http/define-route.ts'

/** Removes a member: their sign-in and sessions end at once; their timesheets stay for the records. */
export default defineRoute({
  method: 'DELETE',
  path: '/api/employees/{id}',
  auth: 'supervisor',
  params: z.object({ id: z.uuid('Member id must be a valid id') }),
  response: NoContent,
  uses: ['table', 'staffPool'],
  handler: async ({ params, session, db }) => {
    if (params.id === session.userId) throw conflict('You cannot remove yourself')
    const target = await db.users.get(params.id)
    if (target.role === 'supervisor') {
      const supervisors = (await db.users.list()).filter((m) => m.role === 'supervisor')
      if (supervisors.length <= 1) throw conflict('An organization needs at least one supervisor')
    }
    // The login goes first: if that fails nothing has changed and a retry starts over; deleting
    // it again is harmless, so a retry after a later failure finishes the job.
    if (target.username) await staffPool.deleteUser(target.username)
    const removed = await db.members.remove(params.id)
    await sessions.deleteForUser(db.orgId, removed.id)
    return undefined
  },
})
