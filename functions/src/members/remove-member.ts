import { conflict, NoContent, MemberParams } from '@app/core'
import { defineRoute } from '../http/define-route.ts'
import { assertInScope, assertWholeChurch } from '../workflows/campuses.ts'
import { removeMember } from '../workflows/member-removal.ts'
import { memberEventData } from '../workflows/webhook-events.ts'
import { deliverNow } from '../workflows/webhook-sender.ts'

/** Removes a member: their sign-in and sessions end at once; their timesheets stay for the records. */
export default defineRoute({
  method: 'DELETE',
  path: '/api/employees/{id}',
  auth: 'supervisor',
  params: MemberParams,
  response: NoContent,
  errors: [404, 409],
  uses: ['table', 'staffPool', 'secretsKey'],
  handler: async ({ params, session, db }) => {
    if (params.id === session.userId) throw conflict('You cannot remove yourself')
    const target = assertInScope(session.user, await db.users.get(params.id))
    // A campus admin removes no supervisor: supervisors are the whole church's to change.
    if (target.role === 'supervisor') assertWholeChurch(session.user)
    // The caller must still be a supervisor when this commits: two supervisors removing each other
    // at once cannot leave none.
    const webhooks = await db.webhooks.event('member.removed', memberEventData(target, session.user))
    await removeMember(db, params.id, session.user, { effects: { webhooks } })
    await deliverNow(webhooks)
    return undefined
  },
})
